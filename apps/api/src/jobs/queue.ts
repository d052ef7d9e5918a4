import type { Database } from '../db/client';
import { type JobKind, jobs } from '../db/schema';

type JobOptions = { maxAttempts?: number; runAt?: Date };

/** Queues background work in the same transaction as the change that calls for it. */
export async function queueJob(
  db: Database,
  kind: JobKind,
  payload: Record<string, string>,
  options: JobOptions = {},
): Promise<void> {
  await db.insert(jobs).values({ kind, payload, maxAttempts: options.maxAttempts, runAt: options.runAt });
}

/** Queues jobs of one kind together, one statement for all. */
export async function queueJobs(
  db: Database,
  kind: JobKind,
  payloads: Record<string, string>[],
  options: JobOptions = {},
): Promise<void> {
  if (payloads.length === 0) return;
  await db
    .insert(jobs)
    .values(payloads.map((payload) => ({ kind, payload, maxAttempts: options.maxAttempts, runAt: options.runAt })));
}
