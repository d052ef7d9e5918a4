import {
  type AdminAttendeeMessage,
  type AttendeeMessage,
  type AttendeeMessageAudience,
  type AttendeeMessagePreview,
  attendeeMessagesFr,
  DEFAULT_MESSAGES_PER_DAY,
  datesFr,
  firstAttendeeMessageError,
  type PlatformSettings,
  todayInParis,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { queueJob } from '../../jobs/queue';
import { AppError, badRequest } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { isUuid } from '../../lib/ids';
import type { Viewer } from '../../policy/can';
import { authorizeEvent } from '../../policy/event-access';
import { findDates } from '../dates/dates.repository';
import { findUserName } from '../users/users.repository';
import * as repo from './repository';

const m = attendeeMessagesFr;

/**
 * The send rate: each run of a message's job hands this many recipients to the outbox, then the
 * next run waits. 50 every 5 s is 36,000 an hour, under common SMTP relays' limits, and leaves the
 * job runner to the sale's own mails between batches (docs/decisions.md, "Messages to attendees").
 */
export const MESSAGE_BATCH = 50;
export const MESSAGE_BATCH_EVERY_MS = 5_000;

type Audience = AttendeeMessageAudience;

/** The audience as the database reads it, its ticket ids and its date checked to be the event's. */
async function checkedAudience(deps: AppDeps, eventId: string, audience: Audience): Promise<Audience> {
  const ticketIds = [...new Set(audience.ticketIds ?? [])];
  if (
    ticketIds.some((id) => !isUuid(id)) ||
    (await repo.countEventTickets(deps.db, eventId, ticketIds)) < ticketIds.length
  ) {
    throw badRequest(m.ticketUnknown, 'audience.ticketIds');
  }
  const { dateId } = audience;
  if (dateId && dateId !== eventId && !(await findDates(deps.db, eventId)).some((date) => date.id === dateId)) {
    throw badRequest(datesFr.notFound, 'audience.dateId');
  }
  return {
    ...(ticketIds.length > 0 && { ticketIds }),
    ...(dateId && { dateId }),
    ...(audience.checkin && { checkin: audience.checkin }),
  };
}

/** Midnight in Paris today, as an instant: the day the cap counts in. */
function parisDayStart(now: Date): Date {
  const day = todayInParis(now);
  // Paris is UTC+1 or +2: the later of the two candidate midnights that is not after now.
  for (const offset of ['+02:00', '+01:00']) {
    const start = new Date(`${day}T00:00:00${offset}`);
    if (todayInParis(start) === day && start <= now) return start;
  }
  return new Date(`${day}T00:00:00+01:00`);
}

function messagesPerDay(deps: AppDeps): Promise<number> {
  return repo.readMessagesPerDay(deps.db, DEFAULT_MESSAGES_PER_DAY);
}

/** The compose form's preview: how many addresses the audience has now, and the day's cap. */
export async function previewAudience(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  audience: Audience,
): Promise<AttendeeMessagePreview> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'messageAttendees', { hideRefusal: true });
  const checked = await checkedAudience(deps, event.id, audience);
  return { recipients: await repo.countAudience(deps.db, event.id, checked), perDay: await messagesPerDay(deps) };
}

/**
 * Writes a message to the attendees: checked, capped per Paris day (counted under a lock of the
 * event's messages, so two sends at once cannot both pass the last seat), kept with one row per
 * recipient, and its sending queued in the same transaction.
 */
