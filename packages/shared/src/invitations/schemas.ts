import { z } from 'zod';
import { type FieldError, formText } from '../common/form';
import { invitationsFr } from '../messages/fr-invitations';
import { EMAIL_MAX_LENGTH, isEmailValid, normalizeEmail } from '../rules/email';

const m = invitationsFr;

/**
 * The most rows one file may hold (docs/decisions.md, "Invitations"): a guest list of a large
 * venue, settled in one transaction of a few seconds; a larger list is split into files.
 */
export const MAX_INVITATION_ROWS = 2000;
/** The largest file read: 2,000 rows of a spreadsheet weigh well under it. */
export const MAX_INVITATION_FILE_MB = 5;
const INVITEE_NAME_MAX = 100;

/** One invitation (issue 31's contract): without `ticketId`, the event's first free or cheapest ticket. */
export const invitationRequest = z.strictObject({
  ticketId: z.string().max(64).optional(),
  /** The date given, on an event of several dates (issue 32); none for a pass. */
  dateId: z.string().max(64).nullable().optional(),
  email: formText(EMAIL_MAX_LENGTH * 2),
  firstName: formText(INVITEE_NAME_MAX * 2),
  lastName: formText(INVITEE_NAME_MAX * 2),
});
export type InvitationRequest = z.input<typeof invitationRequest>;

export const invitationCreated = z.object({
  participationId: z.string(),
  orderId: z.string(),
  ticketId: z.string(),
  message: z.string(),
});
export type InvitationCreated = z.infer<typeof invitationCreated>;

export const invitation = z.object({
  participationId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  ticketTitle: z.string(),
  /** The date the place is for, on an event of several dates (issue 32); null for a pass or a one-date event. */
  dateBegin: z.string().nullable(),
  /** The place's number in the event's series; null until numbered, just after the sending. */
  ticketNumber: z.number().int().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitation>;

export const invitationRevoked = z.object({ revokedAt: z.string(), message: z.string() });

/** A row of a file as the preview shows it: its cells as read (neutralised when they look like a formula), its error. */
const invitationPreviewRow = z.object({
  /** The row's number in the file, the header being 1. */
  line: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  ticketTitle: z.string(),
  /** The Date column as read (an event of several dates), empty when the file has none. */
  date: z.string(),
  error: z.string().nullable(),
});
export type InvitationPreviewRow = z.infer<typeof invitationPreviewRow>;

export const invitationPreview = z.object({
  rows: z.array(invitationPreviewRow),
  validCount: z.number().int(),
  errorCount: z.number().int(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

export const invitationsImported = z.object({ created: z.number().int(), message: z.string() });
export type InvitationsImported = z.infer<typeof invitationsImported>;

type InviteeField = 'email' | 'firstName' | 'lastName';

/** A cell a spreadsheet would take for a formula (OWASP's CSV injection list). */
const looksLikeFormula = (text: string) => /^[=+\-@\t\r]/.test(text);

/** How a cell is shown back: a formula-like text gets the apostrophe a spreadsheet reads as 'text'. */
export const neutralisedCell = (text: string) => (looksLikeFormula(text) ? `'${text}` : text);

/** The invitee's checks in order, for the form, each row of a file and the API; the first failing one. */
export function firstInviteeError(input: {
  email: string;
  firstName: string;
  lastName: string;
}): FieldError<InviteeField> | null {
  const email = input.email.trim();
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!email) return { field: 'email', message: m.emailRequired };
  if (looksLikeFormula(email)) return { field: 'email', message: m.formula };
  if (email.length > EMAIL_MAX_LENGTH || !isEmailValid(email)) return { field: 'email', message: m.emailInvalid };
  for (const [field, value] of [
    ['firstName', firstName],
    ['lastName', lastName],
  ] as const) {
    if (!value) return { field, message: field === 'firstName' ? m.firstNameRequired : m.lastNameRequired };
    if (looksLikeFormula(value)) return { field, message: m.formula };
    if (value.length > INVITEE_NAME_MAX) return { field, message: m.nameTooLong(INVITEE_NAME_MAX) };
  }
  return null;
}

/** The key two rows are the same person by. */
export const inviteeKey = (email: string) => normalizeEmail(email);
