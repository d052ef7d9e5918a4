import { checkoutFr, datesFr, EVENT_DATES_MAX } from '@guichet/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createUser,
  DAY,
  giveBillingIdentity,
  loginAs,
  raceMode,
  sessionCookie,
} from '../../../test/helpers';
import { guestBuyer, payAtSandboxBank, postOrder } from '../../../test/modules/checkout/support';
import { askRefund } from '../../../test/modules/refunds/support';
import { useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import { eventDates, events, tickets } from '../../db/schema';
import { paymentConfigFromEnv } from '../../payments';
import { datePlacesOf } from '../checkout/date-places';
import { loadSale } from '../checkout/sale.repository';
import { reclaimExpiredHolds } from '../orders/places';

const HOUR = 3_600_000;
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };
const payments = paymentConfigFromEnv({ PUBLIC_URL: 'http://localhost:3000' }, 'test');
const t = useTestApp({ clock, payments });
let organizer: Awaited<ReturnType<typeof createUser>>;
let organizerCookie: string;
beforeAll(async () => {
  organizer = await createUser(t, { isVerified: true });
  await giveBillingIdentity(t, organizer.id);
  organizerCookie = await loginAs(t, organizer.email);
});

const iso = (at: number) => new Date(at).toISOString();
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = organizerCookie) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
const addDate = (eventId: string, body: object) => inject('POST', `/api/console/events/${eventId}/dates`, body);

/** An event 10 days ahead (createEvent) with a 10 € ticket A, then `extra` dates a day apart after its own. */
async function datedEvent(capacities: (number | null)[], ticketValues: Partial<typeof tickets.$inferInsert>[] = []) {
  const { event, tickets: rows } = await createEvent(
    t,
    organizer.id,
    { dateMaxRefund: new Date(Date.now() + 5 * DAY) },
    [{ title: 'A', priceCents: 1000, quantity: 100, maxToBuy: 5 }, ...ticketValues],
  );
  const ids: string[] = [];
  for (const [i, capacity] of capacities.entries()) {
    const begin = event.dateBegin.getTime() + (i + 1) * DAY;
    const added = await addDate(event.id, { dateBegin: iso(begin), dateEnd: iso(begin + 2 * HOUR), capacity });
    expect(added.statusCode).toBe(201);
    ids.push(added.json().id);
  }
  return { event, tickets: rows, dateIds: [event.id, ...ids] };
}

const countersOf = async (eventId: string) =>
  (await t.database.db.select().from(eventDates).where(eq(eventDates.eventId, eventId))).sort(
    (a, b) => a.dateBegin.getTime() - b.dateBegin.getTime(),
  );

const order = async (cookie: string, eventId: string, lines: object[]) =>
  postOrder(t, cookie, { eventId, lines, acceptTerms: true });

async function buyer() {
  const user = await createUser(t);
  return { user, cookie: await sessionCookie(t, user.id) };
}

/** A 20 € pass of 10 places for some of the event's dates (all of them: every date). */
const addPass = async (eventId: string, dateIds: (string | undefined)[]) =>
  (
    await inject('POST', `/api/events/${eventId}/tickets`, {
      title: 'Week-end',
      quantity: 10,
      price: 20,
      isPass: true,
      dateIds,
    })
  ).json();

/** Once every hold of the event has expired and been reclaimed, a buyer holds one pass: each date's [sold, held]. */
async function passBoughtOnceHoldsExpired(eventId: string, passId: string | undefined) {
  offset += 181_000;
  try {
    await reclaimExpiredHolds(t.database.db, eventId, clock.now());
    expect((await order((await buyer()).cookie, eventId, [{ ticketId: passId, quantity: 1 }])).statusCode).toBe(201);
    return (await countersOf(eventId)).map((d) => [d.sold, d.held]);
  } finally {
    offset -= 181_000;
  }
}

