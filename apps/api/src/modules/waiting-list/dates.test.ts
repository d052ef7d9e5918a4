import { datesFr, formatDateTime, waitingListFr } from '@guichet/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, DAY, giveBillingIdentity, loginAs, sessionCookie } from '../../../test/helpers';
import { postOrder } from '../../../test/modules/checkout/support';
import { callAs, entriesOf, offerDeps, offerToken } from '../../../test/modules/waiting-list/support';
import { useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import { eventDates, mailOutbox } from '../../db/schema';
import { offerPlacesBack } from './offers.service';

// The waiting list of an event of several dates (issue 32): one line per date of a ticket.
const t = useTestApp();
const HOUR = 3_600_000;

/** An event of two dates, its first one full (2 of 2 places sold) while its second still sells. */
async function fullFirstDate() {
  const organizer = await createUser(t, { isVerified: true });
  await giveBillingIdentity(t, organizer.id);
  const organizerCookie = await loginAs(t, organizer.email);
  const {
    event,
    tickets: [ticket],
  } = await createEvent(t, organizer.id, {}, [{ title: 'Soirée', priceCents: 1500, quantity: 100, maxToBuy: 5 }]);
  if (!ticket) throw new Error('ticket missing');
  const begin = event.dateBegin.getTime() + DAY;
  const added = await callAs(t, 'POST', `/api/console/events/${event.id}/dates`, organizerCookie, {
    dateBegin: new Date(begin).toISOString(),
    dateEnd: new Date(begin + 2 * HOUR).toISOString(),
  });
  expect(added.statusCode, added.body).toBe(201);
  // Two places sold on the first date, as settled orders leave the counters.
  await t.database.db.update(eventDates).set({ capacity: 2, sold: 2 }).where(eq(eventDates.id, event.id));
  await t.database.db.execute(sql`update tickets set sold = 2 where id = ${ticket.id}`);
  return { event, ticket, first: event.id, second: added.json().id as string, organizerCookie };
}

async function person() {
  const user = await createUser(t);
  return { user, cookie: await sessionCookie(t, user.id) };
}

describe('the waiting list of a date', () => {
  it('asks which date, lets people wait for a full date while another sells, and offers only that date’s places back', async () => {
    const { event, ticket, first, second, organizerCookie } = await fullFirstDate();
    const url = `/api/events/${event.id}/waiting-list`;
    const [ann, bob] = [await person(), await person()];

    const undated = await callAs(t, 'POST', url, ann.cookie, { ticketId: ticket.id, quantity: 1 });
    expect(undated.statusCode).toBe(400);
    expect(undated.json()).toMatchObject({ code: 'DATE_REQUIRED', message: waitingListFr.errors.dateRequired });
    const onSale = await callAs(t, 'POST', url, ann.cookie, { ticketId: ticket.id, quantity: 1, dateId: second });
    expect(onSale.statusCode).toBe(409);
    expect(onSale.json()).toMatchObject({ code: 'TICKET_ON_SALE' });

    const joined = await callAs(t, 'POST', url, ann.cookie, { ticketId: ticket.id, quantity: 1, dateId: first });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({ ticketId: ticket.id, dateId: first, quantity: 1, status: 'waiting' });
    expect(
      (await callAs(t, 'POST', url, bob.cookie, { ticketId: ticket.id, quantity: 2, dateId: first })).statusCode,
    ).toBe(201);
    const again = await callAs(t, 'POST', url, ann.cookie, { ticketId: ticket.id, quantity: 1, dateId: first });
    expect(again.json().code).toBe('ALREADY_IN_LINE');

    // The ticket has places for the second date: none of them is the first date's line's.
    expect(await offerPlacesBack(offerDeps(t), event.id)).toBe(0);

    // One place of the first date comes back (a refund moves the date's counters and the ticket's).
    await t.database.db.execute(sql`update event_dates set sold = sold - 1 where id = ${first}`);
    await t.database.db.execute(sql`update tickets set sold = sold - 1 where id = ${ticket.id}`);
    expect(await offerPlacesBack(offerDeps(t), event.id)).toBe(1);
    expect((await entriesOf(t, ticket.id)).map((e) => [e.userId, e.dateId, e.status, e.offeredQuantity])).toEqual([
      [ann.user.id, first, 'offered', 1],
      [bob.user.id, first, 'waiting', null],
    ]);
    // The offer holds its place on that date, its order's line names it, its mail says it.
    const [firstDate] = await t.database.db.select().from(eventDates).where(eq(eventDates.id, first));
    expect(firstDate).toMatchObject({ sold: 1, held: 1 });
    const [line] = await queryRows<{ date_id: string }>(
      t.database.db,
      sql`select l.date_id from order_lines l join orders o on o.id = l.order_id
           where o.user_id = ${ann.user.id} and o.status = 'offered'`,
    );
    expect(line?.date_id).toBe(first);
    const when = formatDateTime(event.dateBegin.toISOString());
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, ann.user.email));
    expect(mail?.text).toContain(datesFr.ticketOfDate('Soirée', when));
    const offer = await callAs(t, 'GET', `/api/waiting-list/offers/${await offerToken(t, ann.user.email)}`, ann.cookie);
    expect(offer.json().ticketTitle).toBe(datesFr.ticketOfDate('Soirée', when));

    // Its link turns into the payment hold of that date's place.
    const taken = await callAs(
      t,
      'POST',
      `/api/waiting-list/offers/${await offerToken(t, ann.user.email)}/accept`,
      ann.cookie,
    );
    expect(taken.statusCode, taken.body).toBe(201);
    expect((await t.database.db.select().from(eventDates).where(eq(eventDates.id, first)))[0]).toMatchObject({
      sold: 1,
      held: 1,
    });

    // The organiser sees the date's line under its date; its people leave it by naming the date.
    const lists = (await callAs(t, 'GET', `/api/console/events/${event.id}/waiting-list`, organizerCookie)).json();
    expect(lists).toEqual([
      expect.objectContaining({
        ticketId: ticket.id,
        dateId: first,
        title: `Soirée — ${when}`,
        waiting: 1,
        offered: 1,
      }),
    ]);
    const mine = (await callAs(t, 'GET', url, bob.cookie)).json();
    expect(mine).toEqual([expect.objectContaining({ ticketId: ticket.id, dateId: first, quantity: 2 })]);
    const left = await callAs(t, 'DELETE', `${url}?ticketId=${ticket.id}&dateId=${first}`, bob.cookie);
    expect(left.statusCode).toBe(204);
    expect((await callAs(t, 'GET', url, bob.cookie)).json()).toEqual([]);
  });

  it('offers places of a raised capacity to that date’s line', async () => {
    const { event, ticket, first } = await fullFirstDate();
    const ann = await person();
    const url = `/api/events/${event.id}/waiting-list`;
    expect(
      (await callAs(t, 'POST', url, ann.cookie, { ticketId: ticket.id, quantity: 1, dateId: first })).statusCode,
    ).toBe(201);
    const queued = () =>
      queryRows<{ id: string }>(
        t.database.db,
        sql`select id from jobs where kind = 'waiting_list_offer' and done_at is null and payload ->> 'eventId' = ${event.id}`,
      );
    expect(await queued()).toHaveLength(0);
    await t.database.db.update(eventDates).set({ capacity: 3 }).where(eq(eventDates.id, first));
    expect(await queued()).toHaveLength(1);
    expect(await offerPlacesBack(offerDeps(t), event.id)).toBe(1);
  });
});

