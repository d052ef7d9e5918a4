import { and, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The account behind a session, as every module sees the person calling: without the password
 * hash nor the trace of a deleted e-mail, which only the auth module reads.
 */
export type SignedInUser = Omit<typeof users.$inferSelect, 'passwordHash' | 'deletedEmailHash'>;

const { passwordHash: _hash, deletedEmailHash: _deleted, ...sessionUserColumns } = getTableColumns(users);

/** The columns of a `SignedInUser`, for the query that resolves a session. */
export { sessionUserColumns };

/**
 * Reads of user accounts for other modules: they ask here rather than querying the users table
 * themselves (no module reaches into another's repository for a person).
 */
export async function findLiveUserByEmail(db: Database, normalizedEmail: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.email, normalizedEmail), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function findUserName(db: Database, id: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/**
 * The account of someone who bought without one (at the door): no password until they set one
 * through 'Mot de passe oublié'. Two sales to the same new e-mail at once make one account.
 */
export async function findOrCreateGuestUser(
  db: Database,
  values: { email: string; firstName: string; lastName: string; birthDate: string },
) {
  await db
    .insert(users)
    .values({ ...values, passwordHash: GUEST_PASSWORD_HASH })
    .onConflictDoNothing({ target: users.email });
  return findLiveUserByEmail(db, values.email);
}

/**
 * The day of birth of an account made for someone whose birth date nobody gave (an invitee): the
 * same marker a deleted account keeps; the statistics count it as unknown.
 */
export const UNKNOWN_BIRTH_DATE = '1900-01-01';

/**
 * Guest accounts for several people at once (an invitation file), made in the caller's
 * transaction for those who have none; answers every live account of these e-mails.
 */
export async function findOrCreateGuestUsers(
  db: Database,
  people: { email: string; firstName: string; lastName: string }[],
) {
  if (people.length === 0) return [];
  await db
    .insert(users)
    .values(people.map((person) => ({ ...person, birthDate: UNKNOWN_BIRTH_DATE, passwordHash: GUEST_PASSWORD_HASH })))
    .onConflictDoNothing({ target: users.email });
  return db
    .select({ id: users.id, email: users.email, birthDate: users.birthDate })
    .from(users)
    .where(
      and(
        inArray(
          users.email,
          people.map((person) => person.email),
        ),
        isNull(users.deletedAt),
      ),
    );
}

/** Not an argon2 hash: no password matches it, so the account is opened by a password reset. */
const GUEST_PASSWORD_HASH = 'guest';

/** The whole account row: only the auth module reads its password hash. */
export type UserRow = typeof users.$inferSelect;

/** Any account of this e-mail, deleted ones included (they keep a replaced e-mail). */
export function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

/** The account's password hash, for the changes that ask for the current password. */
export async function findPasswordHash(db: Database, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash;
}

export async function insertUser(db: Database, values: typeof users.$inferInsert): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row ?? null;
}

export async function updateUser(db: Database, userId: string, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** An organiser's commission columns (null: the standard rate) and what their mail needs. */
export async function findOrganizerAccount(db: Database, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      commissionRateBps: users.commissionRateBps,
      commissionFixedCents: users.commissionFixedCents,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
