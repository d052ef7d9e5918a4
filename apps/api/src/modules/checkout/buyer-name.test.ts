import { checkoutFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, loginAs } from '../../../test/helpers';
import { postOrder } from '../../../test/modules/checkout/support';
import { useOrganiser, useTestApp } from '../../../test/use-test-app';
import { orders } from '../../db/schema';

const t = useTestApp();
const organiser = useOrganiser(t);

// 50 characters, as the registration and the profile take them; the purchase form takes 22.
const FIRST = 'Anne-Charlotte Marie-Éléonore Joséphine Bernadette';
const LAST = 'de La Tour du Pin Gouvernet-Montcalm';

async function longNamedBuyer() {
  const user = await createUser(t, { firstName: FIRST, lastName: LAST });
  const { tickets } = await createEvent(t, organiser.id, {}, [{ title: 'Entrée', priceCents: 1000, quantity: 10 }]);
  const ticket = tickets[0];
  if (!ticket) throw new Error('no ticket');
  const cookie = await loginAs(t, user.email);
  const hold = (buyer?: object) =>
    postOrder(t, cookie, {
      eventId: ticket.eventId,
      lines: [{ ticketId: ticket.id, quantity: 1 }],
      acceptTerms: true,
      buyer,
    });
  return { user, hold };
}

const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];

describe("an account's name longer than the purchase form takes", () => {
  it('is never refused: the order carries it cut to 22 characters, sent or not', async () => {
    expect(FIRST).toHaveLength(50);
    const { user, hold } = await longNamedBuyer();
    const unsent = await hold();
    expect(unsent.statusCode, unsent.body).toBe(201);
    expect(await orderRow(unsent.json().id)).toMatchObject({
      buyerFirstName: 'Anne-Charlotte Marie-É',
      buyerLastName: 'de La Tour du Pin Gouv',
    });
    // A client that sends the account's name back whole (what the form showed before) is not refused either.
    const whole = await hold({ email: user.email, firstName: FIRST, lastName: ` ${LAST} `, birthDate: user.birthDate });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(await orderRow(whole.json().id)).toMatchObject({ buyerFirstName: 'Anne-Charlotte Marie-É' });
  });

  it('takes a name the buyer typed up to 22 characters, and refuses a longer one with the form’s message', async () => {
    const { user, hold } = await longNamedBuyer();
    const typed = await hold({ email: user.email, firstName: 'Anne', lastName: 'Martin', birthDate: user.birthDate });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(await orderRow(typed.json().id)).toMatchObject({ buyerFirstName: 'Anne', buyerLastName: 'Martin' });
    const tooLong = await hold({ email: user.email, firstName: 'x'.repeat(23), lastName: 'Martin', birthDate: '' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: checkoutFr.nameTooLong, field: 'buyer.firstName' });
  });
});
