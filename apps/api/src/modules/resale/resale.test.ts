import { resaleFr } from '@guichet/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/helpers';
import { buyAndPay, raceEvent } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import {
  invoices,
  jobs,
  ledgerEntries,
  mailOutbox,
  participations,
  refunds,
  resaleListings,
  tickets,
} from '../../db/schema';
import { createSandboxBankStore, paymentConfigFromEnv } from '../../payments';
import type { InvoiceDocument } from '../invoices/document';
import { sellResoldPlaces } from './service';

const e = resaleFr.errors;
const payments = paymentConfigFromEnv({ PUBLIC_URL: 'http://localhost:3000' }, 'test');
// A database of its own: the sale test runs the job queue, which must hold only this file's jobs.
const t = useTestApp({ payments, isolated: true });
let organizer: Awaited<ReturnType<typeof createUser>>;
let organizerCookie: string;
beforeAll(async () => {
  organizer = await createUser(t, { isVerified: true });
  organizerCookie = await loginAs(t, organizer.email);
});

const myTickets = async (cookie: string): Promise<{ id: string }[]> =>
  (await t.app.inject({ method: 'GET', url: '/api/me/participations', headers: { cookie } })).json();

const resell = (id: string, cookie: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/me/participations/${id}/resale`, headers: { cookie }, payload });
const withdraw = (id: string, cookie: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/me/participations/${id}/resale`, headers: { cookie } });

const soldOf = async (ticketId: string) =>
  (await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]?.sold;

/** A holder of one paid place of a new event whose organiser allows resale with a fee. */
async function holder(settings: { resaleAllowed?: boolean; resaleFeeCents?: number } = {}) {
  const { event, a } = await raceEvent(t, organizer.id, { a: 10, b: 1, c1: 1, c2: 1 });
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/console/events/${event.id}/resale-settings`,
    headers: { cookie: organizerCookie },
    payload: {
      resaleAllowed: settings.resaleAllowed ?? true,
      resaleDeadline: null,
      resaleFeeCents: settings.resaleFeeCents ?? 150,
    },
  });
  expect(saved.statusCode).toBe(200);
  const buyer = await createUser(t);
  const cookie = await loginAs(t, buyer.email);
  await buyAndPay(t, cookie, event.id, { ticketId: a.id, quantity: 1 });
  const [place] = await myTickets(cookie);
  if (!place) throw new Error('no place bought');
  return { event, a, buyer, cookie, place };
}

describe('putting a ticket up for resale', () => {
  it('lists it at the price paid (201 priceCents), never at a price of the caller, and gives the place back to the sale', async () => {
    const { a, cookie, place } = await holder();
    const before = await soldOf(a.id);
    const priced = await resell(place.id, cookie, { priceCents: 1 });
    expect(priced.statusCode).toBe(400);
    const listed = await resell(place.id, cookie);
    expect(listed.statusCode).toBe(201);
    expect(listed.json()).toEqual({ priceCents: a.priceCents, feeCents: 150 });
    expect(await soldOf(a.id)).toBe((before ?? 0) - 1);
    const again = await resell(place.id, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(e.alreadyListed);
  });

  it('refuses in French when the organiser does not allow it, and to anyone but the holder', async () => {
    const { cookie, place } = await holder({ resaleAllowed: false });
    const refused = await resell(place.id, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(e.forbidden);
    const other = await loginAs(t, (await createUser(t)).email);
    expect((await resell(place.id, other)).statusCode).toBe(404);
  });

  it('refuses a transfer of a ticket being resold', async () => {
    const { cookie, place } = await holder();
    expect((await resell(place.id, cookie)).statusCode).toBe(201);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/me/participations/${place.id}/transfer`,
      headers: { cookie },
      payload: { email: 'quelquun@exemple.fr' },
    });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().code).toBe('BEING_RESOLD');
  });

  it('refuses a resale of a ticket sent and not accepted yet, until the transfer is cancelled', async () => {
    const { cookie, place } = await holder();
    const transfer = `/api/me/participations/${place.id}/transfer`;
    const sent = await t.app.inject({
      method: 'POST',
      url: transfer,
      headers: { cookie },
      payload: { email: 'quelquun@exemple.fr' },
    });
    expect(sent.statusCode).toBe(201);
    const refused = await resell(place.id, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TRANSFER_PENDING', message: e.transferPending });
    expect((await t.app.inject({ method: 'DELETE', url: transfer, headers: { cookie } })).statusCode).toBe(204);
    expect((await resell(place.id, cookie)).statusCode).toBe(201);
  });
});

