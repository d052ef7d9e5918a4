import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/**
 * Takes `count` consecutive numbers of a series and returns the first. The series' row stays
 * locked until the caller's transaction ends, so concurrent issuers queue on it and a rollback
 * gives its numbers back: no gap and no duplicate, which a PostgreSQL sequence cannot promise.
 * Call it inside the transaction that writes what it numbers, never inside a payment's.
 */
export async function takeNumbers(tx: Database, series: string, count: number): Promise<number> {
  const [row] = await queryRows<{ last: number }>(
    tx,
    sql`insert into number_series (key, last_number) values (${series}, ${count})
        on conflict (key) do update set last_number = number_series.last_number + ${count}
        returning last_number as last`,
  );
  if (!row) throw new Error(`no number taken in ${series}`);
  return row.last - count + 1;
}

/** The series of an event's tickets, and of each issuer's invoices and credit notes. */
export const ticketSeries = (eventId: string) => `tickets:${eventId}`;
export const passSeries = (eventId: string) => `tickets:passes:${eventId}`;

/** What decides a place's series: its event, its date (issue 32), whether it is a pass, and whether its event has dates. */
export type PlaceToNumber = { eventId: string; dateId: string | null; isPass: boolean; hasDates: boolean };

/**
 * The series a place is numbered in (issue 32: "ticket numbers are per date"). A date's places
 * count in the date's own series, keyed by its id; the first date's id is the event's, so the
 * places sold before the event had dates keep counting on in it, and a one-date event keeps its
 * one series. A pass of an event of several dates belongs to no one date: its passes have their
 * own series. The numbers already given are never changed.
 */
export function placeSeries(place: PlaceToNumber): string {
  if (place.dateId) return ticketSeries(place.dateId);
  if (place.isPass && place.hasDates) return passSeries(place.eventId);
  return ticketSeries(place.eventId);
}
export const organizerInvoiceSeries = (organizerId: string) => `invoices:organizer:${organizerId}`;
export const PLATFORM_INVOICE_SERIES = 'invoices:platform';

/** How a document's number reads: its series' prefix and its place in the series. */
export function invoiceNumber(issuer: 'organizer' | 'platform', seq: number): string {
  return `${issuer === 'platform' ? 'GP' : 'F'}-${String(seq).padStart(6, '0')}`;
}

/** A participation's place numbers: none until it is numbered, then one per place. */
export function ticketNumbersOf(firstTicketNumber: number | null, quantity: number): number[] {
  if (firstTicketNumber === null) return [];
  return Array.from({ length: quantity }, (_, index) => firstTicketNumber + index);
}
