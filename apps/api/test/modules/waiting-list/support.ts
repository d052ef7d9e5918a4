import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox, orders, tickets, waitingListEntries } from '../../../src/db/schema';
import type { Payments } from '../../../src/modules/checkout/payment.service';
import { offerPlacesBack } from '../../../src/modules/waiting-list/offers.service';
import { createEventWithTicket, createUser, sessionCookie, type TestApp } from '../../helpers';

/** The waiting list's tests (src/modules/waiting-list): lines, places given back, offers and their links. */

const payments = { config: { defaultProvider: 'sandbox' }, providers: { sandbox: {} } } as unknown as Payments;

/** What the offer job runs with, at `now`. */
export const offerDeps = (t: TestApp, now = new Date()) =>
  ({ db: t.database.db, config: t.config, clock: { now: () => now }, payments }) as Parameters<
    typeof offerPlacesBack
  >[0];

export const callAs = (t: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

type TicketValues = Parameters<typeof createEventWithTicket>[2];
type EventValues = Parameters<typeof createEventWithTicket>[3];

/** People put in the line of the event's ticket, in this order, each asking for `quantities[i]` places. */
export async function joinLine(t: TestApp, eventId: string, ticketId: string, quantities: number[]) {
  const people = [];
  for (const quantity of quantities) {
    const user = await createUser(t);
    const cookie = await sessionCookie(t, user.id);
    const joined = await callAs(t, 'POST', `/api/events/${eventId}/waiting-list`, cookie, { ticketId, quantity });
    expect(joined.statusCode, joined.body).toBe(201);
    people.push({ user, cookie });
  }
  return people;
}

/** A sold-out ticket (3 places at 15 €, unless told) and people in its line (see joinLine). */
export async function lineOf(
  t: TestApp,
  quantities: number[],
  ticketValues: TicketValues = {},
  eventValues: EventValues = {},
) {
  const organizer = await createUser(t, { isVerified: true });
  const { event, ticket } = await createEventWithTicket(
    t,
    organizer.id,
    { quantity: 3, sold: 3, priceCents: 1500, ...ticketValues },
    eventValues,
  );
  return { event, ticket, people: await joinLine(t, event.id, ticket.id, quantities) };
}

/** Places given back on the ticket, as a refund does (the orders module's counters, set for the test). */
export const giveBack = (t: TestApp, ticketId: string, places: number) =>
  t.database.db.execute(sql`update tickets set sold = sold - ${places} where id = ${ticketId}`);

export const ticketRow = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(tickets).where(eq(tickets.id, id)))[0];

/** The ticket's entries in join order. */
export const entriesOf = (t: TestApp, ticketId: string) =>
  t.database.db
    .select()
    .from(waitingListEntries)
    .where(eq(waitingListEntries.ticketId, ticketId))
    .orderBy(waitingListEntries.createdAt);

export const offeredOrders = (t: TestApp, eventId: string) =>
  t.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.eventId, eventId), eq(orders.status, 'offered')));

/** The personal link mailed to `email`: its token. */
export async function offerToken(t: TestApp, email: string): Promise<string> {
  const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const token = mails.map((mail) => /\/liste-attente\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1]).find(Boolean);
  if (!token) throw new Error(`no offer mailed to ${email}`);
  return token;
}

/** A line (see lineOf) to which `places` came back and were offered: the first person's link token beside it. */
export async function offeredLine(t: TestApp, quantities: number[], places: number, ticketValues: TicketValues = {}) {
  const line = await lineOf(t, quantities, ticketValues);
  await giveBack(t, line.ticket.id, places);
  await offerPlacesBack(offerDeps(t), line.event.id);
  return { ...line, token: await offerToken(t, line.people[0]?.user.email ?? '') };
}
