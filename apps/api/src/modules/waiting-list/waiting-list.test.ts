import { randomUUID } from 'node:crypto';
import { fr, waitingListFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createEventWithTicket, createUser, raceMode, sessionCookie } from '../../../test/helpers';
import { useTestApp } from '../../../test/use-test-app';
import { events, orderLines, orders, waitingListEntries } from '../../db/schema';

const t = useTestApp();
const m = waitingListFr.errors;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

async function soldOutTicket(values: Parameters<typeof createEventWithTicket>[2] = {}) {
  const organizer = await createUser(t, { isVerified: true });
  const { event, ticket } = await createEventWithTicket(t, organizer.id, {
    quantity: 2,
    sold: 2,
    priceCents: 1500,
    ...values,
  });
  return { organizer, event, ticket };
}

async function signedIn(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, values);
  return { user, cookie: await sessionCookie(t, user.id) };
}

const entriesOf = (ticketId: string) =>
  t.database.db.select().from(waitingListEntries).where(eq(waitingListEntries.ticketId, ticketId));

describe('the waiting list of a sold-out ticket', () => {
  it('takes a signed-in account once, shows it its line, and lets it leave', async () => {
    const { event, ticket } = await soldOutTicket();
    const { cookie } = await signedIn();
    const url = `/api/events/${event.id}/waiting-list`;

    const joined = await call('POST', url, cookie, { ticketId: ticket.id, quantity: 3 });
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({ ticketId: ticket.id, quantity: 3, status: 'waiting' });

    const again = await call('POST', url, cookie, { ticketId: ticket.id, quantity: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_IN_LINE', message: m.alreadyInLine });

    const mine = await call('GET', url, cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([expect.objectContaining({ ticketId: ticket.id, quantity: 3 })]);

    expect((await call('DELETE', `${url}?ticketId=${ticket.id}`, cookie)).statusCode).toBe(204);
    expect((await call('GET', url, cookie)).json()).toEqual([]);
    expect((await entriesOf(ticket.id)).map((e) => e.status)).toEqual(['left']);
    // Leaving twice changes nothing; joining again after leaving is a new place at the back.
    expect((await call('DELETE', `${url}?ticketId=${ticket.id}`, cookie)).statusCode).toBe(204);
    expect((await call('POST', url, cookie, { ticketId: ticket.id, quantity: 1 })).statusCode).toBe(201);
  });

  it('asks visitors to sign in', async () => {
    const { event, ticket } = await soldOutTicket();
    const url = `/api/events/${event.id}/waiting-list`;
    const joined = await call('POST', url, undefined, { ticketId: ticket.id, quantity: 1 });
    expect(joined.statusCode).toBe(401);
    expect(joined.json().message).toBe(fr.shell.notLoggedIn);
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('DELETE', `${url}?ticketId=${ticket.id}`)).statusCode).toBe(401);
    expect(await entriesOf(ticket.id)).toEqual([]);
  });

  it('refuses a ticket with places on sale, counting a hold past its deadline as free', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event, ticket } = await createEventWithTicket(t, organizer.id, { quantity: 3, sold: 1, held: 2 });
    const buyer = await createUser(t);
    const [order] = await t.database.db
      .insert(orders)
      .values({
        reference: `W${randomUUID().replace(/-/g, '').slice(0, 10)}`,
        eventId: event.id,
        userId: buyer.id,
        buyerEmail: buyer.email,
        buyerFirstName: 'A',
        buyerLastName: 'B',
        buyerBirthDate: '1990-01-01',
        status: 'awaiting_payment',
        provider: 'sandbox',
        subtotalCents: 0,
        totalCents: 0,
        ticketCount: 2,
        expiresAt: new Date(Date.now() - 1000),
      })
      .returning();
    await t.database.db
      .insert(orderLines)
      .values({ orderId: order?.id as string, ticketId: ticket.id, quantity: 2, unitPriceCents: 0 });
    const { cookie } = await signedIn();

    const refused = await call('POST', `/api/events/${event.id}/waiting-list`, cookie, {
      ticketId: ticket.id,
      quantity: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TICKET_ON_SALE', message: m.onSale });
    expect(await entriesOf(ticket.id)).toEqual([]);
  });

  it('takes a ticket with places of its own once the event’s cap is reached', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const {
      event,
      tickets: [full, open],
    } = await createEvent(t, organizer.id, { nbMaxParticipants: 4 }, [
      { quantity: 4, sold: 4, priceCents: 1000 },
      { quantity: 10, sold: 0, priceCents: 1000, position: 1 },
    ]);
    const { cookie } = await signedIn();
    const joined = await call('POST', `/api/events/${event.id}/waiting-list`, cookie, {
      ticketId: open?.id,
      quantity: 2,
    });
    expect(joined.statusCode).toBe(201);
    expect(full).toBeDefined();
  });

  it('says why a request is refused, and writes nothing', async () => {
    const { event, ticket } = await soldOutTicket();
    const hidden = await createEventWithTicket(t, event.organizerId, { quantity: 1, sold: 1, isHidden: true });
    const ended = await soldOutTicket();
    await t.database.db
      .update(events)
      .set({ dateBegin: new Date(Date.now() - 5000), dateEnd: new Date(Date.now() - 1000) })
      .where(eq(events.id, ended.event.id));
    const { cookie } = await signedIn();
    const url = `/api/events/${event.id}/waiting-list`;
    const cases: [string, object, number, string][] = [
      [url, { ticketId: ticket.id, quantity: 0 }, 400, m.quantity(5)],
      [url, { ticketId: ticket.id, quantity: 6 }, 400, m.quantity(5)],
      [url, { ticketId: randomUUID(), quantity: 1 }, 404, m.ticketNotFound],
      [url, { ticketId: 'pas-un-id', quantity: 1 }, 404, m.ticketNotFound],
      [url, { ticketId: hidden.ticket.id, quantity: 1 }, 404, m.ticketNotFound],
      [
        `/api/events/${hidden.event.id}/waiting-list`,
        { ticketId: hidden.ticket.id, quantity: 1 },
        404,
        m.ticketNotFound,
      ],
      [`/api/events/${randomUUID()}/waiting-list`, { ticketId: ticket.id, quantity: 1 }, 404, fr.events.notFoundText],
      [`/api/events/${ended.event.id}/waiting-list`, { ticketId: ended.ticket.id, quantity: 1 }, 409, m.saleClosed],
    ];
    for (const [target, payload, status, message] of cases) {
      const response = await call('POST', target, cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect((await call('POST', url, cookie, { ticketId: ticket.id, quantity: 1.5 })).statusCode).toBe(400);
    // A free ticket: one place per account, as its orders.
    const free = await soldOutTicket({ priceCents: 0 });
    const twoFree = await call('POST', `/api/events/${free.event.id}/waiting-list`, cookie, {
      ticketId: free.ticket.id,
      quantity: 2,
    });
    expect(twoFree.statusCode).toBe(400);
    expect(twoFree.json().message).toBe(m.quantity(1));
    expect(await entriesOf(ticket.id)).toEqual([]);
    expect(await entriesOf(ended.ticket.id)).toEqual([]);
  });

  it("leaves someone else's entry untouched", async () => {
    const { event, ticket } = await soldOutTicket();
    const first = await signedIn();
    const second = await signedIn();
    const url = `/api/events/${event.id}/waiting-list`;
    expect((await call('POST', url, first.cookie, { ticketId: ticket.id, quantity: 1 })).statusCode).toBe(201);

    expect((await call('DELETE', `${url}?ticketId=${ticket.id}`, second.cookie)).statusCode).toBe(204);
    expect((await call('GET', url, second.cookie)).json()).toEqual([]);
    expect((await call('GET', url, first.cookie)).json()).toEqual([expect.objectContaining({ status: 'waiting' })]);
  });

  it('takes a deleted account out of every line', async () => {
    const { event, ticket } = await soldOutTicket();
    const { cookie } = await signedIn();
    await call('POST', `/api/events/${event.id}/waiting-list`, cookie, { ticketId: ticket.id, quantity: 1 });
    expect((await call('DELETE', '/api/me', cookie)).statusCode).toBe(204);
    expect((await entriesOf(ticket.id)).map((e) => e.status)).toEqual(['left']);
  });

  it(`keeps one entry when the same account joins twice at once${raceMode}`, async () => {
    const { event, ticket } = await soldOutTicket();
    const { cookie } = await signedIn();
    const url = `/api/events/${event.id}/waiting-list`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', url, cookie, { ticketId: ticket.id, quantity: 2 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await entriesOf(ticket.id)).toHaveLength(1);
  });

  it('shows the organiser each line in order, with positions and counts; nobody else', async () => {
    const { organizer, event, ticket } = await soldOutTicket({ title: 'Fosse' });
    const people = [
      await signedIn({ firstName: 'Alice', lastName: 'Premier' }),
      await signedIn({ firstName: 'Bruno', lastName: 'Second' }),
      await signedIn({ firstName: 'Chloé', lastName: 'Troisième' }),
    ];
    const url = `/api/events/${event.id}/waiting-list`;
    for (const [index, person] of people.entries()) {
      const joined = await call('POST', url, person.cookie, { ticketId: ticket.id, quantity: index + 1 });
      expect(joined.statusCode).toBe(201);
    }
    await call('DELETE', `${url}?ticketId=${ticket.id}`, people[1]?.cookie);

    const console = `/api/console/events/${event.id}/waiting-list`;
    const list = await call('GET', console, await sessionCookie(t, organizer.id));
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        ticketId: ticket.id,
        dateId: null,
        title: 'Fosse',
        waiting: 2,
        offered: 0,
        converted: 0,
        people: [
          expect.objectContaining({ position: 1, firstName: 'Alice', quantity: 1, status: 'waiting' }),
          expect.objectContaining({ position: null, firstName: 'Bruno', quantity: 2, status: 'left' }),
          expect.objectContaining({ position: 2, firstName: 'Chloé', quantity: 3, status: 'waiting' }),
        ],
      },
    ]);
    expect(list.json()[0].people[0].email).toBe(people[0]?.user.email);
    expect((await call('GET', console, people[0]?.cookie)).statusCode).toBe(404);
  });
});