export async function sendMessage(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  input: { subject: string; body: string; audience: Audience },
): Promise<{ id: string }> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'messageAttendees', { hideRefusal: true });
  const error = firstAttendeeMessageError(input);
  if (error) throw badRequest(error.message, error.field);
  const audience = await checkedAudience(deps, event.id, input.audience);
  const organizer = await findUserName(deps.db, event.organizerId);
  const perDay = await messagesPerDay(deps);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await repo.lockEventMessages(tx, event.id);
    if ((await repo.countMessagesSince(tx, event.id, parisDayStart(now))) >= perDay) {
      throw new AppError('MESSAGE_LIMIT', m.limitReached(perDay), 429);
    }
    const created = await repo.insertMessage(tx, {
      eventId: event.id,
      authorId: viewer?.id ?? event.organizerId,
      subject: input.subject.trim(),
      body: input.body.trim(),
      audience,
      senderName: organizer ? `${organizer.firstName} ${organizer.lastName}`.trim() : deps.config.brandName,
      // The organiser's account address: the one the platform knows to be theirs.
      replyTo: organizer?.email ?? deps.config.contactEmail,
    });
    // Nothing to send to: nothing kept, the seat of the day not taken.
    if (created.recipients === 0) throw new AppError('NO_RECIPIENT', m.noRecipient, 409, 'audience');
    await queueJob(tx, 'attendee_message', { messageId: created.id });
    return { id: created.id };
  });
}

export async function listMessages(deps: AppDeps, viewer: Viewer | null, eventId: string): Promise<AttendeeMessage[]> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'messageAttendees', { hideRefusal: true });
  return (await repo.findEventMessages(deps.db, event.id)).map(toMessage);
}

const progressOf = (row: { recipients: number; sent: number; failed: number }) =>
  row.recipients === 0 ? 100 : Math.floor(((row.sent + row.failed) * 100) / row.recipients);

function toMessage(row: Awaited<ReturnType<typeof repo.findEventMessages>>[number]): AttendeeMessage {
  const { eventId: _e, eventTitle: _t, organizerName: _o, ...message } = row;
  return { ...message, progress: progressOf(row) };
}

export async function listAllMessages(deps: AppDeps): Promise<AdminAttendeeMessage[]> {
  return (await repo.findAllMessages(deps.db)).map((row) => ({ ...row, progress: progressOf(row) }));
}

export async function readMessage(deps: AppDeps, id: string): Promise<AdminAttendeeMessage> {
  const row = isUuid(id) ? await repo.findMessage(deps.db, id) : undefined;
  if (!row) throw new AppError('MESSAGE_NOT_FOUND', m.notFound, 404);
  return { ...row, progress: progressOf(row) };
}

export async function readSettings(deps: AppDeps): Promise<PlatformSettings> {
  return { attendeeMessagesPerDay: await messagesPerDay(deps) };
}

export async function saveSettings(deps: AppDeps, settings: PlatformSettings): Promise<PlatformSettings> {
  await repo.writeMessagesPerDay(deps.db, settings.attendeeMessagesPerDay);
  return readSettings(deps);
}

/** The mail's text and its HTML part: the organiser's words as text, escaped, never as markup. */
function mailOf(message: repo.MessageToSend, brandName: string): { text: string; html: string } {
  const footer = m.mailFooter(message.eventTitle, brandName);
  const paragraphs = (text: string) =>
    text
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
      .join('');
  return {
    text: `${message.body}\n\n--\n${footer}`,
    html: `${paragraphs(message.body)}<hr>${paragraphs(footer)}`,
  };
}

/**
 * The job 'attendee_message': hands the next batch of recipients to the outbox (each recipient
 * once, whatever runs at the same time), then queues the next run after the rate's pause while
 * recipients are left. A message whose event is gone has nothing left to do.
 */
export async function sendNextBatch(deps: Pick<AppDeps, 'db' | 'config'>, messageId: string): Promise<number> {
  const message = isUuid(messageId) ? await repo.findMessageToSend(deps.db, messageId) : undefined;
  if (!message) return 0;
  const mail = mailOf(message, deps.config.brandName);
  return deps.db.transaction(async (tx) => {
    const queued = await repo.queueNextMails(tx, message, mail, MESSAGE_BATCH);
    if (await repo.needsFollowUp(tx, message.id)) await repo.queueFollowUp(tx, message.id, MESSAGE_BATCH_EVERY_MS);
    return queued;
  });
}
