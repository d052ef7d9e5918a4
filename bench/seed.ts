import type { Database } from '../apps/api/src/db/client';
import { events, sessions, users } from '../apps/api/src/db/schema';
import { randomToken, sha256 } from '../apps/api/src/lib/tokens';
import { SESSION_COOKIE } from '../apps/api/src/plugins/session';

const HOUR = 3_600_000;

/** The verified organiser of a bench's events. Answers its id. */
export async function insertOrganiser(db: Database): Promise<string> {
  const [organizer] = await db
    .insert(users)
    .values({
      email: 'organisateur@bench.test',
      passwordHash: 'x',
      firstName: 'Claire',
      lastName: 'Banc',
      birthDate: '1988-03-14',
      isVerified: true,
      termsVersionAccepted: 1,
    })
    .returning({ id: users.id });
  return organizer?.id ?? '';
}

/**
 * `count` buyers signed in beforehand (an order needs its e-mail's proof: a session), written 500
 * at a time. Answers their session cookies, in the order of their e-mails `acheteur-<n>@bench.test`.
 */
export async function insertSignedInBuyers(db: Database, count: number, expiresAt: Date): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i += 500) {
    const buyers = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(500, count - i) }, (_, k) => ({
          email: `acheteur-${i + k}@bench.test`,
          passwordHash: 'x',
          firstName: 'Alex',
          lastName: 'Martin',
          birthDate: '1999-04-02',
          termsVersionAccepted: 1,
        })),
      )
      .returning({ id: users.id });
    const tokens = buyers.map(() => randomToken());
    await db
      .insert(sessions)
      .values(buyers.map((buyer, index) => ({ tokenHash: sha256(tokens[index] ?? ''), userId: buyer.id, expiresAt })));
    cookies.push(...tokens.map((token) => `${SESSION_COOKIE}=${token}`));
  }
  return cookies;
}

type EventRow = typeof events.$inferInsert;

/** A public event in Toulouse from `start` (ms), `hours` long (4 unless told), with any other column given. Answers its id. */
export async function insertEvent(
  db: Database,
  event: Omit<EventRow, 'address' | 'dateBegin' | 'dateEnd'> & { start: number; hours?: number },
): Promise<string> {
  const { start, hours = 4, ...columns } = event;
  const [row] = await db
    .insert(events)
    .values({
      address: 'Toulouse',
      dateBegin: new Date(start),
      dateEnd: new Date(start + hours * HOUR),
      isPublic: true,
      ...columns,
    })
    .returning({ id: events.id });
  return row?.id ?? '';
}
