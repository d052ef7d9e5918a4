import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };

/** Queues a message in the same transaction as the change it reports. */
export async function queueMail(db: Database, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

export type MailTransport = { send(mail: OutgoingMail & { from: string }): Promise<void> };

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

/**
 * Delivers queued mail. Rows are claimed with SKIP LOCKED so that several API processes
 * can run the worker side by side without sending a message twice.
 */
export function createOutboxWorker(options: {
  db: Database;
  transport: MailTransport;
  from: string;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}) {
  const { db, transport, from } = options;
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
      for (const mail of batch) {
        try {
          await transport.send({
            from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html ?? undefined,
          });
          await tx
            .update(mailOutbox)
            .set({ sentAt: sql`now()`, attempts: mail.attempts + 1 })
            .where(eq(mailOutbox.id, mail.id));
        } catch (error) {
          await tx
            .update(mailOutbox)
            .set({ attempts: mail.attempts + 1, lastError: String(error) })
            .where(eq(mailOutbox.id, mail.id));
          options.onError?.(error);
        }
      }
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
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(100);
}
