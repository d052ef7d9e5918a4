/**
 * Rows written in bulk for the load runs, the benches (bench/) and the multi-process test: no
 * password hashing, 500 rows a statement. `tag` keeps apart the rows of several runs on one database.
 */
import type { Database } from '../src/db/client';
import { events, sessions, users } from '../src/db/schema';
import { randomToken, sha256 } from '../src/lib/tokens';
import { SESSION_COOKIE } from '../src/plugins/session';

const HOUR = 3_600_000;

/** The verified organiser of a run's events. Answers its id. */
export async function insertOrganiser(db: Database, tag = ''): Promise<string> {
  const [organizer] = await db
    .insert(users)
    .values({
      email: `organisateur${tag}@bench.test`,
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
 * at a time. Answers their e-mails (`acheteur<tag>-<n>@bench.test`) and session cookies, in order.
 */
export async function insertSignedInBuyers(
  db: Database,
  count: number,
  expiresAt: Date,
  tag = '',
): Promise<{ email: string; cookie: string }[]> {
  const signedIn: { email: string; cookie: string }[] = [];
  for (let i = 0; i < count; i += 500) {
    const buyers = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(500, count - i) }, (_, k) => ({
          email: `acheteur${tag}-${i + k}@bench.test`,
          passwordHash: 'x',
          firstName: 'Alex',
          lastName: 'Martin',
          birthDate: '1999-04-02',
          termsVersionAccepted: 1,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const tokens = buyers.map(() => randomToken());
    await db
      .insert(sessions)
      .values(buyers.map((buyer, index) => ({ tokenHash: sha256(tokens[index] ?? ''), userId: buyer.id, expiresAt })));
    signedIn.push(
      ...buyers.map((buyer, index) => ({ email: buyer.email, cookie: `${SESSION_COOKIE}=${tokens[index]}` })),
    );
  }
  return signedIn;
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

/** Runs `task` over `items` with at most `width` at once. */
export async function inParallel<T>(items: T[], width: number, task: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index] as T, index);
      }
    }),
  );
}
