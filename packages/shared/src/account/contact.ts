import { z } from 'zod';
import { type FieldError, formText } from '../common/form';
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
  const lastName = input.lastName.trim();
  const firstName = input.firstName.trim();
  const email = input.email.trim();
  if (!lastName) return { field: 'lastName', message: m.lastNameRequired };
  if (lastName.length > CONTACT_NAME_MAX) return { field: 'lastName', message: m.tooLong50 };
  if (!firstName) return { field: 'firstName', message: m.firstNameRequired };
  if (firstName.length > CONTACT_NAME_MAX) return { field: 'firstName', message: m.tooLong50 };
  if (!email) return { field: 'email', message: m.emailRequired };
  if (email.length > CONTACT_NAME_MAX) return { field: 'email', message: m.tooLong50 };
  if (!isEmailValid(email)) return { field: 'email', message: fr.auth.emailInvalid };
  if (!contactSubjectOf(input.subject)) return { field: 'subject', message: m.subjectRequired };
  if (!input.message.trim()) return { field: 'message', message: m.messageRequired };
  if (input.message.trim().length > CONTACT_MESSAGE_MAX) return { field: 'message', message: m.messageTooLong };
  return null;
}