describe('the console’s dates', () => {
  it('turns a one-date event’s own dates into its first date, keeps its id and follows first start / last end', async () => {
    const { event } = await createEvent(t, organizer.id);
    const page = (await inject('GET', `/api/events/${event.id}`)).json();
    expect(page.dates).toEqual([
      expect.objectContaining({ id: event.id, dateBegin: iso(event.dateBegin.getTime()), status: 'onsale' }),
    ]);
    expect(page.tickets[0]).toMatchObject({ dateIds: [], isPass: false });

    const begin = event.dateEnd.getTime() + DAY;
    const added = await addDate(event.id, { dateBegin: iso(begin), dateEnd: iso(begin + HOUR), capacity: 40 });
    expect(added.statusCode).toBe(201);
    const listed = (await inject('GET', `/api/console/events/${event.id}/dates`)).json();
    expect(listed.map((d: { id: string }) => d.id)).toEqual([event.id, added.json().id]);
    expect(listed[1]).toMatchObject({ capacity: 40, sold: 0, held: 0, placesLeft: 40, checkedIn: 0 });
    const [row] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row?.dateBegin.toISOString()).toBe(iso(event.dateBegin.getTime()));
    expect(row?.dateEnd.toISOString()).toBe(iso(begin + HOUR));
    const moved = await inject('PATCH', `/api/events/${event.id}`, { dateBegin: iso(begin - 2 * HOUR) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(datesFr.eventHasDates);
    const shown = (await inject('GET', `/api/events/${event.id}`)).json();
    expect(shown.dates.map((d: { id: string; placesLeft: number | null }) => [d.id, d.placesLeft])).toEqual([
      [event.id, null],
      [added.json().id, 40],
    ]);
  });

  it('refuses reversed, past, overlapping and too many dates with one French answer each, creating nothing', async () => {
    const { event } = await createEvent(t, organizer.id);
    const begin = event.dateEnd.getTime() + DAY;
    const refusals = [
      [{ dateBegin: iso(begin), dateEnd: iso(begin - HOUR) }, datesFr.endBeforeStart],
      [{ dateBegin: iso(Date.now() - DAY), dateEnd: iso(Date.now() - DAY + HOUR) }, datesFr.inPast],
      [
        { dateBegin: iso(event.dateBegin.getTime() + HOUR), dateEnd: iso(event.dateEnd.getTime() + HOUR) },
        datesFr.overlap,
      ],
    ] as const;
    for (const [body, message] of refusals) {
      const answer = await addDate(event.id, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(message);
    }
    const from = new Date(begin).toISOString().slice(0, 10);
    const to = new Date(begin + 600 * DAY).toISOString().slice(0, 10);
    const tooMany = await inject('POST', `/api/console/events/${event.id}/dates/repeat`, {
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      fromDay: from,
      toDay: to,
      startTime: '20:00',
      endTime: '22:00',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(datesFr.repeatTooMany(601, EVENT_DATES_MAX));
    expect(await countersOf(event.id)).toEqual([]);

    const week = new Date(begin + 7 * DAY).toISOString().slice(0, 10);
    const weekEnd = new Date(begin + 13 * DAY).toISOString().slice(0, 10);
    const repeated = await inject('POST', `/api/console/events/${event.id}/dates/repeat`, {
      weekdays: [5, 6],
      fromDay: week,
      toDay: weekEnd,
      startTime: '20:30',
      endTime: '01:00',
      capacity: 50,
    });
    expect(repeated.statusCode).toBe(201);
    expect(repeated.json().ids).toHaveLength(2);
    const rows = await countersOf(event.id);
    expect(rows).toHaveLength(3);
    // Friday and Saturday 20:30 in Paris, ending at 1:00 the next day.
    for (const row of rows.slice(1)) {
      expect([5, 6]).toContain(new Date(row.dateBegin.getTime() + 2 * HOUR).getUTCDay());
      expect(row.dateEnd.getTime() - row.dateBegin.getTime()).toBe(4.5 * HOUR);
      expect(row.capacity).toBe(50);
    }
    // The same rule again overlaps every date it made: nothing half-created.
    const again = await inject('POST', `/api/console/events/${event.id}/dates/repeat`, {
      weekdays: [5, 6],
      fromDay: week,
      toDay: weekEnd,
      startTime: '21:00',
      endTime: '23:00',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(datesFr.overlap);
    expect(await countersOf(event.id)).toHaveLength(3);
  });

  it('repeats at the same Paris time on the days summer time begins and ends', async () => {
    const { event } = await createEvent(t, organizer.id);
    const repeat = (fromDay: string, toDay: string) =>
      inject('POST', `/api/console/events/${event.id}/dates/repeat`, {
        weekdays: [6, 0],
        fromDay,
        toDay,
        startTime: '20:00',
        endTime: '23:00',
      });
    expect((await repeat('2027-03-27', '2027-03-28')).statusCode).toBe(201);
    expect((await repeat('2027-10-30', '2027-10-31')).statusCode).toBe(201);
    const made = (await countersOf(event.id))
      .slice(1)
      .map((row) => [iso(row.dateBegin.getTime()), iso(row.dateEnd.getTime())]);
    // Saturday in winter time (UTC+1), the Sunday of the change in summer time (UTC+2), and back.
    expect(made).toEqual([
      ['2027-03-27T19:00:00.000Z', '2027-03-27T22:00:00.000Z'],
      ['2027-03-28T18:00:00.000Z', '2027-03-28T21:00:00.000Z'],
      ['2027-10-30T18:00:00.000Z', '2027-10-30T21:00:00.000Z'],
      ['2027-10-31T19:00:00.000Z', '2027-10-31T22:00:00.000Z'],
    ]);
  });

  it('edits a date before sales, deletes one without sales, and refuses both after a sale', async () => {
    const {
      event,
      tickets: [a],
      dateIds: [, second, third],
    } = await datedEvent([10, 10]);
    const moved = await inject('PATCH', `/api/console/events/${event.id}/dates/${third}`, {
      dateBegin: iso(event.dateBegin.getTime() + 3 * DAY),
      dateEnd: iso(event.dateBegin.getTime() + 3 * DAY + HOUR),
      capacity: 8,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: third, capacity: 8, placesLeft: 8 });
    expect((await inject('DELETE', `/api/console/events/${event.id}/dates/${third}`)).statusCode).toBe(204);

    const { cookie } = await buyer();
    expect((await order(cookie, event.id, [{ ticketId: a?.id, dateId: second, quantity: 1 }])).statusCode).toBe(201);
    const removed = await inject('DELETE', `/api/console/events/${event.id}/dates/${second}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(datesFr.soldDateCannotDelete);
    const reschedule = await inject('PATCH', `/api/console/events/${event.id}/dates/${second}`, {
      dateBegin: iso(event.dateBegin.getTime() + 5 * DAY),
      dateEnd: iso(event.dateBegin.getTime() + 5 * DAY + HOUR),
    });
    expect(reschedule.statusCode).toBe(409);
    expect(reschedule.json().message).toBe(datesFr.soldDateMoveOnly);
    const below = await inject('PATCH', `/api/console/events/${event.id}/dates/${second}`, { capacity: 0 });
    expect(below.statusCode).toBe(400);
  });

  it('links tickets to this event’s dates only, and refuses a pass covering a cancelled date', async () => {
    const { event, dateIds } = await datedEvent([10]);
    const other = await datedEvent([10]);
    const foreign = await inject('POST', `/api/events/${event.id}/tickets`, {
      title: 'Samedi',
      quantity: 10,
      price: 5,
      dateIds: [other.dateIds[1]],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(datesFr.unknownDateIds);
    const saturday = await inject('POST', `/api/events/${event.id}/tickets`, {
      title: 'Samedi',
      quantity: 10,
      price: 5,
      dateIds: [dateIds[1]],
    });
    expect(saturday.statusCode).toBe(201);
    await t.database.db
      .update(eventDates)
      .set({ cancelledAt: new Date() })
      .where(eq(eventDates.id, dateIds[1] as string));
    const pass = await inject('POST', `/api/events/${event.id}/tickets`, {
      title: 'Pass',
      quantity: 10,
      price: 15,
      isPass: true,
    });
    expect(pass.statusCode).toBe(400);
    expect(pass.json().message).toBe(datesFr.passCoversCancelled);
    const page = (await inject('GET', `/api/events/${event.id}`)).json();
    expect(page.tickets.find((ticket: { title: string }) => ticket.title === 'Samedi').dateIds).toEqual([dateIds[1]]);
    expect(page.dates.map((d: { status: string }) => d.status)).toEqual(['onsale', 'cancelled']);
  });
});

describe('buying a date', () => {
  it('asks for the date, sells one date out while another sells, and counts a pass on every date', async () => {
    const {
      event,
      tickets: [a, pass],
      dateIds: [first, second],
    } = await datedEvent([5], [{ title: 'Pass', priceCents: 2500, quantity: 10, isPass: true }]);
    await t.database.db
      .update(eventDates)
      .set({ capacity: 2 })
      .where(eq(eventDates.id, first as string));
    const { cookie } = await buyer();
    const undated = await order(cookie, event.id, [{ ticketId: a?.id, quantity: 1 }]);
    expect(undated.statusCode).toBe(400);
    expect(undated.json()).toMatchObject({ code: 'DATE_REQUIRED', message: datesFr.dateRequired });

    expect((await order(cookie, event.id, [{ ticketId: a?.id, dateId: first, quantity: 2 }])).statusCode).toBe(201);
    const full = await order((await buyer()).cookie, event.id, [{ ticketId: a?.id, dateId: first, quantity: 1 }]);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'SOLD_OUT', message: checkoutFr.noPlaceLeft });
    const passRefused = await order((await buyer()).cookie, event.id, [{ ticketId: pass?.id, quantity: 1 }]);
    expect(passRefused.statusCode).toBe(409);
    expect(passRefused.json().code).toBe('SOLD_OUT');
    const other = await order((await buyer()).cookie, event.id, [{ ticketId: a?.id, dateId: second, quantity: 3 }]);
    expect(other.statusCode).toBe(201);

    const page = (await inject('GET', `/api/events/${event.id}`)).json();
    expect(page.dates.map((d: { placesLeft: number; status: string }) => [d.placesLeft, d.status])).toEqual([
      [0, 'soldOut'],
      [2, 'onsale'],
    ]);
    expect(page.isSoldOut).toBe(false);
    const live = (await inject('GET', `/api/events/${event.id}/availability`)).json();
    expect(live.dates).toEqual([
      { id: first, placesLeft: 0, isSoldOut: true },
      { id: second, placesLeft: 2, isSoldOut: false },
    ]);

    // Every hold expires: the places come back to their dates, and a pass takes one on each date.
    expect(await passBoughtOnceHoldsExpired(event.id, pass?.id)).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });

  it('counts the passes for every date already held or sold on a date added later, and gives them back from it', async () => {
    const {
      event,
      tickets: [, pass],
      dateIds: [first, second],
    } = await datedEvent([10, 10], [{ title: 'Pass', priceCents: 2500, quantity: 10, isPass: true }]);
    // Two dates of three: a pass of its own dates, which a date added later is not one of.
    const weekend = await addPass(event.id, [first, second]);
    for (const ticketId of [pass?.id, pass?.id, weekend.id]) {
      expect((await order((await buyer()).cookie, event.id, [{ ticketId, quantity: 1 }])).statusCode).toBe(201);
    }
    const begin = event.dateBegin.getTime() + 5 * DAY;
    const added = await addDate(event.id, { dateBegin: iso(begin), dateEnd: iso(begin + 2 * HOUR), capacity: 5 });
    expect(added.statusCode).toBe(201);
    expect((await countersOf(event.id)).map((d) => d.held)).toEqual([3, 3, 2, 2]);
    const last = (await inject('GET', `/api/events/${event.id}`)).json().dates[3];
    expect([last.id, last.placesLeft]).toEqual([added.json().id, 3]);

    // The holds expire: each gives its places back to every date it counted on, the new one too.
    expect(await passBoughtOnceHoldsExpired(event.id, pass?.id)).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
  });

  it('counts an order’s places per date in the application exactly as the database does', async () => {
    const {
      event,
      tickets: [a, pass],
      dateIds: [first, second, third],
    } = await datedEvent([null, 8], [{ title: 'Pass', priceCents: 2500, quantity: 10, isPass: true }]);
    const weekend = await addPass(event.id, [third, second]);
    const sale = await loadSale(t.database.db, event.id);
    if (!sale) throw new Error('no sale');
    expect(sale.tickets.find((ticket) => ticket.id === weekend?.id)?.dateIds.sort()).toEqual([second, third].sort());
    const orders: { lines: { ticketId: string; dateId?: string | null; quantity: number }[]; gift: string | null }[] = [
      { lines: [{ ticketId: a?.id as string, dateId: second, quantity: 2 }], gift: null },
      { lines: [{ ticketId: pass?.id as string, quantity: 1 }], gift: null },
      { lines: [{ ticketId: weekend?.id as string, quantity: 3 }], gift: null },
      {
        lines: [
          { ticketId: a?.id as string, dateId: third, quantity: 1 },
          { ticketId: a?.id as string, dateId: first, quantity: 2 },
          { ticketId: weekend?.id as string, quantity: 1 },
          { ticketId: pass?.id as string, quantity: 0 },
        ],
        gift: pass?.id as string,
      },
      { lines: [{ ticketId: a?.id as string, dateId: first, quantity: 1 }], gift: a?.id as string },
    ];
    for (const { lines, gift } of orders) {
      const all = gift ? [...lines, { ticketId: gift, dateId: lines[0]?.dateId ?? null, quantity: 1 }] : lines;
      const [counted] = await queryRows<{ dates: string[] | null; quantities: number[] | null }>(
        t.database.db,
        sql`select dates, quantities from guichet_date_lines(
              ${`{${all.map((l) => l.ticketId).join(',')}}`}::uuid[],
              ${`{${all.map((l) => l.dateId ?? 'NULL').join(',')}}`}::uuid[],
              ${`{${all.map((l) => l.quantity).join(',')}}`}::integer[])`,
      );
      expect(datePlacesOf(sale, lines, gift)).toEqual({
        dateIds: counted?.dates ?? [],
        quantities: counted?.quantities ?? [],
      });
    }
    // A dated ticket's line without its date is left to the database, which refuses it.
    expect(datePlacesOf(sale, [{ ticketId: a?.id as string, quantity: 1 }], null)).toBeUndefined();
  });

  it('settles a date’s places as sold, and a refund gives them back to that date', async () => {
    const {
      event,
      tickets: [a],
      dateIds: [, second],
    } = await datedEvent([4]);
    const holder = await createUser(t);
    const cookie = await loginAs(t, holder.email);
    const created = await order(cookie, event.id, [{ ticketId: a?.id, dateId: second, quantity: 2, refundPlaces: 1 }]);
    expect(created.statusCode).toBe(201);
    await payAtSandboxBank(t, created.json().id, { cookie });
    expect((await countersOf(event.id)).map((d) => [d.sold, d.held])).toEqual([
      [0, 0],
      [2, 0],
    ]);
    const mine = (await inject('GET', '/api/me/participations', undefined, cookie)).json() as { id: string }[];
    const [row] = await queryRows<{ date_id: string | null }>(
      t.database.db,
      sql`select date_id from participations where id = ${mine[0]?.id}`,
    );
    expect(row?.date_id).toBe(second);

    const place = await askRefund(t, cookie);
    const accepted = await inject('POST', `/api/console/events/${event.id}/refunds/${place.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect((await countersOf(event.id)).map((d) => [d.sold, d.held])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    const listed = (await inject('GET', `/api/console/events/${event.id}/dates`)).json();
    expect(listed[1]).toMatchObject({ sold: 1, placesLeft: 3 });
  });

  it('settles one order of the same ticket on two dates, each place on its date', async () => {
    const {
      event,
      tickets: [a],
      dateIds: [first, second],
    } = await datedEvent([10]);
    const holder = await createUser(t);
    const cookie = await loginAs(t, holder.email);
    const created = await order(cookie, event.id, [
      { ticketId: a?.id, dateId: second, quantity: 1 },
      { ticketId: a?.id, dateId: first, quantity: 2 },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    await payAtSandboxBank(t, created.json().id, { cookie });
    const [paid] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from orders where id = ${created.json().id}`,
    );
    expect(paid?.status).toBe('paid');
    expect((await countersOf(event.id)).map((d) => [d.sold, d.held])).toEqual([
      [2, 0],
      [1, 0],
    ]);
    const places = await queryRows<{ date_id: string }>(
      t.database.db,
      sql`select date_id from participations where order_id = ${created.json().id} order by date_id`,
    );
    expect(places.map((p) => p.date_id).sort()).toEqual([first, first, second].sort());
  });

  it('leaves a one-date event as it was: no date row, no date on its lines', async () => {
    const {
      event,
      tickets: [a],
    } = await createEvent(t, organizer.id, {}, [{ priceCents: 1000, quantity: 3 }]);
    const { cookie } = await buyer();
    const created = await order(cookie, event.id, [{ ticketId: a?.id, dateId: event.id, quantity: 1 }]);
    expect(created.statusCode).toBe(201);
    expect(await countersOf(event.id)).toEqual([]);
    const [line] = await queryRows<{ date_id: string | null }>(
      t.database.db,
      sql`select date_id from order_lines where order_id = ${created.json().id}`,
    );
    expect(line?.date_id).toBeNull();
  });

  it(`oversells no date and no pass when buyers race for two dates and a pass${raceMode}`, async () => {
    const {
      event,
      tickets: [a, pass],
      dateIds: [first, second],
    } = await datedEvent([12], [{ title: 'Pass', priceCents: 2500, quantity: 6, isPass: true }]);
    await t.database.db
      .update(eventDates)
      .set({ capacity: 10 })
      .where(eq(eventDates.id, first as string));
    const buyers = await Promise.all(Array.from({ length: 60 }, () => buyer()));
    const choices = [
      { ticketId: a?.id, dateId: first, quantity: 1 },
      { ticketId: a?.id, dateId: second, quantity: 1 },
      { ticketId: pass?.id, quantity: 1 },
    ];
    const answers = await Promise.all(
      buyers.map(({ user, cookie }, i) =>
        postOrder(t, cookie, { eventId: event.id, buyer: guestBuyer(user), lines: [choices[i % 3]] }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 201 || answer.json().code === 'SOLD_OUT')).toBe(true);
    const [firstDate, secondDate] = await countersOf(event.id);
    const [byLines] = await queryRows<{ first: number; second: number; passes: number }>(
      t.database.db,
      sql`select count(*) filter (where l.date_id = ${first})::int as first,
                 count(*) filter (where l.date_id = ${second})::int as second,
                 count(*) filter (where l.ticket_id = ${pass?.id})::int as passes
            from order_lines l join orders o on o.id = l.order_id where o.event_id = ${event.id}`,
    );
    const [passRow] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, pass?.id as string));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(
      (byLines?.first ?? 0) + (byLines?.second ?? 0) + (byLines?.passes ?? 0),
    );
    // Every date full (10 and 12 places) and no more, each pass counted on both dates.
    expect(firstDate?.held).toBe(10);
    expect(secondDate?.held).toBe(12);
    expect(firstDate?.held).toBe((byLines?.first ?? 0) + (byLines?.passes ?? 0));
    expect(secondDate?.held).toBe((byLines?.second ?? 0) + (byLines?.passes ?? 0));
    expect(passRow?.held).toBe(byLines?.passes);
    expect(passRow?.held).toBeLessThanOrEqual(6);
  }, 120_000);
});
