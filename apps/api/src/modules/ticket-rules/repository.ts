import type { ResaleSettings, TransferSettings } from '@guichet/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';

/** The organiser's rules of each way a holder hands a place on, as the API names them. */
export type TicketRules = { transfer: TransferSettings; resale: ResaleSettings };
export type TicketRulesKind = keyof TicketRules;

/**
 * The events' columns that keep each kind's rules, by field: whether it is allowed, its last
 * date (a timestamptz), and its figure (the transfer's delay in days, the resale's fee in cents).
 */
const COLUMNS = {
  transfer: { allowed: 'transfers_allowed', deadline: 'transfer_deadline', figure: 'transfer_expiry_days' },
  resale: { allowed: 'resale_allowed', deadline: 'resale_deadline', figure: 'resale_fee_cents' },
} as const;

const FIELDS = {
  transfer: { allowed: 'transfersAllowed', deadline: 'transferDeadline', figure: 'transferExpiryDays' },
  resale: { allowed: 'resaleAllowed', deadline: 'resaleDeadline', figure: 'resaleFeeCents' },
} as const satisfies { [K in TicketRulesKind]: Record<keyof (typeof COLUMNS)[K], keyof TicketRules[K]> };

export async function findRules<K extends TicketRulesKind>(
  db: Database,
  eventId: string,
  kind: K,
): Promise<TicketRules[K] | undefined> {
  const columns = COLUMNS[kind];
  const fields = FIELDS[kind];
  const [row] = await queryRows<TicketRules[K]>(
    db,
    sql`select ${sql.identifier(columns.allowed)} as ${sql.identifier(fields.allowed)},
               ${isoTimestamp(columns.deadline)} as ${sql.identifier(fields.deadline)},
               ${sql.identifier(columns.figure)} as ${sql.identifier(fields.figure)}
          from events where id = ${eventId}`,
  );
  return row;
}

export async function updateRules<K extends TicketRulesKind>(
  db: Database,
  eventId: string,
  kind: K,
  rules: TicketRules[K],
): Promise<void> {
  const columns = COLUMNS[kind];
  const fields = FIELDS[kind];
  const value = (field: string): unknown => (rules as Record<string, unknown>)[field];
  const set: SQL[] = [
    sql`${sql.identifier(columns.allowed)} = ${value(fields.allowed)}`,
    sql`${sql.identifier(columns.deadline)} = ${value(fields.deadline)}::timestamptz`,
    sql`${sql.identifier(columns.figure)} = ${value(fields.figure)}`,
  ];
  await queryRows(db, sql`update events set ${sql.join(set, sql`, `)}, updated_at = now() where id = ${eventId}`);
}
