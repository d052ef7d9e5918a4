import { HOLD_SECONDS, waitingListFr } from '@guichet/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEventWithTicket, createUser, raceMode, sessionCookie } from '../../../test/helpers';
import {
  callAs,
  entriesOf,
  giveBack,
  lineOf,
  offerDeps,
  offeredLine,
  offerToken,
  ticketRow,
} from '../../../test/modules/waiting-list/support';
import { useTestApp } from '../../../test/use-test-app';
import { jobs, orders, participations } from '../../db/schema';
import { expireWaitingListOffers, offerPlacesBack } from './offers.service';

const t = useTestApp();
const m = waitingListFr.errors;

describe('offers to the waiting list when places come back', () => {
  it(`gives two places back at once to two different people, in line order, never twice${raceMode}`, async () => {
    const { event, ticket, people } = await lineOf(t, [1, 1, 1]);
    await giveBack(t, ticket.id, 2);
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'waiting_list_offer'), sql`${jobs.payload} ->> 'eventId' = ${event.id}`));
    expect(queued).toHaveLength(1);

    // Two runs at once (two processes' job runners): one takes the ticket's row, the other finds nothing left.
    const runs = await Promise.all([offerPlacesBack(offerDeps(t), event.id), offerPlacesBack(offerDeps(t), event.id)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);

    const entries = await entriesOf(t, ticket.id);
    expect(entries.map((e) => [e.userId, e.status, e.offeredQuantity])).toEqual([
      [people[0]?.user.id, 'offered', 1],
      [people[1]?.user.id, 'offered', 1],
      [people[2]?.user.id, 'waiting', null],
    ]);
    expect(await ticketRow(t, ticket.id)).toMatchObject({ sold: 1, held: 2 });
    const offered = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.eventId, event.id), eq(orders.status, 'offered')));
    expect(new Set(offered.map((o) => o.userId)).size).toBe(2);
    // Within 24 hours, and never past the end of the sale.
    const deadline = offered[0]?.expiresAt.getTime() ?? 0;
    expect(deadline).toBeLessThanOrEqual(Math.min(Date.now() + 24 * 3_600_000, event.dateEnd.getTime()) + 1000);
    expect(deadline).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // The link is mailed, its token kept only hashed.
    const token = await offerToken(t, people[0]?.user.email ?? '');
    expect(entries.some((e) => e.offerTokenHash === token)).toBe(false);
    // The event page still counts the offered places as taken.
    const page = await callAs(t, 'GET', `/api/events/${event.id}`);
    expect(page.json().tickets[0]).toMatchObject({ placesLeft: 0, isSoldOut: true });
  });

  it('offers min(quantity, places free): one person asking for more takes what came back', async () => {
    const { event, ticket, people } = await lineOf(t, [3, 1]);
    await giveBack(t, ticket.id, 2);
    expect(await offerPlacesBack(offerDeps(t), event.id)).toBe(1);
    const [first, second] = await entriesOf(t, ticket.id);
    expect(first).toMatchObject({ userId: people[0]?.user.id, status: 'offered', offeredQuantity: 2 });
    expect(second).toMatchObject({ status: 'waiting' });
  });

  it('turns the link into the normal payment hold, once, for its person only', async () => {
    const { event, ticket, people, token } = await offeredLine(t, [2, 1], 2);
    const [first, second] = people;
    const url = `/api/waiting-list/offers/${token}`;

    const visitor = await callAs(t, 'GET', url);
    expect(visitor.statusCode).toBe(401);
    const stranger = await callAs(t, 'POST', `${url}/accept`, second?.cookie);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'OFFER_NOT_YOURS', message: m.offerNotYours });
    const unknown = await callAs(t, 'GET', '/api/waiting-list/offers/pas-un-lien', first?.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(m.offerNotFound);

    const shown = await callAs(t, 'GET', url, first?.cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ eventId: event.id, quantity: 2, totalCents: 3000 });

    const taken = await callAs(t, 'POST', `${url}/accept`, first?.cookie);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json()).toMatchObject({ status: 'awaiting_payment', totalCents: 3000, provider: 'sandbox' });
    const expiresIn = Date.parse(taken.json().expiresAt) - Date.now();
    expect(expiresIn).toBeLessThanOrEqual(HOLD_SECONDS * 1000);
    expect(expiresIn).toBeGreaterThan(HOLD_SECONDS * 1000 - 60_000);
    // The places stayed held throughout: nobody else could take them.
    expect(await ticketRow(t, ticket.id)).toMatchObject({ sold: 1, held: 2 });
    // Opened, not converted yet: converted is paid.
    expect((await entriesOf(t, ticket.id))[0]).toMatchObject({ status: 'accepted', acceptedAt: expect.any(Date) });

    const again = await callAs(t, 'POST', `${url}/accept`, first?.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'OFFER_USED', message: m.offerUsed });
    const payment = await callAs(t, 'POST', `/api/orders/${taken.json().id}/payment`, first?.cookie);
    expect(payment.statusCode, payment.body).toBe(200);
  });

  it('passes an offer unused by its deadline to the next person; its link then says it expired', async () => {
    const { event, ticket, people, token } = await offeredLine(t, [1, 1], 1);
    const [first, second] = people;
    const url = `/api/waiting-list/offers/${token}/accept`;

    // Past its deadline the link is refused at once, its places kept until the sweep ends it.
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(orders.eventId, event.id), eq(orders.status, 'offered')));
    const expired = await callAs(t, 'POST', url, first?.cookie);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'OFFER_EXPIRED', message: m.offerExpired });
    expect((await ticketRow(t, ticket.id))?.held).toBe(1);

    expect(await expireWaitingListOffers({ db: t.database.db, clock: { now: () => new Date() } })).toBeGreaterThan(0);
    expect((await ticketRow(t, ticket.id))?.held).toBe(0);
    expect((await callAs(t, 'POST', url, first?.cookie)).statusCode).toBe(410);
    // The places back queued the next offer (the trigger on tickets), which goes to the next person.
    expect(await offerPlacesBack(offerDeps(t), event.id)).toBe(1);
    expect((await entriesOf(t, ticket.id)).map((e) => [e.userId, e.status])).toEqual([
      [first?.user.id, 'expired'],
      [second?.user.id, 'offered'],
    ]);
  });

  it('a free place offered is the person’s at once when they open the link', async () => {
    const { ticket, people, token } = await offeredLine(t, [1], 1, { priceCents: 0 });
    const taken = await callAs(t, 'POST', `/api/waiting-list/offers/${token}/accept`, people[0]?.cookie);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json()).toMatchObject({ status: 'paid', totalCents: 0 });
    expect(await ticketRow(t, ticket.id)).toMatchObject({ sold: 3, held: 0 });
    const places = await t.database.db
      .select()
      .from(participations)
      .where(inArray(participations.userId, [people[0]?.user.id ?? '']));
    expect(places).toHaveLength(1);
    // Paid at once (nothing to pay): converted.
    expect((await entriesOf(t, ticket.id))[0]?.status).toBe('converted');
  });
});

