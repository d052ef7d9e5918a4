import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { type MailAttachmentRef, mailOutbox } from '../db/schema';
import { type MailAttachment, type ResolveAttachment, resolveAttachments } from './attachments';

/** What a service queues: files are named by what they show, their bytes made at sending. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachmentRef[];
};

/** Queues a message in the same transaction as the change it reports. */
export async function queueMail(db: Database, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

/** What a transport sends: nodemailer's message shape. */
export type DeliverableMail = Omit<OutgoingMail, 'attachments'> & { from: string; attachments?: MailAttachment[] };

export type MailTransport = { send(mail: DeliverableMail): Promise<void> };

/** SMTP when configured; otherwise the development mailbox, where queued mail is the delivered mail. */
export function createTransport(smtpUrl: string | undefined): MailTransport {
  if (!smtpUrl) return { send: async () => {} };
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transporter.sendMail(mail);
    },
  };
}

const MAX_ATTEMPTS = 5;

type QueuedMail = typeof mailOutbox.$inferSelect;

export type DeliveryOptions = {
  transport: MailTransport;
  from: string;
  resolveAttachment: ResolveAttachment;
  onError?: (error: unknown) => void;
};

/**
 * Sends one claimed row and records the outcome in `tx`, the transaction that claimed it. Any
 * failure, an attachment that cannot be made included, counts as an attempt, so that after
 * MAX_ATTEMPTS the row stops coming back and the rest of the queue goes on.
 */
export async function deliverQueuedMail(tx: Database, mail: QueuedMail, options: DeliveryOptions): Promise<void> {
  try {
    const attachments = await resolveAttachments(tx, mail.attachments ?? [], options.resolveAttachment);
    await options.transport.send({
      from: options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      attachments: attachments.length > 0 ? attachments : undefined,
    });
    await tx
      .update(mailOutbox)
      .set({ sentAt: sql`now()`, attempts: mail.attempts + 1 })
      .where(eq(mailOutbox.id, mail.id));
  } catch (error) {
    await tx
      .update(mailOutbox)
      .set({ attempts: mail.attempts + 1, lastError: describeError(error) })
      .where(eq(mailOutbox.id, mail.id));
    options.onError?.(error);
  }
}

/** Drivers wrap the database's own message ("division by zero") as the cause. */
function describeError(error: unknown): string {
  return error instanceof Error && error.cause !== undefined ? `${error} (${String(error.cause)})` : String(error);
}

/**
 * Delivers queued mail. Rows are claimed with SKIP LOCKED so that several API processes
 * can run the worker side by side without sending a message twice.
 */
export function createOutboxWorker(options: DeliveryOptions & { db: Database; intervalMs?: number }) {
  const { db } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function deliverBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      const batch = await tx
        .select()
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(mailOutbox.createdAt))
        .limit(20)
        .for('update', { skipLocked: true });
      for (const mail of batch) await deliverQueuedMail(tx, mail, options);
      return batch.length;
    });
  }

  function kick(): Promise<void> {
    running ??= (async () => {
      try {
        while ((await deliverBatch()) > 0) {}
      } catch (error) {
        options.onError?.(error);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    kick,
    start() {
      timer = setInterval(() => void kick(), options.intervalMs ?? 5000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

/** The development mailbox: newest first, optionally for one recipient. */
export async function listMailbox(db: Database, to?: string) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      attachments: mailOutbox.attachments,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(100);
}
