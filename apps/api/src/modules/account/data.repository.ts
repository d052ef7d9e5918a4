import { and, asc, eq, getTableColumns, gte, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  apiTokens,
  contactMessages,
  emailCodes,
  events,
  follows,
  participations,
  sessions,
  tickets,
  ticketTransfers,
  users,
  waitingListEntries,
  webhookEndpoints,
} from '../../db/schema';
import { withEventAndTicket } from '../participations/with-ticket.repository';

export async function hasUpcomingOrganisedEvents(db: Database, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.organizerId, userId), isNull(events.deletedAt), gte(events.dateEnd, now)))
    .limit(1);
  return Boolean(row);
}

/**
 * Erases what identifies the person and keeps the rows accounting needs (participations,
 * orders, events), now pointing at an anonymous account.
 */
export async function anonymiseUser(
  db: Database,
  userId: string,
  values: { firstName: string; lastName: string; email: string; deletedEmailHash: string; now: Date },
): Promise<void> {
  await db.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.followedId, userId)));
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(emailCodes).where(eq(emailCodes.userId, userId));
  await db.delete(contactMessages).where(eq(contactMessages.userId, userId));
  // An integration speaks for its organiser: it ends with the account. The endpoints' secrets and
  // delivery log go (their pending deliveries end as their subject is gone).
  await db.delete(apiTokens).where(eq(apiTokens.userId, userId));
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  await db
    .update(users)
    .set({
      email: values.email,
      deletedEmailHash: values.deletedEmailHash,
      // Not an argon2 hash: no password can ever match it.
      passwordHash: 'deleted',
      firstName: values.firstName,
      lastName: values.lastName,
      birthDate: '1900-01-01',
      gender: 'undefined',
      description: '',
      byCar: false,
      byFoot: false,
      byCommon: false,
      byMotorcycle: false,
      showEmail: false,
      isPublic: false,
      newsletter: false,
      verificationRequestedAt: null,
      photoPath: null,
      bannerPath: null,
      pendingEmail: null,
      emailVerifiedAt: null,
      deletedAt: values.now,
    })
    .where(eq(users.id, userId));
}

/** Everything the export gathers about one person, in plain rows. */
// A line the person stands in, all but the offer link's token, which stays the server's even hashed.
const { offerTokenHash: _token, userId: _user, ...waitingListExport } = getTableColumns(waitingListEntries);

export async function findPersonalData(db: Database, userId: string, email: string) {
  const [followed, followers, ownParticipations, messages, organised, waitingLists, transfers] = await Promise.all([
    db
      .select({ userId: follows.followedId, since: follows.createdAt })
      .from(follows)
      .where(eq(follows.followerId, userId))
      .orderBy(asc(follows.createdAt)),
    db
      .select({ userId: follows.followerId, since: follows.createdAt })
      .from(follows)
      .where(eq(follows.followedId, userId))
      .orderBy(asc(follows.createdAt)),
    withEventAndTicket(
      db
        .select({
          id: participations.id,
          eventId: participations.eventId,
          eventTitle: events.title,
          ticketTitle: tickets.title,
          quantity: participations.quantity,
          source: participations.source,
          refundPlaces: participations.refundPlaces,
          refundRequestedAt: participations.refundRequestedAt,
          createdAt: participations.createdAt,
          cancelledAt: participations.cancelledAt,
          transferredAt: participations.transferredAt,
        })
        .from(participations)
        .$dynamic(),
    )
      .where(eq(participations.userId, userId))
      .orderBy(asc(participations.createdAt)),
    db
      .select({
        firstName: contactMessages.firstName,
        lastName: contactMessages.lastName,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(eq(contactMessages.userId, userId))
      .orderBy(asc(contactMessages.createdAt)),
    db
      .select({ id: events.id, title: events.title, dateBegin: events.dateBegin, isPublic: events.isPublic })
      .from(events)
      .where(and(eq(events.organizerId, userId), isNull(events.deletedAt)))
      .orderBy(asc(events.dateBegin)),
    db
      .select({ ...waitingListExport, eventTitle: events.title, ticketTitle: tickets.title })
      .from(waitingListEntries)
      .innerJoin(events, eq(events.id, waitingListEntries.eventId))
      .innerJoin(tickets, eq(tickets.id, waitingListEntries.ticketId))
      .where(eq(waitingListEntries.userId, userId))
      .orderBy(asc(waitingListEntries.createdAt)),
    // The tickets they sent and those sent to them (issue 30), never the link's token, even hashed.
    db
      .select({
        id: ticketTransfers.id,
        eventTitle: events.title,
        sent: sql<boolean>`${ticketTransfers.fromUserId} = ${userId}`,
        toEmail: ticketTransfers.toEmail,
        status: ticketTransfers.status,
        createdAt: ticketTransfers.createdAt,
        expiresAt: ticketTransfers.expiresAt,
        endedAt: ticketTransfers.endedAt,
      })
      .from(ticketTransfers)
      .innerJoin(events, eq(events.id, ticketTransfers.eventId))
      .where(
        or(
          eq(ticketTransfers.fromUserId, userId),
          eq(ticketTransfers.toUserId, userId),
          eq(ticketTransfers.toEmail, email),
        ),
      )
      .orderBy(asc(ticketTransfers.createdAt)),
  ]);
  return { followed, followers, participations: ownParticipations, messages, organised, waitingLists, transfers };
}