describe('what else ends or refuses an offer', () => {
  it('leaving the line with an offer running passes its places to the next person at once', async () => {
    const { event, ticket, people, token } = await offeredLine(t, [1, 1], 1);
    const [first, second] = people;

    const left = await callAs(t, 'DELETE', `/api/events/${event.id}/waiting-list?ticketId=${ticket.id}`, first?.cookie);
    expect(left.statusCode).toBe(204);
    expect((await ticketRow(t, ticket.id))?.held).toBe(0);
    expect(await offerPlacesBack(offerDeps(t), event.id)).toBe(1);
    expect((await entriesOf(t, ticket.id)).map((e) => [e.userId, e.status])).toEqual([
      [first?.user.id, 'left'],
      [second?.user.id, 'offered'],
    ]);
    const used = await callAs(t, 'POST', `/api/waiting-list/offers/${token}/accept`, first?.cookie);
    expect(used.statusCode).toBe(410);
  });

  it('keeps one free place per account: no line for someone who has theirs', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event, ticket } = await createEventWithTicket(t, organizer.id, { quantity: 1, sold: 1, priceCents: 0 });
    const user = await createUser(t);
    await t.database.db.insert(participations).values({
      eventId: event.id,
      ticketId: ticket.id,
      userId: user.id,
      quantity: 1,
      source: 'web',
    });
    const refused = await callAs(t, 'POST', `/api/events/${event.id}/waiting-list`, await sessionCookie(t, user.id), {
      ticketId: ticket.id,
      quantity: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ONE_FREE_TICKET');
  });

  it('refuses an offer of an event cancelled meanwhile', async () => {
    const { event, people, token } = await offeredLine(t, [1], 1);
    await t.database.db.execute(sql`update events set cancelled_at = now() where id = ${event.id}`);
    const refused = await callAs(t, 'POST', `/api/waiting-list/offers/${token}/accept`, people[0]?.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SALE_CLOSED', message: m.saleClosed });
  });

  it('keeps the places for the organiser’s delay, set on the edit form', async () => {
    const { event, ticket } = await lineOf(t, [1]);
    const cookie = await sessionCookie(t, event.organizerId);
    const patch = (hours: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/events/${event.id}`,
        payload: { type: 'Soirée', waitingListOfferHours: hours },
        headers: { cookie },
      });
    for (const hours of [0, 169]) {
      const refused = await patch(hours);
      expect(refused.statusCode, String(hours)).toBe(400);
      expect(refused.json()).toMatchObject({
        field: 'waitingListOfferHours',
        message: waitingListFr.settings.hoursInvalid(168),
      });
    }
    expect((await patch(1.5)).statusCode).toBe(400);
    const saved = await patch(2);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().waitingListOfferHours).toBe(2);

    await giveBack(t, ticket.id, 1);
    await offerPlacesBack(offerDeps(t), event.id);
    const [offered] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.eventId, event.id), eq(orders.status, 'offered')));
    const left = (offered?.expiresAt.getTime() ?? 0) - Date.now();
    expect(left).toBeLessThanOrEqual(2 * 3_600_000);
    expect(left).toBeGreaterThan(2 * 3_600_000 - 120_000);
  });
});
