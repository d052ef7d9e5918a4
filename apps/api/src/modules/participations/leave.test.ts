import { ticketsFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, loginAs } from '../../../test/helpers';
import { postOrder } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { orders, participations, tickets } from '../../db/schema';

const t = useTestApp();

const m = ticketsFr.leave;

const leave = (eventId: string, cookie?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/events/${eventId}/participation`, headers: cookie ? { cookie } : {} });
const ticketRow = async (id: string) => (await t.database.db.select().from(tickets).where(eq(tickets.id, id)))[0];
const liveOf = async (userId: string) =>
  (await t.database.db.select().from(participations).where(eq(participations.userId, userId))).filter(
    (p) => !p.cancelledAt,
  );

async function setup() {
  const organizer = await createUser(t, { isVerified: true });
  const {
    event,
    tickets: [free, paid],
  } = await createEvent(t, organizer.id, {}, [
    { title: 'Entrée libre', priceCents: 0 },
    { title: 'Entrée payante', priceCents: 2500 },
  ]);
  if (!free || !paid) throw new Error('tickets missing');
  const user = await createUser(t);
  const cookie = await loginAs(t, user.email);
  return { event, free, paid, user, cookie };
}

/** A free booking through the API, as the event page makes it. */
async function bookFree(eventId: string, ticketId: string, cookie: string) {
  const response = await postOrder(t, cookie, { eventId, lines: [{ ticketId, quantity: 1 }], acceptTerms: true });
  expect(response.statusCode).toBe(201);
}

/** A paid order and its participation, as a confirmed payment leaves them. */
async function holdPaid(eventId: string, ticketId: string, userId: string, quantity = 2) {
  const [order] = await t.database.db
    .insert(orders)
    .values({
      reference: `T${crypto.randomUUID().slice(0, 12)}`,
      eventId,
      userId,
      buyerEmail: 'acheteur@test.guichet.fr',
      buyerFirstName: 'Jeanne',
      buyerLastName: 'Test',
      buyerBirthDate: '1995-05-05',
      status: 'paid',
      provider: 'sandbox',
      subtotalCents: 2500 * quantity,
      totalCents: 2500 * quantity,
      ticketCount: quantity,
      expiresAt: new Date(),
    })
    .returning();
  await t.database.db
    .insert(participations)
    .values(Array.from({ length: quantity }, () => ({ eventId, ticketId, userId, orderId: order?.id, quantity: 1 })));
  await t.database.db.update(tickets).set({ sold: quantity }).where(eq(tickets.id, ticketId));
}

describe('leaving an event', () => {
  it('cancels a free participation and gives its place back', async () => {
    const { event, free, user, cookie } = await setup();
    await bookFree(event.id, free.id, cookie);
    expect((await ticketRow(free.id))?.sold).toBe(1);
    const detail = () => t.app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: { cookie } });
    expect((await detail()).json().isUserParticipates).toBe(true);

    const response = await leave(event.id, cookie);
    expect(response.statusCode).toBe(204);
    expect(await liveOf(user.id)).toHaveLength(0);
    expect((await ticketRow(free.id))?.sold).toBe(0);
    expect((await detail()).json().isUserParticipates).toBe(false);
    // The one-free-ticket rule counts live participations only: the user may come back.
    await bookFree(event.id, free.id, cookie);
  });

  it('refuses a holder of a paid ticket with the message, changing nothing', async () => {
    const { event, free, paid, user, cookie } = await setup();
    await holdPaid(event.id, paid.id, user.id);
    await bookFree(event.id, free.id, cookie);
    const response = await leave(event.id, cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PAID_TICKET_HELD', message: m.paidTicketHeld });
    // Two paid places and the free one, each its own ticket.
    expect(await liveOf(user.id)).toHaveLength(3);
    expect((await ticketRow(paid.id))?.sold).toBe(2);
    expect((await ticketRow(free.id))?.sold).toBe(1);
  });

  it('counts a sale at the door with a price as paid, a gift without an order as free', async () => {
    const { event, paid, user, cookie } = await setup();
    await t.database.db
      .insert(participations)
      .values({ eventId: event.id, ticketId: paid.id, userId: user.id, quantity: 1, source: 'presentiel' });
    expect((await leave(event.id, cookie)).statusCode).toBe(409);

    const other = await setup();
    await t.database.db
      .insert(participations)
      .values({ eventId: other.event.id, ticketId: other.paid.id, userId: other.user.id, quantity: 1, isGift: true });
    expect((await leave(other.event.id, other.cookie)).statusCode).toBe(204);
  });

  it('never takes a ticket’s sold count below zero', async () => {
    const { event, free, user, cookie } = await setup();
    await t.database.db
      .insert(participations)
      .values({ eventId: event.id, ticketId: free.id, userId: user.id, quantity: 1, isGift: true });
    expect((await ticketRow(free.id))?.sold).toBe(0);
    expect((await leave(event.id, cookie)).statusCode).toBe(204);
    expect((await ticketRow(free.id))?.sold).toBe(0);
  });

  it('gives a place back once when the same leave arrives twice at the same time', async () => {
    const { event, free, cookie } = await setup();
    await bookFree(event.id, free.id, cookie);
    await t.database.db.update(tickets).set({ sold: 5 }).where(eq(tickets.id, free.id));
    const answers = (await Promise.all([leave(event.id, cookie), leave(event.id, cookie)])).map((r) => r.statusCode);
    expect(answers.sort()).toEqual([204, 404]);
    expect((await ticketRow(free.id))?.sold).toBe(4);
  });

  it('answers 404 to a user who does not participate, leaving others’ participations alone', async () => {
    const { event, free, user, cookie } = await setup();
    await bookFree(event.id, free.id, cookie);
    const stranger = await loginAs(t, (await createUser(t)).email);
    const response = await leave(event.id, stranger);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_PARTICIPATING', message: m.notParticipating });
    expect(await liveOf(user.id)).toHaveLength(1);
    expect((await leave('pas-un-id', stranger)).statusCode).toBe(404);
    expect((await leave(crypto.randomUUID(), stranger)).statusCode).toBe(404);
  });

  it('answers 401 to a visitor', async () => {
    const { event, free, user, cookie } = await setup();
    await bookFree(event.id, free.id, cookie);
    expect((await leave(event.id)).statusCode).toBe(401);
    expect(await liveOf(user.id)).toHaveLength(1);
  });
});
