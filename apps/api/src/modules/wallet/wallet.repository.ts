import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { walletDeviceRegistrations, walletPasses } from '../../db/schema';

/** How many downloads' tokens a pass keeps: a phone, a watch, a download again after a reset. */
const TOKENS_KEPT = 5;

/** The pass of a participation, made at its first download: a new token joins the latest kept. */
export async function addPassToken(db: Database, participationId: string, tokenHash: string): Promise<void> {
  await db
    .insert(walletPasses)
    .values({ participationId, authTokenHashes: [tokenHash] })
    .onConflictDoUpdate({
      target: walletPasses.participationId,
      set: {
        authTokenHashes: sql`(array_append(${walletPasses.authTokenHashes}, ${tokenHash}))[greatest(1, cardinality(${walletPasses.authTokenHashes}) + 2 - ${TOKENS_KEPT}):]`,
      },
    });
}

/** A Google Wallet save link was given: its object may exist at Google from now on. */
export async function markGoogleLinked(db: Database, participationId: string, at: Date): Promise<void> {
  await db
    .insert(walletPasses)
    .values({ participationId, googleLinkedAt: at })
    .onConflictDoUpdate({ target: walletPasses.participationId, set: { googleLinkedAt: at } });
}

/** The pass, when `tokenHash` is one of its tokens. */
export async function findPassByToken(db: Database, participationId: string, tokenHash: string) {
  const [row] = await db
    .select({ updatedAt: walletPasses.updatedAt })
    .from(walletPasses)
    .where(
      and(eq(walletPasses.participationId, participationId), sql`${tokenHash} = any(${walletPasses.authTokenHashes})`),
    );
  return row;
}

export async function findPass(db: Database, participationId: string) {
  const [row] = await db.select().from(walletPasses).where(eq(walletPasses.participationId, participationId));
  return row;
}

/** True when the device was not registered for this pass yet; its push token is kept current. */
export async function registerDevice(
  db: Database,
  registration: { deviceId: string; participationId: string; pushToken: string },
): Promise<boolean> {
  const rows = await db
    .insert(walletDeviceRegistrations)
    .values(registration)
    .onConflictDoUpdate({
      target: [walletDeviceRegistrations.deviceId, walletDeviceRegistrations.participationId],
      set: { pushToken: registration.pushToken },
    })
    // xmax is 0 on a row this statement inserted, and not on one it updated.
    .returning({ isNew: sql<boolean>`(xmax = 0)` });
  return rows[0]?.isNew ?? false;
}

export async function unregisterDevice(db: Database, deviceId: string, participationId: string): Promise<void> {
  await db
    .delete(walletDeviceRegistrations)
    .where(
      and(
        eq(walletDeviceRegistrations.deviceId, deviceId),
        eq(walletDeviceRegistrations.participationId, participationId),
      ),
    );
}

/** The passes of a device changed after `since` (all of them without), newest first. */
export async function findUpdatedPasses(db: Database, deviceId: string, since: Date | undefined) {
  return db
    .select({ participationId: walletPasses.participationId, updatedAt: walletPasses.updatedAt })
    .from(walletDeviceRegistrations)
    .innerJoin(walletPasses, eq(walletPasses.participationId, walletDeviceRegistrations.participationId))
    .where(
      and(
        eq(walletDeviceRegistrations.deviceId, deviceId),
        // The tag is in milliseconds: the microseconds of the time kept do not count.
        since ? gt(sql`date_trunc('milliseconds', ${walletPasses.updatedAt})`, since) : undefined,
      ),
    )
    .orderBy(desc(walletPasses.updatedAt));
}

export async function findPushTokens(db: Database, participationId: string): Promise<string[]> {
  const rows = await db
    .select({ pushToken: walletDeviceRegistrations.pushToken })
    .from(walletDeviceRegistrations)
    .where(eq(walletDeviceRegistrations.participationId, participationId));
  return [...new Set(rows.map((row) => row.pushToken))];
}

/** Devices whose push token APNs no longer knows: they will not ask again, so they go. */
export async function forgetPushTokens(db: Database, participationId: string, pushTokens: string[]): Promise<void> {
  if (pushTokens.length === 0) return;
  await db
    .delete(walletDeviceRegistrations)
    .where(
      and(
        eq(walletDeviceRegistrations.participationId, participationId),
        inArray(walletDeviceRegistrations.pushToken, pushTokens),
      ),
    );
}
