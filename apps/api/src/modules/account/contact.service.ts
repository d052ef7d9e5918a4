import {
  accountFr,
  type ContactRequest,
  contactSubjectOf,
  firstContactError,
  type MessageResult,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { badRequest } from '../../lib/errors';
import { queueMail } from '../../mail/outbox';
import type { SignedInUser } from '../users/users.repository';
import { insertContactMessage } from './contact.repository';

/** Stores the message and mails it to the contact address, in one transaction. */
export async function sendContactMessage(
  deps: AppDeps,
  sender: SignedInUser | null,
  input: ContactRequest,
): Promise<MessageResult> {
  const error = firstContactError(input);
  const subjectKey = contactSubjectOf(input.subject);
  if (error || !subjectKey) throw badRequest(error?.message ?? accountFr.contact.subjectRequired, error?.field);
  const subject = accountFr.contact.subjects[subjectKey];
  const values = {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    email: input.email.trim(),
    message: input.message.trim(),
  };
  await deps.db.transaction(async (tx) => {
    await insertContactMessage(tx, { ...values, subject, userId: sender?.id ?? null });
    await queueMail(tx, {
      to: deps.config.contactEmail,
      subject: accountFr.mail.contactSubject(deps.config.brandName, subject),
      text: accountFr.mail.contactBody(values.firstName, values.lastName, values.email, values.message),
    });
  });
  return { message: accountFr.contact.sent };
}
