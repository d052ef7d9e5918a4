import { z } from 'zod';
import { type FieldError, formText } from '../common/form';
import { attendeeMessagesFr } from '../messages/fr-attendee-messages';

const m = attendeeMessagesFr;

export const MESSAGE_SUBJECT_MAX = 150;
export const MESSAGE_BODY_MAX = 5000;
/** The default cap of messages per event and Paris day (issue 31); the administrator sets another. */
export const DEFAULT_MESSAGES_PER_DAY = 3;
export const MESSAGES_PER_DAY_MAX = 100;

/** Who a message goes to: every live place's holder and buyer, narrowed by ticket, date and entry (empty: everyone). */
export const attendeeMessageAudience = z.strictObject({
  ticketIds: z.array(z.string().max(64)).max(200).optional(),
  /** The places of one date of the event (issue 32): bought for it, or a pass covering it. */
  dateId: z.string().max(64).optional(),
  checkin: z.enum(['in', 'absent']).optional(),
});
export type AttendeeMessageAudience = z.infer<typeof attendeeMessageAudience>;

export const attendeeMessageRequest = z.strictObject({
  // Over the limit by a margin: the rule answers the length in French, the schema stops abuse.
  subject: formText(MESSAGE_SUBJECT_MAX * 4),
  body: formText(MESSAGE_BODY_MAX * 4),
  audience: attendeeMessageAudience.default({}),
});
export type AttendeeMessageRequest = z.input<typeof attendeeMessageRequest>;

/** The form's checks in order: subject, then body; blank text counts as empty. */
export function firstAttendeeMessageError(input: {
  subject: string;
  body: string;
}): FieldError<'subject' | 'body'> | null {
  const subject = input.subject.trim();
  const body = input.body.trim();
  if (!subject) return { field: 'subject', message: m.subjectRequired };
  if (subject.length > MESSAGE_SUBJECT_MAX) return { field: 'subject', message: m.subjectTooLong(MESSAGE_SUBJECT_MAX) };
  if (!body) return { field: 'body', message: m.bodyRequired };
  if (body.length > MESSAGE_BODY_MAX) return { field: 'body', message: m.bodyTooLong(MESSAGE_BODY_MAX) };
  return null;
}

export const attendeeMessageCreated = z.object({ id: z.string() });

export const attendeeMessageCounts = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Mails sent or given up on, out of the recipients, in whole percent. */
  progress: z.number().int(),
});

export const attendeeMessage = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  audience: attendeeMessageAudience,
  createdAt: z.string(),
  senderName: z.string(),
  replyTo: z.string(),
  ...attendeeMessageCounts.shape,
});
export type AttendeeMessage = z.infer<typeof attendeeMessage>;

/** The recipients a message with this audience would have now (the compose form's preview). */
export const attendeeMessageAudienceQuery = z.strictObject({
  ticketIds: z
    .string()
    .max(200 * 40)
    .optional(),
  dateId: z.string().max(64).optional(),
  checkin: z.enum(['in', 'absent']).optional(),
});
export const attendeeMessagePreview = z.object({ recipients: z.number().int(), perDay: z.number().int() });
export type AttendeeMessagePreview = z.infer<typeof attendeeMessagePreview>;

/** The back office's list: every message sent, newest first. */
export const adminAttendeeMessage = attendeeMessage.extend({
  eventId: z.string(),
  eventTitle: z.string(),
  organizerName: z.string(),
});
export type AdminAttendeeMessage = z.infer<typeof adminAttendeeMessage>;

export const platformSettings = z.object({ attendeeMessagesPerDay: z.number().int() });
export type PlatformSettings = z.infer<typeof platformSettings>;
export const platformSettingsRequest = z.strictObject({
  attendeeMessagesPerDay: z.number().int().min(0).max(MESSAGES_PER_DAY_MAX),
});
