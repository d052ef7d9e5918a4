import type { AdminRefund, PayoutFilter, PayoutStatus } from '@guichet/shared';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { commissionColumns } from '../payouts/repository';

/** A search term as a LIKE pattern matching anywhere, its wildcards taken literally. */
const pattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function findVerificationRequests(db: Database) {
  return queryRows<{ userId: string; firstName: string; lastName: string; email: string; requestedAt: string }>(
    db,
    sql`select id as "userId", first_name as "firstName", last_name as "lastName", email,
               ${isoTimestamp('verification_requested_at')} as "requestedAt"
          from users
         where verification_requested_at is not null and not is_verified and deleted_at is null
         order by verification_requested_at, id`,
  );
}

export type AdminUserRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'user' | 'admin';
  isVerified: boolean;
  verificationRequestedAt: string | null;
  commissionRateBps: number | null;
  commissionFixedCents: number | null;
  payoutAdvancePercent: number;
  balanceCents: number;
  bannedAt: string | null;
  bannedUntil: string | null;
  banReason: string | null;
  billingIdentityDueAt: string | null;
  createdAt: string;
};

const userColumns = sql`u.id, u.first_name as "firstName", u.last_name as "lastName", u.email, u.role,
  u.is_verified as "isVerified", ${isoTimestamp('u.verification_requested_at')} as "verificationRequestedAt",
  u.commission_rate_bps as "commissionRateBps", u.commission_fixed_cents as "commissionFixedCents",
  u.payout_advance_percent as "payoutAdvancePercent",
  -- float8 holds the sum exactly (to 2^53 cents) and reaches JavaScript as a number with both drivers.
  (select coalesce(sum(balance_cents), 0)::float8 from guichet_organizer_balances(u.id)) as "balanceCents",
  ${isoTimestamp('u.banned_at')} as "bannedAt", ${isoTimestamp('u.banned_until')} as "bannedUntil",
  u.ban_reason as "banReason", ${isoTimestamp('u.created_at')} as "createdAt",
  case when not exists(select 1 from billing_identities b where b.organizer_id = u.id)
       then ${isoTimestamp('u.billing_identity_due_at')} end as "billingIdentityDueAt"`;

/**
 * Live accounts whose name or e-mail contains the term, newest first (50 at most: a search, not a
 * census); with `billingDue`, only the organisers whose billing identity is overdue or due, soonest first.
 */
export function searchUsers(db: Database, q: string, billingDue = false) {
  const like = pattern(q.trim());
  return queryRows<AdminUserRow>(
    db,
    sql`select ${userColumns} from users u
         where u.deleted_at is null
           and (${q.trim() === ''} or u.email ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like}
                or (u.last_name || ' ' || u.first_name) ilike ${like})
           ${
             billingDue
               ? sql`and u.billing_identity_due_at is not null
                     and not exists(select 1 from billing_identities b where b.organizer_id = u.id)`
               : sql``
           }
         order by ${billingDue ? sql`u.billing_identity_due_at,` : sql``} u.created_at desc, u.id
         limit 50`,
  );
}

/** One live account; `forUpdate` locks it for the change that follows (its before/after in the audit). */
export async function findUser(db: Database, id: string, forUpdate = false) {
  const [row] = await queryRows<AdminUserRow>(
    db,
    sql`select ${userColumns} from users u where u.id = ${id} and u.deleted_at is null ${forUpdate ? sql`for no key update` : sql``}`,
  );
  return row;
}

export type AdminEventRow = {
  id: string;
  title: string;
  organizerName: string;
  organizerEmail: string;
  dateBegin: string;
  isPublic: boolean;
  paymentProvider: 'sandbox' | 'etransactions' | 'stripe';
};

const eventColumns = sql`e.id, e.title, u.first_name || ' ' || u.last_name as "organizerName", u.email as "organizerEmail",
  ${isoTimestamp('e.date_begin')} as "dateBegin", e.is_public as "isPublic", e.payment_provider as "paymentProvider"`;

export function searchEvents(db: Database, q: string) {
  const like = pattern(q.trim());
  return queryRows<AdminEventRow>(
    db,
    sql`select ${eventColumns} from events e join users u on u.id = e.organizer_id
         where e.deleted_at is null
           and (${q.trim() === ''} or e.title ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like}
                or u.email ilike ${like})
         order by e.date_begin desc, e.id
         limit 50`,
  );
}

export async function findEvent(db: Database, id: string, forUpdate = false) {
  const [row] = await queryRows<AdminEventRow>(
    db,
    sql`select ${eventColumns} from events e join users u on u.id = e.organizer_id
         where e.id = ${id} and e.deleted_at is null ${forUpdate ? sql`for no key update of e` : sql``}`,
  );
  return row;
}

export type AdminPayoutRow = {
  id: string;
  eventId: string;
  eventTitle: string;
  organizerId: string;
  organizerName: string;
  organizerFirstName: string;
  organizerEmail: string;
  amountCents: number;
  status: PayoutStatus;
  holderName: string;
  iban: string;
  bic: string | null;
  bankReference: string | null;
  rejectReason: string | null;
  batchId: string | null;
  createdAt: string;
  decidedAt: string | null;
  returnedAt: string | null;
  commissionInclVatCents: number;
  hasCommissionInvoice: boolean;
};

