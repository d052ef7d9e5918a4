/**
 * A message to the attendees of another event of the organiser, sent while bench/onsale races
 * (BENCH_MESSAGE=1, issue 31): in a process of its own, as a job-running server would send it, a
 * batch handed to the outbox every MESSAGE_BATCH_EVERY_MS by `sendNextBatch` and each of its mails
 * delivered (to the development transport: no SMTP), until told to stop. It answers how many
 * mails it delivered.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, queryRows } from '../apps/api/src/db/client';
import { systemClock } from '../apps/api/src/lib/clock';
import { createTransport, deliverMail } from '../apps/api/src/mail/outbox';
import { MESSAGE_BATCH_EVERY_MS, sendMessage, sendNextBatch } from '../apps/api/src/modules/attendee-messages/service';
import { ticketAttachmentResolver } from '../apps/api/src/modules/ticket-codes/attachments';

export type SenderDone = { type: 'sent'; delivered: number };

export async function sendDuringRace(url: string, organizerId: string, eventId: string): Promise<void> {
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 2 });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const deps = { db: database.db, config, clock: systemClock } as Parameters<typeof sendMessage>[0];
  const { id } = await sendMessage(deps, { id: organizerId, role: 'user', isVerified: true }, eventId, {
    subject: 'Ouverture des portes',
    body: 'Les portes ouvrent à 19 h.',
    audience: {},
  });
  const delivery = {
    transport: createTransport(undefined),
    from: config.mailFrom,
    resolveAttachment: ticketAttachmentResolver(config),
  };
  let delivered = 0;
  let stopping = false;
  process.on('message', () => {
    stopping = true;
  });
  process.send?.({ type: 'ready', base: '' });
  while (!stopping) {
    await sendNextBatch(deps, id);
    const mails = await queryRows<{ id: string }>(
      database.db,
      sql`select m.id from attendee_message_recipients r join mail_outbox m on m.id = r.mail_id
           where r.message_id = ${id} and m.sent_at is null`,
    );
    for (const mail of mails) {
      await deliverMail(database.db, mail.id, delivery);
      delivered++;
    }
    const until = Date.now() + MESSAGE_BATCH_EVERY_MS;
    while (!stopping && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.send?.({ type: 'sent', delivered } satisfies SenderDone);
  await database.close();
  process.exit(0);
}
