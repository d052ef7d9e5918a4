import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { billingIdentities, users } from '../../db/schema';

export type BillingIdentityRow = typeof billingIdentities.$inferSelect;

export async function findBillingIdentityRow(
  db: Database,
  organizerId: string,
): Promise<BillingIdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(billingIdentities)
    .where(eq(billingIdentities.organizerId, organizerId))
    .limit(1);
  return row;
}

export async function upsertBillingIdentity(db: Database, values: Omit<BillingIdentityRow, 'updatedAt'>, now: Date) {
  const { organizerId, ...identity } = values;
  const [row] = await db
    .insert(billingIdentities)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({ target: billingIdentities.organizerId, set: { ...identity, updatedAt: now } })
    .returning();
  if (!row) throw new Error('billing identity not saved');
  return row;
}

export async function findDueAt(db: Database, organizerId: string): Promise<Date | null> {
  const [row] = await db
    .select({ dueAt: users.billingIdentityDueAt })
    .from(users)
    .where(eq(users.id, organizerId))
    .limit(1);
  return row?.dueAt ?? null;
}

/** Sets the deadline once: a later call keeps the first date. Answers the date in force. */
export async function setDueAtOnce(db: Database, organizerId: string, dueAt: Date): Promise<Date | null> {
  await db
    .update(users)
    .set({ billingIdentityDueAt: dueAt })
    .where(and(eq(users.id, organizerId), isNull(users.billingIdentityDueAt)));
  return findDueAt(db, organizerId);
}

/**
 * Whether the organiser has a paid event on sale: public, open, neither deleted nor cancelled nor
 * over, with a visible ticket or option above 0 (`max_price_cents`, kept by the tickets' trigger).
 */
export async function hasPaidEventOnSale(db: Database, organizerId: string, now: Date): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists(
          select 1 from events
           where organizer_id = ${organizerId} and is_public and is_open and deleted_at is null
             and cancelled_at is null and max_price_cents > 0 and date_end > ${now.toISOString()}::timestamptz
        ) as found`,
  );
  return Boolean(row?.found);
}
