import type { AttendeeMessageAudience } from '@guichet/shared';
import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { MAIL_MAX_ATTEMPTS } from '../../mail/outbox';
import { placeEntriesOnDate, placeOfDate } from '../dates/places-of-date';

/**
 * The places an audience names: live participations of the event, of the chosen tickets (a choice
 * ticket names its options), of the chosen date and entry status, at the event's door or on one of its lists. Read only here: participations keep their shape.
 */
function audiencePlaces(eventId: string, audience: AttendeeMessageAudience) {
  // Came in by the event's door, or by any of its check-in lists' (which keep their own entries);
  // on one date (issue 32), a pass by its entries of that date, and by the lists of that date.
  const date = audience.dateId ? sql`${audience.dateId}::uuid` : null;
  const arrived = sql`(${date ? placeEntriesOnDate(date) : sql`p.entries_used`} > 0
                       or exists (select 1 from checkin_list_entries le join checkin_lists l on l.id = le.list_id
                                   where le.participation_id = p.id and le.entries > 0
                                     and ${date ? sql`(cardinality(l.date_ids) = 0 or ${date} = any(l.date_ids))` : sql`true`}))`;
  // A PostgreSQL array literal: drizzle spreads a JS array into a list. The ids are checked UUIDs.
  const ticketIds = audience.ticketIds && audience.ticketIds.length > 0 ? arrayLiteral(audience.ticketIds) : null;
  return sql`select p.user_id, p.order_id
               from participations p
               join tickets t on t.id = p.ticket_id
              where p.event_id = ${eventId} and p.cancelled_at is null
                and (${ticketIds}::uuid[] is null or t.id = any(${ticketIds}::uuid[])
                     or t.parent_id = any(${ticketIds}::uuid[]))
                and ${placeOfDate(audience.dateId)}
                and (${audience.checkin ?? null}::text is null
                     or (${audience.checkin ?? null}::text = 'in') = ${arrived})`;
}

/** Each distinct address among the places' holders and their orders' buyers, with a first name. */
function audiencePeople(eventId: string, audience: AttendeeMessageAudience) {
  return sql`with places as (${audiencePlaces(eventId, audience)}),
             people as (
               select lower(u.email) as email, u.first_name
                 from places pl join users u on u.id = pl.user_id
                where u.deleted_at is null
               union all
               select lower(o.buyer_email), o.buyer_first_name
                 from places pl join orders o on o.id = pl.order_id
             )
             select email, min(first_name) as first_name from people
              where email like '%@%' and email not like '%@deleted.invalid'
              group by email`;
}

export async function countAudience(db: Database, eventId: string, audience: AttendeeMessageAudience): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from (${audiencePeople(eventId, audience)}) a`,
  );
  return row?.count ?? 0;
}

/** The tickets of `ids` that are the event's (live or not: a place of a deleted ticket is still held). */
export async function countEventTickets(db: Database, eventId: string, ids: string[]): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from tickets where event_id = ${eventId} and id = any(${arrayLiteral(ids)}::uuid[])`,
  );
  return row?.count ?? 0;
}

/**
 * Serialises the messages of one event to the end of `tx` (the daily cap is counted under it),
 * without touching the event row that sales lock.
 */
