import type { Database } from '../db/client';
import type { JobKind } from '../db/schema';
import { describeError } from '../lib/errors';
import { Deferred } from './deferred';
import {
  claimDueJobs,
  type Job,
  markJobDeferred,
  markJobDone,
  markJobEnded,
  markJobFailedAttempt,
  renewJobLease,
} from './repository';
import { SubjectGone } from './subject-gone';

type JobHandler = (payload: Record<string, string>, job: Job) => Promise<void>;
export type JobHandlers = Record<JobKind, JobHandler>;

type JobRunnerOptions = {
  db: Database;
  handlers: JobHandlers;
  intervalMs?: number;
  /** How long a claimed job is its runner's: longer than any job takes (an SMTP timeout). */
  leaseMs?: number;
  /** The wait before attempt n + 1; by default 30 s doubled each time, at most an hour. */
  backoffMs?: (attempt: number) => number;
  onError?: (error: unknown, job?: Job) => void;
  /** A job ended without its work because its subject is gone (for the log). */
  onEnded?: (job: Job, reason: string) => void;
  /**
   * Kinds run apart from the rest, each group by its own loop at the same time as the others: a
   * quick kind (a webhook) does not wait behind slow ones (a mail with its PDFs) queued before it.
   */
  lanes?: JobKind[][];
  /** Work with no row of its own, done every so often by each process (sweeps). */
  every?: { name: string; everyMs: number; run(): Promise<unknown> }[];
};

const BATCH = 20;
const defaultBackoffMs = (attempt: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempt - 1));

/**
 * Runs queued jobs: each batch is claimed in one short statement and its jobs run outside any
 * transaction, so that a slow job (a PDF, an SMTP server, a bank) never holds a lock or, on the
 * embedded database's single connection, the whole application.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, handlers } = options;
  const backoff = options.backoffMs ?? defaultBackoffMs;
  let timer: NodeJS.Timeout | undefined;
  const sweeps: NodeJS.Timeout[] = [];
  let running: Promise<void> | undefined;
  // Set by stop(): the job in hand is finished, the rest of its batch given back, no new batch
  // claimed (graceful shutdown).
  let stopping = false;

  const leaseMs = options.leaseMs ?? 120_000;

  /**
   * A job of the batch in hand, if it is still this runner's: the batch's later jobs may have
   * waited past their lease and been claimed by another process, which then sends them. While it
   * runs its lease is renewed, so that a slow delivery (PDFs, a slow SMTP server) is not taken
   * and sent a second time.
   */
  async function runOne(job: Job): Promise<boolean> {
    if (!(await renewJobLease(db, job, leaseMs))) return false;
    const renewal = setInterval(() => {
      renewJobLease(db, job, leaseMs).catch((error: unknown) => options.onError?.(error, job));
    }, leaseMs / 3);
    renewal.unref();
    try {
      await handlers[job.kind](job.payload, job);
      await markJobDone(db, job.id);
    } catch (error) {
      if (error instanceof Deferred) {
        await markJobDeferred(db, job, error.delayMs, error.note);
      } else if (error instanceof SubjectGone) {
        await markJobEnded(db, job.id, error.reason);
        options.onEnded?.(job, error.reason);
      } else {
        await markJobFailedAttempt(db, job, describeError(error), backoff(job.attempts));
        options.onError?.(error, job);
      }
    } finally {
      clearInterval(renewal);
    }
    return true;
  }

  const laneKinds = lanesOf(Object.keys(handlers) as JobKind[], options.lanes ?? []);

  /**
   * Runs every job due now, batch after batch, or only those of the kinds `only` names (one lane,
   * not waiting for the others); the jobs it makes due again wait for their time.
   */
  async function runDue(only?: readonly JobKind[]): Promise<number> {
    if (only) return runLane(only);
    const done = await Promise.all(laneKinds.map(runLane));
    return done.reduce((sum, n) => sum + n, 0);
  }

  async function runLane(kinds: readonly JobKind[] | undefined): Promise<number> {
    let done = 0;
    for (;;) {
      const batch = await claimDueJobs(db, BATCH, leaseMs, kinds);
      for (const job of batch) {
        // Stopping: the jobs of the batch not started go back to the queue at once, their attempt
        // given back, for another process, rather than waiting out their lease.
        if (stopping) await markJobDeferred(db, job, 0);
        else if (await runOne(job)) done++;
      }
      if (batch.length < BATCH || stopping) return done;
    }
  }

  function kick(): Promise<void> {
    running ??= runDue()
      .then(() => undefined)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    runDue,
    kick,
    start() {
      stopping = false;
      timer = setInterval(() => void kick(), options.intervalMs ?? 2000);
      timer.unref();
      for (const sweep of options.every ?? []) {
        const every = setInterval(() => {
          sweep.run().catch((error: unknown) => options.onError?.(error));
        }, sweep.everyMs);
        every.unref();
        sweeps.push(every);
      }
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      for (const every of sweeps.splice(0)) clearInterval(every);
      await running;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

/** The kinds each loop claims: the given lanes, then every other kind together (all: undefined). */
function lanesOf(kinds: readonly JobKind[], lanes: JobKind[][]): (readonly JobKind[] | undefined)[] {
  if (lanes.length === 0) return [undefined];
  const apart = new Set(lanes.flat());
  return [...lanes, kinds.filter((kind) => !apart.has(kind))];
}