const payoutColumns = sql`p.id, p.event_id as "eventId", e.title as "eventTitle", p.organizer_id as "organizerId",
  u.first_name || ' ' || u.last_name as "organizerName", u.first_name as "organizerFirstName",
  u.email as "organizerEmail", p.amount_cents as "amountCents", p.status, p.holder_name as "holderName",
  p.iban, p.bic, p.bank_reference as "bankReference", p.reject_reason as "rejectReason", p.batch_id as "batchId",
  ${isoTimestamp('p.created_at')} as "createdAt", ${isoTimestamp('p.decided_at')} as "decidedAt",
  ${isoTimestamp('p.returned_at')} as "returnedAt", ${commissionColumns('p')}`;

/** The queue, oldest request first (the order they are paid in); the others newest first. */
export function findPayouts(db: Database, status: PayoutFilter) {
  return queryRows<AdminPayoutRow>(
    db,
    sql`select ${payoutColumns} from payouts p join events e on e.id = p.event_id join users u on u.id = p.organizer_id
         where ${status === 'all'} or p.status = ${status}
         order by case when p.status in ('requested', 'batched') then p.created_at end, p.created_at desc, p.id
         limit 500`,
  );
}

export async function findPayout(db: Database, id: string, forUpdate = false) {
  const [row] = await queryRows<AdminPayoutRow>(
    db,
    sql`select ${payoutColumns} from payouts p join events e on e.id = p.event_id join users u on u.id = p.organizer_id
         where p.id = ${id} ${forUpdate ? sql`for no key update of p` : sql``}`,
  );
  return row;
}

export function findContactMessages(db: Database) {
  return queryRows<{
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    subject: string;
    message: string;
    createdAt: string;
  }>(
    db,
    sql`select id, first_name as "firstName", last_name as "lastName", email, subject, message,
               ${isoTimestamp('created_at')} as "createdAt"
          from contact_messages order by created_at desc, id limit 200`,
  );
}

export async function findSummary(db: Database) {
  const [row] = await queryRows<{
    pendingVerifications: number;
    pendingPayouts: number;
    pendingPayoutsCents: number;
    messages: number;
  }>(
    db,
    sql`select (select count(*)::int from users
                 where verification_requested_at is not null and not is_verified and deleted_at is null) as "pendingVerifications",
               (select count(*)::int from payouts where status = 'requested') as "pendingPayouts",
               (select coalesce(sum(amount_cents), 0)::float8 from payouts where status = 'requested') as "pendingPayoutsCents",
               (select count(*)::int from contact_messages) as messages`,
  );
  return row ?? { pendingVerifications: 0, pendingPayouts: 0, pendingPayoutsCents: 0, messages: 0 };
}

/**
 * Refunds, oldest first: the holders' requests (with their refund once decided), the orders a
 * cancellation refunds, and the places refunded without a request: a date cancelled or moved
 * (issue 32), a resold place's seller. A failed one shows the provider's error.
 */
export function findRefunds(db: Database) {
  return queryRows<AdminRefund>(
    db,
    sql`select * from (
          select p.id, 'request' as cause, e.id as "eventId", e.title as "eventTitle", t.title as "ticketTitle",
                 guichet_holder_name(coalesce(p.holder_first_name, o.buyer_first_name), coalesce(p.holder_last_name, o.buyer_last_name),
                                   u.first_name, u.last_name) as "holderName",
                 coalesce(o.buyer_email, u.email) as "holderEmail",
                 coalesce(r.places, p.refund_places) as places, r.amount_cents as "amountCents",
                 coalesce(r.status, 'awaiting') as status, r.last_error as "lastError",
                 o.reference as "orderReference", ${isoTimestamp('p.refund_requested_at')} as "requestedAt"
            from participations p
            join events e on e.id = p.event_id
            join tickets t on t.id = p.ticket_id
            left join users u on u.id = p.user_id
            left join orders o on o.id = p.order_id
            left join refunds r on r.participation_id = p.id and r.cause = 'request'
           where p.refund_requested_at is not null
          union all
          select r.id, r.cause, e.id, e.title, t.title,
                 guichet_holder_name(coalesce(p.holder_first_name, o.buyer_first_name), coalesce(p.holder_last_name, o.buyer_last_name),
                                     u.first_name, u.last_name),
                 coalesce(o.buyer_email, u.email),
                 r.places, r.amount_cents, r.status, r.last_error, o.reference, ${isoTimestamp('r.created_at')}
            from refunds r
            join events e on e.id = r.event_id
            left join participations p on p.id = r.participation_id
            left join tickets t on t.id = p.ticket_id
            left join orders o on o.id = r.order_id
            left join users u on u.id = coalesce(p.user_id, o.user_id)
           where r.cause <> 'request'
        ) refunds
        order by "requestedAt", id
        limit 500`,
  );
}
