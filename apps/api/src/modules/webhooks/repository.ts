import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { jobs, users, webhookAttempts, webhookEndpoints } from '../../db/schema';

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

export async function countEndpoints(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId));
  return row?.count ?? 0;
}

export async function insertEndpoint(
  db: Database,
  values: { userId: string; url: string; events: string[]; secret: string },
): Promise<string> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id });
  if (!row) throw new Error('webhook endpoint not inserted');
  return row.id;
}

export function findEndpoints(db: Database, userId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt));
}

export async function findEndpoint(db: Database, id: string): Promise<WebhookEndpoint | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  return row;
}

export async function updateEndpoint(
  db: Database,
  userId: string,
  id: string,
  values: { url?: string; events?: string[]; enabled?: boolean },
): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({
      ...(values.url !== undefined && { url: values.url }),
      ...(values.events !== undefined && { events: values.events }),
      ...(values.enabled === true && { disabledAt: null, consecutiveFailures: 0 }),
      ...(values.enabled === false && { disabledAt: sql`now()` }),
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function deleteEndpoint(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export function findAttempts(db: Database, endpointId: string, limit: number) {
  return db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.endpointId, endpointId))
    .orderBy(desc(webhookAttempts.createdAt))
    .limit(limit);
}

export async function deleteAttemptsBefore(db: Database, before: Date): Promise<void> {
  await db.delete(webhookAttempts).where(lt(webhookAttempts.createdAt, before));
}

export async function insertAttempt(db: Database, values: typeof webhookAttempts.$inferInsert): Promise<void> {
  await db.insert(webhookAttempts).values(values);
}

/** One `webhook` job per live endpoint of the organiser listening for the type, in one statement. */
export async function queueDeliveries(
  db: Database,
  event: { eventId: string; organiserId: string; type: string; data: string; createdAt: string },
  maxAttempts: number,
): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into ${jobs} (kind, payload, max_attempts)
        select 'webhook', jsonb_build_object('eventId', ${event.eventId}::text, 'endpointId', w.id::text,
                                             'type', ${event.type}::text, 'data', ${event.data}::text,
                                             'createdAt', ${event.createdAt}::text), ${maxAttempts}
          from ${webhookEndpoints} w
         where w.user_id = ${event.organiserId}::uuid and w.disabled_at is null and ${event.type}::text = any (w.events)
        returning id`,
  );
  return rows.length;
}

/**
 * Reserves the endpoint's next delivery slot: `ratePerSecond` a second, with a burst of a second's
 * worth after a quiet time; one row update, so processes share the pace. The slot's time and how
 * long until it (0 or less: now), in milliseconds.
 */
export async function reserveDeliverySlot(db: Database, endpointId: string, ratePerSecond: number) {
  const stepMs = 1000 / ratePerSecond;
  const [row] = await queryRows<{ waitMs: number; slotMs: number }>(
    db,
    sql`update ${webhookEndpoints}
           set next_slot_at = greatest(next_slot_at, now() - interval '1 second') + ${stepMs} * interval '1 millisecond'
         where id = ${endpointId}::uuid
        returning (extract(epoch from (next_slot_at - now())) * 1000 - ${stepMs})::float8 as "waitMs",
                  (extract(epoch from next_slot_at) * 1000 - ${stepMs})::float8 as "slotMs"`,
  );
  return row ?? { waitMs: 0, slotMs: 0 };
}

export async function recordSuccess(db: Database, endpointId: string): Promise<void> {
  await db.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(eq(webhookEndpoints.id, endpointId));
}

/**
 * One more failure in a row; the endpoint is disabled when it reaches `disableAfter`, once:
 * the organiser's address when it was this call that disabled it.
 */
export async function recordFailure(db: Database, endpointId: string, disableAfter: number) {
  const [row] = await queryRows<{ disabled: boolean; failures: number; email: string; firstName: string; url: string }>(
    db,
    sql`update ${webhookEndpoints} w
           set consecutive_failures = w.consecutive_failures + 1,
               disabled_at = case when w.consecutive_failures + 1 >= ${disableAfter} then coalesce(w.disabled_at, now())
                                  else w.disabled_at end
          from ${users} u
         where w.id = ${endpointId}::uuid and u.id = w.user_id
        returning (w.disabled_at is not null and w.consecutive_failures = ${disableAfter}) as disabled,
                  w.consecutive_failures as failures, u.email, u.first_name as "firstName", w.url`,
  );
  return row;
}