export async function lockEventMessages(tx: Database, eventId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('attendee_messages:' || ${eventId}, 0))`);
}

export async function countMessagesSince(tx: Database, eventId: string, since: Date): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    tx,
    sql`select count(*)::int as count from attendee_messages
         where event_id = ${eventId} and created_at >= ${since.toISOString()}::timestamptz`,
  );
  return row?.count ?? 0;
}

export async function readMessagesPerDay(db: Database, fallback: number): Promise<number> {
  const [row] = await queryRows<{ perDay: number }>(
    db,
    sql`select attendee_messages_per_day as "perDay" from platform_settings where id`,
  );
  return row?.perDay ?? fallback;
}

export async function writeMessagesPerDay(db: Database, perDay: number): Promise<void> {
  await db.execute(
    sql`insert into platform_settings (id, attendee_messages_per_day, updated_at) values (true, ${perDay}, now())
        on conflict (id) do update set attendee_messages_per_day = excluded.attendee_messages_per_day,
                                       updated_at = excluded.updated_at`,
  );
}

type NewMessage = {
  eventId: string;
  authorId: string;
  subject: string;
  body: string;
  audience: AttendeeMessageAudience;
  senderName: string;
  replyTo: string;
};

/**
 * The message and its recipients, one row per distinct address, written by one INSERT … SELECT
 * (bench/messages.ts: 50,000 recipients cost less than twice 50,000 job rows). Answers the id and
 * how many recipients it has.
 */
export async function insertMessage(tx: Database, message: NewMessage): Promise<{ id: string; recipients: number }> {
  const [created] = await queryRows<{ id: string }>(
    tx,
    sql`insert into attendee_messages (event_id, author_id, subject, body, audience, sender_name, reply_to)
        values (${message.eventId}, ${message.authorId}, ${message.subject}, ${message.body},
                ${JSON.stringify(message.audience)}::jsonb, ${message.senderName}, ${message.replyTo})
        returning id`,
  );
  if (!created) throw new Error('message not inserted');
  const [counted] = await queryRows<{ count: number }>(
    tx,
    sql`with added as (
          insert into attendee_message_recipients (message_id, email, first_name)
          select ${created.id}::uuid, a.email, coalesce(a.first_name, '')
            from (${audiencePeople(message.eventId, message.audience)}) a
          returning 1)
        update attendee_messages set recipient_count = (select count(*) from added)
         where id = ${created.id}
        returning recipient_count as count`,
  );
  return { id: created.id, recipients: counted?.count ?? 0 };
}

export type MessageToSend = {
  id: string;
  subject: string;
  body: string;
  senderName: string;
  replyTo: string;
  eventTitle: string;
};

export async function findMessageToSend(db: Database, id: string): Promise<MessageToSend | undefined> {
  const [row] = await queryRows<MessageToSend>(
    db,
    sql`select m.id, m.subject, m.body, m.sender_name as "senderName", m.reply_to as "replyTo",
               e.title as "eventTitle"
          from attendee_messages m join events e on e.id = m.event_id
         where m.id = ${id}`,
  );
  return row;
}

/**
 * Hands the next `limit` recipients to the outbox, in one statement of the caller's transaction:
 * the recipients are claimed FOR UPDATE SKIP LOCKED (a second run takes others, never these), each
 * gets its mail and the mail's delivery job, and is marked with that mail. Answers how many.
 */
export async function queueNextMails(
  tx: Database,
  message: MessageToSend,
  mail: { text: string; html: string },
  limit: number,
): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    tx,
    sql`with claimed as (
          select r.email from attendee_message_recipients r
           where r.message_id = ${message.id} and r.mail_id is null
           order by r.email
           limit ${limit}
           for update skip locked),
        made as materialized (select gen_random_uuid() as id, email from claimed),
        mails as (
          insert into mail_outbox (id, "to", subject, text, html, from_name, reply_to)
          select id, email, ${message.subject}, ${mail.text}, ${mail.html}, ${message.senderName}, ${message.replyTo}
            from made),
        deliveries as (
          insert into jobs (kind, payload, max_attempts)
          select 'mail', jsonb_build_object('mailId', id::text), ${MAIL_MAX_ATTEMPTS} from made),
        marked as (
          update attendee_message_recipients r set mail_id = made.id, queued_at = now()
            from made where r.message_id = ${message.id} and r.email = made.email
          returning 1)
        select count(*)::int as count from marked`,
  );
  return row?.count ?? 0;
}

/**
 * Whether recipients are left and no later run of the message is queued yet: then the caller
 * queues one. Asked under the message's lock, so two runs at once queue one follow-up between them.
 */
export async function needsFollowUp(tx: Database, messageId: string): Promise<boolean> {
  await tx.execute(sql`select 1 from attendee_messages where id = ${messageId} for update`);
  const [row] = await queryRows<{ needed: boolean }>(
    tx,
    sql`select exists(select 1 from attendee_message_recipients where message_id = ${messageId} and mail_id is null)
               and not exists(select 1 from jobs
                               where kind = 'attendee_message' and payload->>'messageId' = ${messageId}
                                 and done_at is null and failed_at is null and run_at > now()) as needed`,
  );
  return row?.needed ?? false;
}

/** The message's next run, due after the rate's pause by the database's clock (which needsFollowUp reads). */
export async function queueFollowUp(tx: Database, messageId: string, afterMs: number): Promise<void> {
  await tx.execute(
    sql`insert into jobs (kind, payload, run_at)
        values ('attendee_message', jsonb_build_object('messageId', ${messageId}::text),
                now() + ${afterMs} * interval '1 millisecond')`,
  );
}

type MessageRow = {
  id: string;
  subject: string;
  body: string;
  audience: AttendeeMessageAudience;
  createdAt: string;
  senderName: string;
  replyTo: string;
  recipients: number;
  sent: number;
  failed: number;
  eventId: string;
  eventTitle: string;
  organizerName: string;
};

/** Messages with their counts: sent (the outbox delivered it) and failed (delivery gave up). */
function selectMessages(where: ReturnType<typeof sql>, limit: number) {
  return sql`select m.id, m.subject, m.body, m.audience, ${isoTimestamp('m.created_at')} as "createdAt",
                    m.sender_name as "senderName", m.reply_to as "replyTo", m.recipient_count as recipients,
                    coalesce(c.sent, 0)::int as sent, coalesce(c.failed, 0)::int as failed,
                    e.id as "eventId", e.title as "eventTitle",
                    trim(u.first_name || ' ' || u.last_name) as "organizerName"
               from attendee_messages m
               join events e on e.id = m.event_id
               join users u on u.id = e.organizer_id
               left join lateral (
                 select count(*) filter (where o.sent_at is not null) as sent,
                        count(*) filter (where o.sent_at is null and o.attempts >= ${MAIL_MAX_ATTEMPTS}) as failed
                   from attendee_message_recipients r
                   join mail_outbox o on o.id = r.mail_id
                  where r.message_id = m.id) c on true
              where ${where}
              order by m.created_at desc, m.id
              limit ${limit}`;
}

export function findEventMessages(db: Database, eventId: string): Promise<MessageRow[]> {
  return queryRows<MessageRow>(db, selectMessages(sql`m.event_id = ${eventId}`, 100));
}

export function findAllMessages(db: Database): Promise<MessageRow[]> {
  return queryRows<MessageRow>(db, selectMessages(sql`true`, 200));
}

export async function findMessage(db: Database, id: string): Promise<MessageRow | undefined> {
  const [row] = await queryRows<MessageRow>(db, selectMessages(sql`m.id = ${id}`, 1));
  return row;
}