describe('withdrawing', () => {
  it('takes the place back while nobody bought it, and refuses once it is being sold', async () => {
    const { a, cookie, place, event } = await holder();
    const before = await soldOf(a.id);
    expect((await resell(place.id, cookie)).statusCode).toBe(201);
    expect((await withdraw(place.id, cookie)).statusCode).toBe(204);
    expect(await soldOf(a.id)).toBe(before);
    expect((await withdraw(place.id, cookie)).statusCode).toBe(404);

    // Listed again, then every place of the ticket taken: the withdrawal would sell a place twice.
    expect((await resell(place.id, cookie)).statusCode).toBe(201);
    await t.database.db.execute(sql`update tickets set held = quantity - sold where id = ${a.id}`);
    const late = await withdraw(place.id, cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(e.beingSold);
    const [listing] = await t.database.db
      .select()
      .from(resaleListings)
      .where(and(eq(resaleListings.participationId, place.id), eq(resaleListings.status, 'listed')));
    expect(listing).toBeDefined();
    await t.database.db.execute(sql`update tickets set held = 0 where id = ${a.id}`);
    expect(event.id).toBeTruthy();
  });
});

describe('the sale', () => {
  it('refunds the seller the price less the fee through their provider, with balanced ledger entries and a credit note', async () => {
    const { a, cookie, place, event, buyer: sellerUser } = await holder({ resaleFeeCents: 150 });
    const sellerEmail = sellerUser.email;
    expect((await resell(place.id, cookie)).statusCode).toBe(201);
    const sellerCode = (
      await t.app.inject({ method: 'GET', url: `/api/me/participations/${place.id}/code`, headers: { cookie } })
    ).json().code as string;
    const buyer = await createUser(t);
    await buyAndPay(t, await loginAs(t, buyer.email), event.id, { ticketId: a.id, quantity: 1 });
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'resale_sell'));
    expect(queued.length).toBeGreaterThan(0);
    for (let i = 0; i < 4; i += 1) await t.app.jobs.runDue();

    const [listing] = await t.database.db
      .select()
      .from(resaleListings)
      .where(eq(resaleListings.participationId, place.id));
    expect(listing?.status).toBe('sold');
    const [seller] = await t.database.db.select().from(participations).where(eq(participations.id, place.id));
    expect(seller?.cancelledAt).not.toBeNull();
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.participationId, place.id));
    expect(refund).toMatchObject({ cause: 'resale', status: 'refunded', amountCents: a.priceCents - 150 });
    const bankRefunds = await createSandboxBankStore(t.database.db).refundsOf(
      (refund?.transactionId ?? '').padStart(10, '0'),
    );
    expect(bankRefunds.map((r) => r.amountCents)).toEqual([a.priceCents - 150]);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.refundId, refund?.id ?? ''));
    expect(entries.length).toBeGreaterThan(0);
    // The tickets' part comes off the organiser's balance; the fee stays on it.
    expect(entries.map((entry) => [entry.account, entry.kind, entry.amountCents])).toEqual([
      ['organizer', 'refund', -(a.priceCents - 150)],
    ]);
    const documents = await t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, refund?.orderId ?? ''), eq(invoices.issuer, 'organizer')));
    const sold = documents.find((document) => document.kind === 'invoice');
    const notes = documents.filter((document) => document.kind === 'credit-note');
    // The credit note gives back what the seller is refunded; the fee stays invoiced to them.
    expect(notes.map((note) => note.totalCents)).toEqual([-(a.priceCents - 150)]);
    expect((sold?.totalCents ?? 0) + (notes[0]?.totalCents ?? 0)).toBe(150);
    const note = notes[0]?.document as unknown as InvoiceDocument;
    expect(note.corrects).toBe(sold?.number);
    expect(note.lines).toHaveLength(1);
    expect(note.lines[0]).toMatchObject({ quantity: 1, unitInclVatCents: a.priceCents - 150 });
    for (const line of note.lines) expect(line.exclVatCents + line.vatCents).toBe(line.inclVatCents);
    expect(note.exclVatCents + note.vatCents).toBe(note.inclVatCents);
    expect(note.inclVatCents).toBe(-(a.priceCents - 150));
    // The seller's code is revoked for offline scanners too.
    const manifest = await t.app.inject({
      method: 'GET',
      url: `/api/checkin/events/${event.id}/manifest`,
      headers: { cookie: organizerCookie },
    });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json().revoked).toContain(place.id);
    // Online, the seller's old code is refused as cancelled.
    const scanned = await t.app.inject({
      method: 'POST',
      url: `/api/checkin/events/${event.id}/scans`,
      headers: { cookie: organizerCookie },
      payload: { code: sellerCode },
    });
    expect(scanned.json().result).toBe('cancelled');
    // The seller is told, with the amount less the fee.
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, sellerEmail),
          eq(mailOutbox.subject, resaleFr.mail.subject(t.config.brandName, event.title)),
        ),
      );
    expect(mail?.text).toContain('frais de revente');
    // No place sold twice: the buyer's place took the seller's, nothing else was given back.
    const again = await t.database.db
      .select()
      .from(resaleListings)
      .where(eq(resaleListings.buyerParticipationId, listing?.buyerParticipationId ?? ''));
    expect(again).toHaveLength(1);
  });
});

describe('no place sold twice', () => {
  it('sells one listing per place bought, the oldest first, however many times the job runs at once', async () => {
    const first = await holder({ resaleFeeCents: 0 });
    const event = first.event;
    const secondBuyer = await createUser(t);
    const secondCookie = await loginAs(t, secondBuyer.email);
    await buyAndPay(t, secondCookie, event.id, { ticketId: first.a.id, quantity: 1 });
    const [second] = await myTickets(secondCookie);
    expect((await resell(first.place.id, first.cookie)).statusCode).toBe(201);
    expect((await resell(second?.id ?? '', secondCookie)).statusCode).toBe(201);

    const buyer = await createUser(t);
    const buyerCookie = await loginAs(t, buyer.email);
    await buyAndPay(t, buyerCookie, event.id, { ticketId: first.a.id, quantity: 1 });
    const [bought] = await myTickets(buyerCookie);
    const deps = { db: t.database.db, clock: { now: () => new Date() }, config: t.config };
    await Promise.all([sellResoldPlaces(deps, bought?.id ?? ''), sellResoldPlaces(deps, bought?.id ?? '')]);
    await sellResoldPlaces(deps, bought?.id ?? '');

    const listings = await t.database.db.select().from(resaleListings).where(eq(resaleListings.eventId, event.id));
    const status = (id: string | undefined) => listings.find((l) => l.participationId === id)?.status;
    expect(status(first.place.id)).toBe('sold');
    expect(status(second?.id)).toBe('listed');
    const resold = await t.database.db.select().from(refunds).where(eq(refunds.participationId, first.place.id));
    expect(resold).toHaveLength(1);
  });
});
