import { type ActiveSession, accountFr, type MessageResult } from '@guichet/shared';
import Bowser from 'bowser';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { sha256 } from '../../lib/tokens';
import type { SignedInUser } from '../users/users.repository';
import * as repo from './sessions.repository';

const m = accountFr.settings.sessions;
/** Enough of the token's hash to tell sessions apart, too little to find one by. */
const HANDLE_LENGTH = 16;

/** "Chrome 131 · Android 14", from what the browser said when the session opened. */
function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  return [browser, system].filter(Boolean).join(' · ') || null;
}

export async function listSessions(deps: AppDeps, me: SignedInUser, token: string | null): Promise<ActiveSession[]> {
  const current = token ? sha256(token) : null;
  const rows = await repo.findLiveSessions(deps.db, me.id, deps.clock.now());
  return rows
    .map((row) => ({
      id: row.tokenHash.slice(0, HANDLE_LENGTH),
      device: deviceOf(row.userAgent),
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.tokenHash === current,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt.localeCompare(a.createdAt));
}

/** Ends one of the account's sessions (a lost phone, a shared computer). */
export async function endSession(deps: AppDeps, me: SignedInUser, handle: string): Promise<MessageResult> {
  if (!/^[0-9a-f]{16}$/.test(handle) || !(await repo.deleteSessionByHandle(deps.db, me.id, handle))) {
    throw new AppError('SESSION_NOT_FOUND', m.notFound, 404);
  }
  return { message: m.ended };
}

/** Every other session of the account ends; this one stays. */
export async function endOtherSessions(deps: AppDeps, me: SignedInUser, token: string | null): Promise<MessageResult> {
  if (token) await repo.deleteSessionsExcept(deps.db, me.id, sha256(token));
  return { message: m.othersEnded };
}