/**
 * An event of two dates of 2 places each and one ticket for either (`quantity` places in all),
 * `sold` places of it sold on each date, as settled orders leave the counters.
 */
async function twoDates(quantity: number, sold: { first: number; second: number }) {
  const { event, ticket, first, second } = await fullFirstDate();
  await t.database.db.execute(sql`update event_dates set capacity = 2, sold = ${sold.first} where id = ${first}`);
  await t.database.db.execute(sql`update event_dates set capacity = 2, sold = ${sold.second} where id = ${second}`);
  await t.database.db.execute(
    sql`update tickets set quantity = ${quantity}, sold = ${sold.first + sold.second} where id = ${ticket.id}`,
  );
  return { event, ticket, first, second };
}

/** A place of the date given back, as a refund moves the date's counters and the ticket's. */
async function giveBackOn(ticketId: string, dateId: string) {
  await t.database.db.execute(sql`update event_dates set sold = sold - 1 where id = ${dateId}`);
  await t.database.db.execute(sql`update tickets set sold = sold - 1 where id = ${ticketId}`);
}

/** A new buyer's hold of one place of the ticket on the date (POST /api/orders): its status. */
async function holdOn(eventId: string, ticketId: string, dateId: string) {
  const { cookie } = await person();
  const answer = await postOrder(t, cookie, {
    eventId,
    lines: [{ ticketId, quantity: 1, dateId }],
    acceptTerms: true,
  });
  return answer.statusCode === 409 ? answer.json().code : answer.statusCode;
}

