import { z } from 'zod';
import { type FieldError, formText } from '../common/form';
import { requiredTextError } from '../common/required-text';
import { fr } from '../messages/fr';
import { accountFr } from '../messages/fr-account';
import { isEmailValid } from '../rules/email';

export const CONTACT_NAME_MAX = 50;
export const CONTACT_MESSAGE_MAX = 600;

export const contactSubjects = ['partnership', 'general', 'ticketIssue', 'refund', 'other'] as const;
type ContactSubject = (typeof contactSubjects)[number];

/**
 * The subject as sent: its key, or its French label (what the original product sent).
 * Null when it is neither.
 */
export function contactSubjectOf(value: string): ContactSubject | null {
  const trimmed = value.trim();
  if ((contactSubjects as readonly string[]).includes(trimmed)) return trimmed as ContactSubject;
  const labels = accountFr.contact.subjects;
  return contactSubjects.find((key) => labels[key].toLowerCase() === trimmed.toLowerCase()) ?? null;
}

export const contactRequest = z.strictObject({
  firstName: formText(500),
  lastName: formText(500),
  email: formText(500),
  subject: formText(200),
  message: formText(6000),
});
export type ContactRequest = z.infer<typeof contactRequest>;

const m = accountFr.contact;

/** The contact checks, in the spec's order (nom, prénom, email, objet, message). */
export function firstContactError(input: ContactRequest): FieldError<keyof ContactRequest> | null {
  const tooLong = m.tooLong50;
  const identityError =
    requiredTextError('lastName', input.lastName, CONTACT_NAME_MAX, { required: m.lastNameRequired, tooLong }) ??
    requiredTextError('firstName', input.firstName, CONTACT_NAME_MAX, { required: m.firstNameRequired, tooLong }) ??
    requiredTextError('email', input.email, CONTACT_NAME_MAX, { required: m.emailRequired, tooLong });
  if (identityError) return identityError;
  if (!isEmailValid(input.email.trim())) return { field: 'email', message: fr.auth.emailInvalid };
  if (!contactSubjectOf(input.subject)) return { field: 'subject', message: m.subjectRequired };
  return requiredTextError('message', input.message, CONTACT_MESSAGE_MAX, {
    required: m.messageRequired,
    tooLong: m.messageTooLong,
  });
}
