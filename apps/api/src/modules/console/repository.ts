import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, users } from '../../db/schema';

export async function findEventsOfOrganizer(db: Database, organizerId: string) {
  return db
    .select({
      id: events.id,
      title: events.title,
      dateBegin: events.dateBegin,
      dateEnd: events.dateEnd,
      isPublic: events.isPublic,
      cancelledAt: events.cancelledAt,
      bannerPath: events.bannerPath,
    })
    .from(events)
    .where(and(eq(events.organizerId, organizerId), isNull(events.deletedAt)))
    .orderBy(desc(events.createdAt), desc(events.dateBegin), events.id);
}

/** Verified organisers, and anyone who has organised an event (a private one needs no verification). */
export async function findOrganizers(db: Database) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        sql`(${users.isVerified} or exists (
          select 1 from ${events} where ${events.organizerId} = ${users.id} and ${events.deletedAt} is null
        ))`,
      ),
    );
}
