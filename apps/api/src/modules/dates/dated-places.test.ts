import { datesFr, formatDateTime } from '@guichet/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, DAY, giveBillingIdentity, loginAs, sessionCookie } from '../../../test/helpers';
import { payAtSandboxBank, postOrder } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { paymentConfigFromEnv } from '../../payments';

// Ticket numbers per date (issue 32): one series per date, one for the passes, a one-date event's
// unchanged; the buyer's e-mail says each place's date.
const HOUR = 3_600_000;
const SLOW = { timeout: 180_000 };
const payments = paymentConfigFromEnv({ PUBLIC_URL: 'http://localhost:3000' }, 'test');
const t = useTestApp({ payments });

async function organiser() {
  const user = await createUser(t, { isVerified: true });
  await giveBillingIdentity(t, user.id);
  return { user, cookie: await loginAs(t, user.email) };
}

/** A buyer's paid order of these lines, its documents issued (the places numbered): the buyer. */
async function buyPaid(eventId: string, lines: object[]) {
  const user = await createUser(t);
  const cookie = await sessionCookie(t, user.id);
  const created = await postOrder(t, cookie, { eventId, lines, acceptTerms: true });
  expect(created.statusCode, created.body).toBe(201);
  await payAtSandboxBank(t, created.json().id, { cookie });
  await t.app.jobs.runDue();
  return { user, cookie, orderId: created.json().id as string };
}

const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

const numbersOf = async (orderId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select n from participations p, generate_series(p.first_ticket_number, p.first_ticket_number + p.quantity - 1) n
           where p.order_id = ${orderId} order by n`,
    )
  ).map((row) => row.n);

describe('ticket numbers of an event of several dates', () => {
  // Nine orders through the sandbox bank and their jobs: a loaded machine needs more than 30 s.
  it(
    'numbers each date’s places in its own series and the passes in theirs, keeping the numbers given before',
    SLOW,
    async () => {
      const owner = await organiser();
      const {
        event,
        tickets: [single, pass],
      } = await createEvent(t, owner.user.id, {}, [
        { title: 'Soirée', priceCents: 1000, quantity: 100, maxToBuy: 5 },
        { title: 'Pass', priceCents: 2500, quantity: 50, maxToBuy: 5, isPass: true },
      ]);
      // Sold while the event had one date: its one series, the passes in it too, as before.
      const before = await buyPaid(event.id, [{ ticketId: single?.id, quantity: 2 }]);
      const passBefore = await buyPaid(event.id, [{ ticketId: pass?.id, quantity: 1 }]);
      expect(await numbersOf(before.orderId)).toEqual([1, 2]);
      expect(await numbersOf(passBefore.orderId)).toEqual([3]);

      const begin = event.dateBegin.getTime() + DAY;
      const added = await t.app.inject({
        method: 'POST',
        url: `/api/console/events/${event.id}/dates`,
        headers: { cookie: owner.cookie },
        payload: { dateBegin: new Date(begin).toISOString(), dateEnd: new Date(begin + 2 * HOUR).toISOString() },
      });
      expect(added.statusCode, added.body).toBe(201);
      const second = added.json().id as string;

      // The first date (the event's id) counts on from its places; the second starts at 1; the passes apart.
      const first = await buyPaid(event.id, [{ ticketId: single?.id, dateId: event.id, quantity: 1 }]);
      const onSecond = await buyPaid(event.id, [{ ticketId: single?.id, dateId: second, quantity: 2 }]);
      const passes = await buyPaid(event.id, [{ ticketId: pass?.id, quantity: 2 }]);
      const mixed = await buyPaid(event.id, [
        { ticketId: single?.id, dateId: second, quantity: 1 },
        { ticketId: pass?.id, quantity: 1 },
      ]);
      expect(await numbersOf(first.orderId)).toEqual([4]);
      expect(await numbersOf(onSecond.orderId)).toEqual([1, 2]);
      expect(await numbersOf(passes.orderId)).toEqual([1, 2]);
      expect(await numbersOf(mixed.orderId)).toEqual([3, 3]);
      expect(await numbersOf(before.orderId)).toEqual([1, 2]);

      // The holder sees each number beside the date it is for.
      const mine = (
        await t.app.inject({ method: 'GET', url: '/api/me/participations', headers: { cookie: mixed.cookie } })
      ).json() as {
        id: string;
        ticketTitle: string;
        ticketNumbers: number[];
        dateBegin: string;
      }[];
      expect(mine.map((place) => [place.ticketTitle, place.dateBegin, place.ticketNumbers]).sort()).toEqual([
        ['Pass', event.dateBegin.toISOString(), [3]],
        ['Soirée', new Date(begin).toISOString(), [3]],
      ]);

      // The confirmation e-mail names each place's date, a pass's every date.
      const [mail] = await mailsTo(mixed.user.email);
      const firstDate = formatDateTime(event.dateBegin.toISOString());
      const secondDate = formatDateTime(new Date(begin).toISOString());
      expect(mail?.text).toContain(datesFr.mailPlaces);
      expect(mail?.text).toContain(`1 × Soirée : ${secondDate}`);
      expect(mail?.text).toContain(`1 × Pass : ${firstDate} ; ${secondDate}`);
      expect(mail?.html).toContain(`1 × Soirée : ${secondDate}`);
      const [twoPlaces] = await mailsTo(onSecond.user.email);
      expect(twoPlaces?.text).toContain(`2 × Soirée : ${secondDate}`);
      expect(twoPlaces?.text).not.toContain(firstDate);

      // A place handed on: the receiver's mail names the date it is for.
      const placeOfSecond = mine.find((place) => place.ticketTitle === 'Soirée') ?? { id: '' };
      const receiver = `recoit-${placeOfSecond.id.slice(0, 8)}@test.guichet.fr`;
      const transfer = await t.app.inject({
        method: 'POST',
        url: `/api/me/participations/${placeOfSecond.id}/transfer`,
        headers: { cookie: mixed.cookie },
        payload: { email: receiver },
      });
      expect(transfer.statusCode, transfer.body).toBe(201);
      const [handedOn] = await mailsTo(receiver);
      expect(handedOn?.text).toContain(`« ${datesFr.ticketOfDate('Soirée', secondDate)} »`);
    },
  );

  it('keeps a one-date event’s one series, its passes in it, and its e-mail as it was', SLOW, async () => {
    const owner = await organiser();
    const {
      event,
      tickets: [single, pass],
    } = await createEvent(t, owner.user.id, {}, [
      { title: 'Soirée', priceCents: 1000, quantity: 100 },
      { title: 'Pass', priceCents: 2500, quantity: 50, isPass: true },
    ]);
    const a = await buyPaid(event.id, [{ ticketId: single?.id, quantity: 1 }]);
    const b = await buyPaid(event.id, [{ ticketId: pass?.id, quantity: 1 }]);
    const c = await buyPaid(event.id, [{ ticketId: single?.id, quantity: 2 }]);
    expect([await numbersOf(a.orderId), await numbersOf(b.orderId), await numbersOf(c.orderId)]).toEqual([
      [1],
      [2],
      [3, 4],
    ]);
    const [mail] = await mailsTo(c.user.email);
    expect(mail?.text).toContain('est confirmée');
    expect(mail?.text).not.toContain(datesFr.mailPlaces);
  });
});
