import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

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
    .select({ firstName: users.firstName, lastName: users.lastName })
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

/** Not an argon2 hash: no password matches it, so the account is opened by a password reset. */
const GUEST_PASSWORD_HASH = 'guest';
