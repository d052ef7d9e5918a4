import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { type JobKind, jobs } from '../db/schema';

export type Job = typeof jobs.$inferSelect;

/**
 * Takes up to `limit` due jobs (of `kinds` when given) for `leaseMs`, in one short statement: SKIP LOCKED keeps several
 * processes off each other's jobs, and the lease lets a job go again if its runner dies.
 */
export async function claimDueJobs(
  db: Database,
  limit: number,
  leaseMs: number,
  kinds?: readonly JobKind[],
): Promise<Job[]> {
  const ofKinds = kinds ? sql`and kind = any(${`{${kinds.join(',')}}`}::text[])` : sql``;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update jobs set locked_until = now() + ${leaseMs} * interval '1 millisecond', attempts = attempts + 1
         where id in (
           select id from jobs
            where done_at is null and failed_at is null and run_at <= now()
              and (locked_until is null or locked_until < now()) ${ofKinds}
            order by run_at
            limit ${limit}
            for update skip locked)
        returning id`,
  );
  if (rows.length === 0) return [];
  return db
    .select()
    .from(jobs)
    .where(
      inArray(
        jobs.id,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(jobs.runAt);
}

/**
 * Keeps a claimed job its runner's for `leaseMs` more, if it still is: its attempt count, raised
 * by every claim, tells whether another process took it since. False: leave it alone.
 */
export async function renewJobLease(db: Database, job: Job, leaseMs: number): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update jobs set locked_until = now() + ${leaseMs} * interval '1 millisecond'
         where id = ${job.id} and attempts = ${job.attempts} and done_at is null and failed_at is null
        returning id`,
  );
  return rows.length > 0;
}

export async function markJobDone(db: Database, id: string): Promise<void> {
  await db.update(jobs).set({ doneAt: sql`now()`, lockedUntil: null, lastError: null }).where(eq(jobs.id, id));
}

/** Done without its work, never to be tried again: its subject is gone (`SubjectGone`), and why. */
export async function markJobEnded(db: Database, id: string, reason: string): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: sql`now()`, lockedUntil: null, lastError: null, endedReason: reason.slice(0, 1000) })
    .where(eq(jobs.id, id));
}

/**
 * Due again after `delayMs`, its attempt given back by one more allowed: the count itself only
 * grows, since each claim's count is the fencing token of the runner holding it.
 */
export async function markJobDeferred(
  db: Database,
  job: Job,
  delayMs: number,
  note: Record<string, string> = {},
): Promise<void> {
  await db
    .update(jobs)
    .set({
      lockedUntil: null,
      payload: { ...job.payload, ...note },
      maxAttempts: sql`${jobs.maxAttempts} + 1`,
      runAt: sql`now() + ${Math.max(0, Math.round(delayMs))} * interval '1 millisecond'`,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts)));
}

/** Another attempt after `delayMs`, or none left: the job stops, failed, with its error. */
export async function markJobFailedAttempt(db: Database, job: Job, error: string, delayMs: number): Promise<void> {
  const finished = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set({
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      ...(finished ? { failedAt: sql`now()` } : { runAt: sql`now() + ${delayMs} * interval '1 millisecond'` }),
    })
    .where(eq(jobs.id, job.id));
}

/** The jobs someone should look at: those that gave up, newest first, and how many are waiting. */
export async function jobsOverview(db: Database) {
  const failed = await db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      failedAt: jobs.failedAt,
      createdAt: jobs.createdAt,
    })
    .from(jobs)
    .where(isNotNull(jobs.failedAt))
    .orderBy(desc(jobs.failedAt))
    .limit(100);
  const [pending] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), isNull(jobs.failedAt)));
  return { pending: pending?.count ?? 0, failed };
}

/** Jobs waiting to run (not done, not given up), by kind: the outbox depth the metrics report. */
export async function countPendingJobsByKind(db: Database): Promise<{ kind: string; count: number }[]> {
  return db
    .select({ kind: jobs.kind, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), isNull(jobs.failedAt)))
    .groupBy(jobs.kind);
}
