import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionCookie } from '../../../test/helpers';
import { payAtSandboxBank } from '../../../test/modules/checkout/support';
import { callAs, entriesOf, offerDeps, offeredLine, ticketRow } from '../../../test/modules/waiting-list/support';
import { useTestApp } from '../../../test/use-test-app';
import { orders } from '../../db/schema';
import { reclaimExpiredHolds } from '../orders/places';
import { offerPlacesBack } from './offers.service';

const t = useTestApp();

/** The organiser's counts of the event's first line, and its people's statuses in line order. */
async function consoleLine(eventId: string, organizerId: string) {
  const answer = await callAs(
    t,
    'GET',
    `/api/console/events/${eventId}/waiting-list`,
    await sessionCookie(t, organizerId),
  );
  expect(answer.statusCode, answer.body).toBe(200);
  const [list] = answer.json();
  return { ...list, statuses: list.people.map((p: { status: string }) => p.status) };
}

/** An offer opened by its person: their payment hold, running. */
async function acceptedOffer(quantities: number[]) {
  const line = await offeredLine(t, quantities, 1);
  const taken = await callAs(t, 'POST', `/api/waiting-list/offers/${line.token}/accept`, line.people[0]?.cookie);
  expect(taken.statusCode, taken.body).toBe(201);
  return { ...line, orderId: taken.json().id as string };
}

describe('conversions of the waiting list: an offer converts when its order is paid', () => {
  it('counts an opened offer as paying, and converted only once its payment arrives', async () => {
    const { event, ticket, people, orderId } = await acceptedOffer([1, 1]);
    const opened = await consoleLine(event.id, event.organizerId);
    expect(opened).toMatchObject({ waiting: 1, offered: 1, converted: 0, statuses: ['accepted', 'waiting'] });
    // Still in line while paying: first.
    expect(opened.people[0]).toMatchObject({ position: 1 });
    const own = await callAs(t, 'GET', `/api/events/${event.id}/waiting-list`, people[0]?.cookie);
    expect(own.json()).toEqual([expect.objectContaining({ ticketId: ticket.id, status: 'accepted' })]);

    await payAtSandboxBank(t, orderId, { cookie: people[0]?.cookie });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('paid');
    const paid = await consoleLine(event.id, event.organizerId);
    expect(paid).toMatchObject({ waiting: 1, offered: 1, converted: 1, statuses: ['converted', 'waiting'] });
    expect(paid.people[0]).toMatchObject({ position: null });
    expect(await ticketRow(t, ticket.id)).toMatchObject({ sold: 3, held: 0 });

    // The personal data export says so too, with when the link was opened.
    const exported = await callAs(t, 'GET', '/api/me/export', people[0]?.cookie);
    expect(exported.json().waitingLists).toEqual([
      expect.objectContaining({ status: 'converted', acceptedAt: expect.any(String), endedAt: expect.any(String) }),
    ]);
  });

  it('passes the places of an opened offer left unpaid past its 180 s to the next person', async () => {
    const { event, ticket, people, token, orderId } = await acceptedOffer([1, 1]);
    const [first, second] = people;
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    // Whatever reclaims the expired hold (here the hold path's own reclaim) ends the entry too.
    await reclaimExpiredHolds(t.database.db, event.id, new Date());
    expect(await ticketRow(t, ticket.id)).toMatchObject({ sold: 2, held: 0 });
    expect((await entriesOf(t, ticket.id)).map((e) => e.status)).toEqual(['expired', 'waiting']);

    expect(await offerPlacesBack(offerDeps(t), event.id)).toBe(1);
    expect((await entriesOf(t, ticket.id)).map((e) => [e.userId, e.status])).toEqual([
      [first?.user.id, 'expired'],
      [second?.user.id, 'offered'],
    ]);
    const again = await callAs(t, 'POST', `/api/waiting-list/offers/${token}/accept`, first?.cookie);
    expect(again.statusCode).toBe(410);
    const counts = await consoleLine(event.id, event.organizerId);
    expect(counts).toMatchObject({ waiting: 0, offered: 2, converted: 0 });
  });

  it('gives the payment hold back to the next person when its person leaves the line', async () => {
    const { event, ticket, people, orderId } = await acceptedOffer([1, 1]);
    const [first, second] = people;
    const left = await callAs(t, 'DELETE', `/api/events/${event.id}/waiting-list?ticketId=${ticket.id}`, first?.cookie);
    expect(left.statusCode).toBe(204);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('cancelled');
    expect(await ticketRow(t, ticket.id)).toMatchObject({ sold: 2, held: 0 });
    expect(await offerPlacesBack(offerDeps(t), event.id)).toBe(1);
    expect((await entriesOf(t, ticket.id)).map((e) => [e.userId, e.status])).toEqual([
      [first?.user.id, 'left'],
      [second?.user.id, 'offered'],
    ]);
  });
});
