import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, raceMode, sessionCookie } from '../../../test/helpers';
import { postOrder } from '../../../test/modules/checkout/support';
import {
  callAs,
  entriesOf,
  giveBack,
  joinLine,
  lineOf,
  offerDeps,
  offeredOrders,
  ticketRow,
} from '../../../test/modules/waiting-list/support';
import { useTestApp } from '../../../test/use-test-app';
import { orders } from '../../db/schema';
import { offerPlacesBack } from './offers.service';

const t = useTestApp();

/** A new buyer's hold of `quantity` places of the ticket (POST /api/orders): the answer. */
async function holdAsNewBuyer(eventId: string, ticketId: string, quantity: number) {
  const buyer = await createUser(t);
  const cookie = await sessionCookie(t, buyer.id);
  const answer = await postOrder(t, cookie, { eventId, lines: [{ ticketId, quantity }], acceptTerms: true });
  return Object.assign(answer, { cookie });
}

/** The ticket as the event page and the live places show it. */
async function shown(eventId: string, ticketId: string) {
  const page = (await callAs(t, 'GET', `/api/events/${eventId}`)).json();
  const live = (await callAs(t, 'GET', `/api/events/${eventId}/availability`)).json();
  return {
    page: page.tickets.find((ticket: { id: string }) => ticket.id === ticketId),
    isEventSoldOut: page.isSoldOut,
    live: live.tickets.find((ticket: { id: string }) => ticket.id === ticketId),
  };
}

describe('places back while people wait are theirs, not the first buyer’s', () => {
  it('shows the ticket sold out and refuses a hold until the offer job has offered them', async () => {
    const { event, ticket, people } = await lineOf(t, [1, 1]);
    await giveBack(t, ticket.id, 1);

    expect(await shown(event.id, ticket.id)).toMatchObject({
      page: { placesLeft: 0, isSoldOut: true },
      isEventSoldOut: true,
      live: { placesLeft: 0, isSoldOut: true },
    });
    const jumped = await holdAsNewBuyer(event.id, ticket.id, 1);
    expect(jumped.statusCode, jumped.body).toBe(409);
    expect(jumped.json().code).toBe('SOLD_OUT');
    // Someone else may still join: the place is the line's, not on sale.
    await joinLine(t, event.id, ticket.id, [1]);

    expect(await offerPlacesBack(offerDeps(t), event.id)).toBe(1);
    expect((await entriesOf(t, ticket.id)).map((e) => [e.userId, e.status])).toEqual([
      [people[0]?.user.id, 'offered'],
      [people[1]?.user.id, 'waiting'],
      [expect.any(String), 'waiting'],
    ]);
    expect(await ticketRow(t, ticket.id)).toMatchObject({ sold: 2, held: 1 });
  });

  it('owes the line only what it waits for: the rest is on sale at once', async () => {
    const { event, ticket } = await lineOf(t, [2]);
    await giveBack(t, ticket.id, 3);
    expect((await shown(event.id, ticket.id)).page).toMatchObject({ placesLeft: 1, isSoldOut: false });
    // Joining is for sold-out tickets: this one has a place on sale.
    const late = await createUser(t);
    const refused = await callAs(t, 'POST', `/api/events/${event.id}/waiting-list`, await sessionCookie(t, late.id), {
      ticketId: ticket.id,
      quantity: 1,
    });
    expect(refused.json()).toMatchObject({ code: 'TICKET_ON_SALE' });
    expect((await holdAsNewBuyer(event.id, ticket.id, 2)).statusCode).toBe(409);
    const held = await holdAsNewBuyer(event.id, ticket.id, 1);
    expect(held.statusCode, held.body).toBe(201);

    expect(await offerPlacesBack(offerDeps(t), event.id)).toBe(1);
    expect(await ticketRow(t, ticket.id)).toMatchObject({ sold: 0, held: 3 });
    // Once nobody waits, places back are on sale again.
    await callAs(t, 'DELETE', `/api/orders/${held.json().id}`, held.cookie);
    expect((await shown(event.id, ticket.id)).page).toMatchObject({ placesLeft: 1, isSoldOut: false });
  });

  it('keeps room under the event’s cap for the line, whichever ticket gave it back', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event, tickets } = await createEvent(t, organizer.id, { nbMaxParticipants: 4 }, [
      { title: 'Fosse', quantity: 10, sold: 2, priceCents: 1500 },
      { title: 'Balcon', quantity: 10, sold: 2, priceCents: 1500 },
    ]);
    const [pit, balcony] = tickets.map((ticket) => ticket.id) as [string, string];
    const [waiting] = await joinLine(t, event.id, pit, [1]);
    await giveBack(t, balcony, 1);

    expect(await shown(event.id, balcony)).toMatchObject({ isEventSoldOut: true });
    expect((await holdAsNewBuyer(event.id, balcony, 1)).statusCode).toBe(409);
    expect((await holdAsNewBuyer(event.id, pit, 1)).statusCode).toBe(409);
    expect(await offerPlacesBack(offerDeps(t), event.id)).toBe(1);
    const [offer] = await offeredOrders(t, event.id);
    expect(offer?.userId).toBe(waiting?.user.id);
  });
});

describe('fair under concurrency', () => {
  it(`gives two places back at once by two paths to two different people, never twice to one${raceMode}`, async () => {
    const organizer = await createUser(t, { isVerified: true });
    const {
      event,
      tickets: [ticket],
    } = await createEvent(t, organizer.id, {}, [{ quantity: 4, sold: 3, priceCents: 1500 }]);
    const ticketId = ticket?.id as string;
    // The last place held by a buyer: sold out, people join.
    const hold = await holdAsNewBuyer(event.id, ticketId, 1);
    expect(hold.statusCode, hold.body).toBe(201);
    const people = await joinLine(t, event.id, ticketId, [1, 1, 1]);

    // At once: the buyer gives the hold back, a refund gives a place back, and two processes'
    // job runners run the offers.
    await Promise.all([
      callAs(t, 'DELETE', `/api/orders/${hold.json().id}`, hold.cookie),
      giveBack(t, ticketId, 1),
      offerPlacesBack(offerDeps(t), event.id),
      offerPlacesBack(offerDeps(t), event.id),
    ]);
    // The job each release queued (or one left over) offers what the first runs did not see.
    await Promise.all([offerPlacesBack(offerDeps(t), event.id), offerPlacesBack(offerDeps(t), event.id)]);

    expect((await entriesOf(t, ticketId)).map((e) => [e.userId, e.status, e.offeredQuantity])).toEqual([
      [people[0]?.user.id, 'offered', 1],
      [people[1]?.user.id, 'offered', 1],
      [people[2]?.user.id, 'waiting', null],
    ]);
    const offered = await offeredOrders(t, event.id);
    expect(offered.map((o) => o.userId).sort()).toEqual([people[0]?.user.id, people[1]?.user.id].sort());
    expect(await ticketRow(t, ticketId)).toMatchObject({ sold: 2, held: 2 });
    const [{ count } = { count: 0 }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.eventId, event.id), eq(orders.isWaitingListOffer, true)));
    expect(count).toBe(2);
  });
});
