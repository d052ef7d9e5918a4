import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { type MailAttachmentRef, mailOutbox } from '../db/schema';
import { queueJob, queueJobs } from '../jobs/queue';
import { SubjectGone } from '../jobs/subject-gone';
import { describeError } from '../lib/errors';
import { type MailAttachment, type ResolveAttachment, resolveAttachments, withoutImagesOf } from './attachments';

/** What a service queues: files are named by what they show, their bytes made at sending. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachmentRef[];
};

/** Mail is delivered by the job runner; five attempts, then it waits for someone to look. */
export const MAIL_MAX_ATTEMPTS = 5;

/** Queues a message, and its delivery, in the same transaction as the change it reports. */
export async function queueMail(db: Database, mail: OutgoingMail): Promise<void> {
  const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  if (row) await queueJob(db, 'mail', { mailId: row.id }, { maxAttempts: MAIL_MAX_ATTEMPTS });
}

/**
 * Queues many messages and their deliveries in two statements, in the caller's transaction: what
 * one change reports to many people at once (the waiting list's offers).
 */
export async function queueMails(db: Database, mails: OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  const rows = await db.insert(mailOutbox).values(mails).returning({ id: mailOutbox.id });
  await queueJobs(
    db,
    'mail',
    rows.map((row) => ({ mailId: row.id })),
    { maxAttempts: MAIL_MAX_ATTEMPTS },
  );
}

/** What a transport sends: nodemailer's message shape. */
export type DeliverableMail = Omit<OutgoingMail, 'attachments'> & {
  messageId: string;
  from: string | { name: string; address: string };
  replyTo?: string;
  attachments?: MailAttachment[];
};

/**
 * The sender of a mail written in someone's name: their name shown, the platform's address kept
 * (a mail from the organiser's own domain would fail its SPF and DKIM checks), answers to them.
 */
function senderOf(from: string, fromName: string | null): DeliverableMail['from'] {
  if (!fromName) return from;
  return { name: fromName, address: addressOf(from) };
}

function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

/**
 * The message's identity, made from its row: delivery is at least once (a process killed between
 * the server's acceptance and the row's `sent_at` sends it again after the job's lease), and a
 * second copy with the same Message-ID is the same message to mail servers and clients.
 */
function messageIdOf(mailId: string, from: string): string {
  const domain = addressOf(from).split('@')[1] || 'guichet.invalid';
  return `<${mailId}@${domain}>`;
}

export type MailTransport = {
  send(mail: DeliverableMail): Promise<void>;
  /** The development mailbox's: the RFC 822 message SMTP would send, kept beside the mail. */
  compose?(mail: DeliverableMail): Promise<string>;
};

/**
 * SMTP when configured; otherwise the development mailbox, where queued mail is the delivered
 * mail: nodemailer's stream transport composes, from the very message the SMTP transport would
 * be handed, the RFC 822 message it would send (headers, text and HTML parts, attachments, CRLF
 * line ends), which is kept so that what would leave can be read and checked.
 */
export function createTransport(smtpUrl: string | undefined): MailTransport {
  // nodemailer is loaded with the first mail, not at start (docs/decisions.md, "Memory at rest").
  let transporter: Promise<Transporter> | undefined;
  const transport = () => {
    transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl
        ? nodemailer.createTransport(smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
    );
    return transporter;
  };
  if (!smtpUrl) {
    return {
      send: async () => {},
      compose: async (mail) => ((await (await transport()).sendMail(mail)).message as Buffer).toString('utf8'),
    };
  }
  return {
    send: async (mail) => {
      await (await transport()).sendMail(mail);
    },
  };
}

type DeliveryOptions = {
  transport: MailTransport;
  from: string;
  resolveAttachment: ResolveAttachment;
};

/**
 * Sends one queued message (the job runner's 'mail' job), outside any transaction. A failure, an
 * attachment that cannot be made included, is recorded on the message and thrown, so that the
 * runner tries again later; a message already sent is not sent again. Files whose subject is
 * gone (a ticket refunded since) are left out, with their images; when every file it carried is
 * gone the message has nothing left to say and ends unsent (`SubjectGone`), recorded.
 */
export async function deliverMail(db: Database, mailId: string, options: DeliveryOptions): Promise<void> {
  const mail = await findQueuedMail(db, mailId);
  if (!mail || mail.sentAt) return;
  let raw: string | undefined;
  try {
    const { files, gone } = await resolveAttachments(db, mail.attachments ?? [], options.resolveAttachment);
    // A refund's credit notes not issued yet take nothing from what the mail says: it still goes.
    const lost = gone.filter((ref) => ref.kind !== 'credit-notes');
    // A confirmation whose every ticket is gone is not sent, whatever invoices it gained since.
    const isTicket = (ref: MailAttachmentRef) =>
      ref.kind === 'ticket-pdf' || ref.kind === 'tickets-pdf' || ref.kind === 'ticket-qr';
    const tickets = (mail.attachments ?? []).filter(isTicket);
    const ticketsGone = tickets.length > 0 && lost.filter(isTicket).length === tickets.length;
    if (lost.length > 0 && (files.length === 0 || ticketsGone)) {
      const subjects = lost.map((ref) => `${ref.kind} ${subjectOf(ref)}`).join(', ');
      throw new SubjectGone(`not sent: every file it carried is gone (${subjects}: refunded or cancelled)`);
    }
    const message: DeliverableMail = {
      messageId: messageIdOf(mail.id, options.from),
      from: senderOf(options.from, mail.fromName),
      ...(mail.replyTo && { replyTo: mail.replyTo }),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html && gone.length > 0 ? withoutImagesOf(mail.html, gone) : (mail.html ?? undefined),
      attachments: files.length > 0 ? files : undefined,
    };
    raw = await options.transport.compose?.(message);
    await options.transport.send(message);
  } catch (error) {
    await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: describeError(error).slice(0, 1000) })
      .where(eq(mailOutbox.id, mail.id));
    throw error;
  }
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1`, raw: raw ?? null })
    .where(eq(mailOutbox.id, mail.id));
}

/** The raw message the development mailbox kept, if it was sent. */
export async function findRawMail(db: Database, id: string): Promise<string | undefined> {
  const [mail] = await db.select({ raw: mailOutbox.raw }).from(mailOutbox).where(eq(mailOutbox.id, id));
  return mail?.raw ?? undefined;
}

export async function findQueuedMail(db: Database, id: string) {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return mail;
}

/** The development mailbox: newest first, optionally for one recipient. */
export async function listMailbox(db: Database, to?: string) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      attachments: mailOutbox.attachments,
      hasRaw: sql<boolean>`${mailOutbox.raw} is not null`,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(100);
}

/** A queued mail made whole before it leaves (the invoices its order got since it was queued). */
export async function completeQueuedMail(
  db: Database,
  id: string,
  values: { text: string; html: string | null; attachments: MailAttachmentRef[] },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(values)
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}

/** The id a reference names, for the record of a mail not sent. */
function subjectOf(ref: MailAttachmentRef): string {
  switch (ref.kind) {
    case 'ticket-pdf':
    case 'ticket-qr':
      return ref.participationId;
    case 'tickets-pdf':
      return ref.participationIds.join(' ');
    case 'invoice':
      return ref.invoiceId;
    case 'credit-notes':
      return ref.refundId;
  }
}
