import { datesFr, formatDateTime, waitingListFr } from '@guichet/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, DAY, giveBillingIdentity, loginAs, sessionCookie } from '../../../test/helpers';
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
