import { type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../../policy/can';

/**
 * The request's session as its route read it (plugins/session.ts, `confirmsSession`): `guessed`
 * when it is the process's copy of less than 10 s, which the route's statement then confirms
 * (guichet_session_holds), and how to read it again from the database when that copy is stale.
 */
export type SessionCopy = { tokenHash: string | null; guessed: boolean; again(): Promise<Viewer | null> };

/** What a statement checks of a copy: the session still open, its account with the copy's role. */
export type SessionGuard = { tokenHash: string; role: string; now: string };

/** The guard a statement must check for `viewer`, none when the session was read from the database. */
export function sessionGuardOf(copy: SessionCopy | undefined, viewer: Viewer, now: Date): SessionGuard | undefined {
  if (!copy?.guessed || !copy.tokenHash) return undefined;
  return { tokenHash: copy.tokenHash, role: viewer.role, now: now.toISOString() };
}

/** The guard as a condition of a statement (true without one). */
export function sessionHolds(guard: SessionGuard | undefined, userId: string): SQL {
  if (!guard) return sql`true`;
  return sql`guichet_session_holds(${guard.tokenHash}, ${userId}::uuid, ${guard.role}, ${guard.now}::timestamptz)`;
}
