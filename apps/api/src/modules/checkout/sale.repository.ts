import type { AskedQuestion } from '@guichet/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedRows, type Statement } from '../../db/prepared';
import { discountCodes, type events, shareLinks, type tickets } from '../../db/schema';

export type SaleEvent = Pick<
  typeof events.$inferSelect,
  | 'id'
  | 'organizerId'
  | 'isPublic'
  | 'isOpen'
  | 'dateEnd'
  | 'dateMaxRefund'
  | 'nbMaxParticipants'
  | 'isNeedsUserStudies'
  | 'isNamedTickets'
  | 'isMandatoryRefund'
  | 'isUserPaysFees'
  | 'paymentProvider'
>;
export type SaleTicket = Pick<
  typeof tickets.$inferSelect,
  'id' | 'parentId' | 'isMultipart' | 'priceCents' | 'minToBuy' | 'maxToBuy' | 'isHidden' | 'isAvailable' | 'isPass'
> & {
  /** The tickets offered with this one (ticket_gifts). */
  giftIds: string[];
  /** The dates it is sold for (issue 32); empty: every date. */
  dateIds: string[];
};
/** A date of an event of several dates, as a sale checks it (issue 32); none for a one-date event. */
export type SaleDate = { id: string; dateEnd: number; cancelled: boolean };
/**
 * What a sale decision reads from an event and its tickets, with the database's fingerprint of
 * it (`orders/sql/guichet_sale_fingerprint.sql`). No counters: places are only ever checked by
 * the conditional updates.
 */
export type Sale = {
  event: SaleEvent;
  tickets: SaleTicket[];
  questions: AskedQuestion[];
  dates: SaleDate[];
  fingerprint: string;
};

const loadSaleStatement: Statement = {
  name: 'guichet_load_sale',
  text: `select e.id, e.organizer_id as "organizerId", e.is_public as "isPublic", e.is_open as "isOpen",
                (extract(epoch from e.date_end) * 1000)::float8 as "dateEnd",
                (extract(epoch from e.date_max_refund) * 1000)::float8 as "dateMaxRefund",
                e.nb_max_participants as "nbMaxParticipants", e.is_needs_user_studies as "isNeedsUserStudies",
                e.is_named_tickets as "isNamedTickets",
                e.is_mandatory_refund as "isMandatoryRefund", e.is_user_pays_fees as "isUserPaysFees",
                e.payment_provider as "paymentProvider",
                coalesce((select json_agg(json_build_object(
                            'id', t.id, 'parentId', t.parent_id, 'isMultipart', t.is_multipart,
                            'priceCents', t.price_cents, 'minToBuy', t.min_to_buy, 'maxToBuy', t.max_to_buy,
                            'isHidden', t.is_hidden, 'isAvailable', t.is_available, 'isPass', t.is_pass,
                            'giftIds', coalesce((select json_agg(g.gift_ticket_id) from ticket_gifts g
                                                  where g.ticket_id = t.id), '[]'),
                            'dateIds', coalesce((select json_agg(td.date_id) from ticket_dates td
                                                  where td.ticket_id = t.id), '[]')))
                            from tickets t where t.event_id = e.id and t.deleted_at is null), '[]') as tickets,
                coalesce((select json_agg(json_build_object(
                            'id', q.id, 'label', q.label, 'kind', q.kind, 'choices', q.choices,
                            'isRequired', q.is_required, 'scope', q.scope, 'ticketId', q.ticket_id) order by q.position)
                            from event_questions q where q.event_id = e.id), '[]') as questions,
                coalesce((select json_agg(json_build_object(
                            'id', d.id, 'dateEnd', (extract(epoch from d.date_end) * 1000)::float8,
                            'cancelled', d.cancelled_at is not null))
                            from event_dates d where d.event_id = e.id), '[]') as dates,
                guichet_sale_fingerprint(e.id) as fingerprint
           from events e where e.id = $1::uuid and e.deleted_at is null`,
};

type SaleRow = Omit<SaleEvent, 'dateEnd' | 'dateMaxRefund'> & {
  dateEnd: number;
  dateMaxRefund: number | null;
  tickets: SaleTicket[];
  questions: AskedQuestion[];
  dates: SaleDate[];
  fingerprint: string;
};

/** The sale as the database has it now (one statement, so data and fingerprint agree). */
export async function loadSale(db: Database, eventId: string): Promise<Sale | undefined> {
  const [row] = await preparedRows(db)<SaleRow>(loadSaleStatement, [eventId]);
  if (!row) return undefined;
  const { tickets: ticketRows, questions, dates, fingerprint, dateEnd, dateMaxRefund, ...event } = row;
  return {
    event: {
      ...event,
      dateEnd: new Date(dateEnd),
      dateMaxRefund: dateMaxRefund === null ? null : new Date(dateMaxRefund),
    },
    tickets: ticketRows,
    questions,
    dates,
    fingerprint,
  };
}

/** The hidden tickets a share link of the event opens, or undefined when the key opens nothing. */
export async function findShareLinkTickets(db: Database, eventId: string, key: string): Promise<string[] | undefined> {
  const link = await db.query.shareLinks.findFirst({
    columns: { ticketIds: true },
    where: and(eq(shareLinks.key, key), eq(shareLinks.eventId, eventId)),
  });
  return link?.ticketIds;
}

/** The event's promo code of that name, whatever its case. */
export function findDiscountByCode(db: Database, eventId: string, code: string) {
  return db.query.discountCodes.findFirst({
    where: and(eq(discountCodes.eventId, eventId), sql`lower(${discountCodes.code}) = lower(${code})`),
  });
}