/** Each date as the event page and the live places show it. */
async function datesShown(eventId: string) {
  const page = (await callAs(t, 'GET', `/api/events/${eventId}`)).json();
  const live = (await callAs(t, 'GET', `/api/events/${eventId}/availability`)).json();
  const shown = new Map<string, { page: string; pageLeft: number; live: boolean; liveLeft: number }>();
  for (const date of page.dates) {
    const figures = live.dates.find((d: { id: string }) => d.id === date.id);
    shown.set(date.id, {
      page: date.status,
      pageLeft: date.placesLeft,
      live: figures.isSoldOut,
      liveLeft: figures.placesLeft,
    });
  }
  return shown;
}

describe('places owed to a date’s line are that date’s', () => {
  it('sells a place back on a date nobody waits for, though people wait for another date', async () => {
    // Sold out on both dates and as a ticket (4 of 4); Ann waits for the first date only.
    const { event, ticket, first, second } = await twoDates(4, { first: 2, second: 2 });
    const url = `/api/events/${event.id}/waiting-list`;
    const ann = await person();
    const joined = await callAs(t, 'POST', url, ann.cookie, { ticketId: ticket.id, quantity: 1, dateId: first });
    expect(joined.statusCode, joined.body).toBe(201);

    await giveBackOn(ticket.id, second);
    const shown = await datesShown(event.id);
    expect(shown.get(second)).toEqual({ page: 'onsale', pageLeft: 1, live: false, liveLeft: 1 });
    expect(shown.get(first)).toMatchObject({ page: 'soldOut', pageLeft: 0, live: true });
    // The place is on sale: waiting for it is refused, the line of the first date gets nothing.
    const bob = await person();
    const waits = await callAs(t, 'POST', url, bob.cookie, { ticketId: ticket.id, quantity: 1, dateId: second });
    expect(waits.json()).toMatchObject({ code: 'TICKET_ON_SALE' });
    expect(await offerPlacesBack(offerDeps(t), event.id)).toBe(0);
    expect(await holdOn(event.id, ticket.id, first)).toBe('SOLD_OUT');
    expect(await holdOn(event.id, ticket.id, second)).toBe(201);
  });

  it('keeps a place back on a date for that date’s line, while the other date sells', async () => {
    // The ticket has places to spare (100); the first date is full, the second has one place left.
    const { event, ticket, first, second } = await twoDates(100, { first: 2, second: 1 });
    const url = `/api/events/${event.id}/waiting-list`;
    const ann = await person();
    expect(
      (await callAs(t, 'POST', url, ann.cookie, { ticketId: ticket.id, quantity: 1, dateId: first })).statusCode,
    ).toBe(201);

    await giveBackOn(ticket.id, first);
    const shown = await datesShown(event.id);
    expect(shown.get(first)).toEqual({ page: 'soldOut', pageLeft: 0, live: true, liveLeft: 0 });
    expect(shown.get(second)).toEqual({ page: 'onsale', pageLeft: 1, live: false, liveLeft: 1 });
    // Nobody on the page takes the first date's place; someone else may still join its line.
    expect(await holdOn(event.id, ticket.id, first)).toBe('SOLD_OUT');
    const bob = await person();
    const waits = await callAs(t, 'POST', url, bob.cookie, { ticketId: ticket.id, quantity: 1, dateId: first });
    expect(waits.statusCode, waits.body).toBe(201);
    expect(await holdOn(event.id, ticket.id, second)).toBe(201);

    expect(await offerPlacesBack(offerDeps(t), event.id)).toBe(1);
    expect((await entriesOf(t, ticket.id)).map((e) => [e.userId, e.status])).toEqual([
      [ann.user.id, 'offered'],
      [bob.user.id, 'waiting'],
    ]);
    expect((await t.database.db.select().from(eventDates).where(eq(eventDates.id, first)))[0]).toMatchObject({
      sold: 1,
      held: 1,
    });
  });
});
