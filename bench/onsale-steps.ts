/**
 * The on-sale's steps, shared by bench/onsale (processes side by side) and bench/onsale-lb
 * (servers behind HAProxy): the buyers and the sale made in the database, and what a buyer sends
 * over the load generator's kept-alive sockets (bench/http-client.ts).
 */
import { type AddressInfo, createServer } from 'node:net';
import { openDatabase } from '../apps/api/src/db/client';
import { eventDates, tickets } from '../apps/api/src/db/schema';
import { ensureReferenceData } from '../apps/api/src/db/seed/reference';
import { insertEvent, insertOrganiser, insertSignedInBuyers } from '../apps/api/test/bulk-seed';
import type { Answer, LoadClient } from './http-client';

export type Sale = {
  eventId: string;
  ticketId: string;
  /** An event of several dates (issue 32, BENCH_DATES): its dates in start order and its pass. */
  dated?: { dateIds: string[]; passId: string; passes: number; capacity: number | null };
};
/** A held order, its buyer's session, and where the buyer sends its requests. */
export type Held = { id: string; cookie: string; base: string };

/** The organiser, the buyers signed in beforehand (an order needs its e-mail's proof: a session). */
export async function makeBuyers(url: string, count: number): Promise<{ organizerId: string; cookies: string[] }> {
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 2 });
  await database.migrate();
  await ensureReferenceData(database.db);
  const organizerId = await insertOrganiser(database.db);
  const cookies = (await insertSignedInBuyers(database.db, count, new Date(Date.now() + 86_400_000))).map(
    (buyer) => buyer.cookie,
  );
  await database.close();
  return { organizerId, cookies };
}

/**
 * A fresh event of `places` places, one per race, so that the races start alike; `named` when it
 * names its tickets (issue 30: each order then carries its place's holder, see orderOf).
 */
export async function makeSale(
  url: string,
  organizerId: string,
  title: string,
  places: number,
  named = false,
): Promise<Sale> {
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 1 });
  const eventId = await insertEvent(database.db, {
    organizerId,
    title,
    start: Date.now() + 30 * 86_400_000,
    isNamedTickets: named,
  });
  const [ticket] = await database.db
    .insert(tickets)
    .values({ eventId, title: 'Fosse', priceCents: 2500, quantity: places })
    .returning();
  await database.close();
  return { eventId, ticketId: ticket?.id ?? '' };
}

/**
 * A fresh event of `dates` dates a day apart (issue 32), each of `capacity` places (null: no cap of
 * its own), with a ticket for one date of `places` places (every date together, as a ticket's
 * quantity is) and a pass of `passes` places covering every date.
 */
export async function makeDatedSale(
  url: string,
  organizerId: string,
  title: string,
  sale: { dates: number; capacity: number | null; places: number; passes: number },
  named = false,
): Promise<Sale> {
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 1 });
  const start = Date.now() + 30 * 86_400_000;
  const eventId = await insertEvent(database.db, {
    organizerId,
    title,
    start,
    hours: (sale.dates - 1) * 24 + 3,
    isNamedTickets: named,
  });
  const ticketRows = await database.db
    .insert(tickets)
    .values([
      { eventId, title: 'Fosse', priceCents: 2500, quantity: sale.places, position: 0 },
      { eventId, title: 'Pass', priceCents: 6000, quantity: sale.passes, position: 1, isPass: true },
    ])
    .returning();
  // The first date keeps the event's id, as the console's first added date makes it.
  const rows = await database.db
    .insert(eventDates)
    .values(
      Array.from({ length: sale.dates }, (_, i) => ({
        ...(i === 0 && { id: eventId }),
        eventId,
        dateBegin: new Date(start + i * 86_400_000),
        dateEnd: new Date(start + i * 86_400_000 + 3 * 3_600_000),
        capacity: sale.capacity,
      })),
    )
    .returning();
  await database.close();
  return {
    eventId,
    ticketId: ticketRows[0]?.id ?? '',
    dated: {
      dateIds: rows.sort((a, b) => a.dateBegin.getTime() - b.dateBegin.getTime()).map((row) => row.id),
      passId: ticketRows[1]?.id ?? '',
      passes: sale.passes,
      capacity: sale.capacity,
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** What sends the buyers' requests: the load generator, or a wrapper that counts its failures. */
export type Poster = Pick<LoadClient, 'post'>;

/** A JSON post of a buyer. */
export function postJson(client: Poster, url: string, body: unknown, cookie: string): Promise<Answer> {
  return client.post(url, 'application/json', JSON.stringify(body), { cookie });
}

/** A form post (the bank's pages). */
function postForm(client: Poster, url: string, form: URLSearchParams): Promise<Answer> {
  return client.post(url, 'application/x-www-form-urlencoded', form.toString());
}

/**
 * The buyer's payment: start (signed form), the bank's page, the decision (the bank's signed
 * IPN). Throws at the first answer that is not the expected one, naming it; answers where the
 * bank sends the browser back (the shop's return address, which settles the payment too).
 */
export async function pay(client: Poster, order: Held): Promise<string> {
  const start = await postJson(client, `${order.base}/api/orders/${order.id}/payment`, {}, order.cookie);
  if (start.status !== 200) throw new Error(`the payment start answered ${start.status}`);
  const { redirect } = JSON.parse(start.body) as { redirect: { action: string; fields: [string, string][] } };
  const page = await postForm(client, redirect.action, new URLSearchParams(redirect.fields));
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
  if (page.status !== 200 || !token) throw new Error(`the bank's page answered ${page.status}`);
  const decided = await postForm(
    client,
    `${order.base}/sandbox-bank/decide`,
    new URLSearchParams({ token, decision: 'pay' }),
  );
  if (decided.status !== 303) throw new Error(`the bank answered ${decided.status}`);
  return /\r\nlocation:\s*(\S+)/i.exec(decided.head)?.[1] ?? '';
}
