/**
 * bench/waiting-list — a waiting list of 20,000 people for one sold-out ticket type; 500 places
 * come back at once (issue 30, "Performance"). The places' trigger queues the offer job; the job
 * runner then makes the offers and sends their mails. Printed: whether the 500 offers went to the
 * first 500 people in line, all distinct (0 duplicate offers), and the time from the places'
 * return until every offer mail is sent, beside the time the same job runner takes to send 500
 * plain e-mails in the same run (mean of a run before and one after). Target: at most 2 ×.
 *
 * The application is built in this process (`buildApp`, the development mailbox
 * composing each message as SMTP would send it) and its job runner is driven directly
 * (`runDue`), without its 2 s tick, so that both figures are the runner's work and nothing else.
 *
 * Settings: DATABASE_URL (a database whose name contains "bench", dropped and recreated; default
 * postgres://postgres@127.0.0.1:5432/guichet_bench_waiting_list), BENCH_PEOPLE (20000),
 * BENCH_PLACES (500).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { type Database, openDatabase, queryRows } from '../apps/api/src/db/client';
import { ensureReferenceData } from '../apps/api/src/db/seed/reference';
import { queueMail } from '../apps/api/src/mail/outbox';
import { insertEvent, insertOrganiser } from '../apps/api/test/bulk-seed';
import { resetDatabase } from './database';
import { runBench } from './run-bench';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/guichet_bench_waiting_list';
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 20_000);
const PLACES = Number(process.env.BENCH_PLACES ?? 500);
const RATIO_TARGET = 2;
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The line, written by PostgreSQL itself (generate_series): PEOPLE accounts, each waiting for one
 * place, joined one second apart (the line's order), as the join route would have left them.
 */
async function seedLine(db: Database, eventId: string, ticketId: string) {
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, birth_date, terms_version_accepted)
    select 'attente-' || g || '@bench.test', 'x', 'Camille', 'Nom' || lpad(g::text, 6, '0'), date '1990-01-01', 1
      from generate_series(1, ${PEOPLE}::int) g`);
  await db.execute(sql`
    insert into waiting_list_entries (event_id, ticket_id, user_id, quantity, created_at)
    select ${eventId}, ${ticketId}, u.id, 1,
           now() - interval '1 day' + (substring(u.email from 'attente-([0-9]+)@')::int) * interval '1 second'
      from users u where u.email like 'attente-%@bench.test'`);
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze waiting_list_entries`);
}

const count = async (db: Database, query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number | string }>(db, query))[0]?.n ?? 0);

/** Runs the job runner's due work until `done` says so; answers the seconds it took. */
async function timeRunner(runDue: () => Promise<number>, done: () => Promise<boolean>): Promise<number> {
  const began = performance.now();
  for (let idle = 0; !(await done()); ) {
    const ran = await runDue();
    idle = ran === 0 ? idle + 1 : 0;
    if (idle > 50) throw new Error('the job runner has nothing left to do, and the mails are not all sent');
    if (ran === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return (performance.now() - began) / 1000;
}

async function main(): Promise<number> {
  await resetDatabase(url);
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 10 });
  await database.migrate();
  await ensureReferenceData(database.db);
  const { db } = database;
  const eventId = await insertEvent(db, {
    organizerId: await insertOrganiser(db),
    title: 'Complet, avec liste d’attente',
    start: Date.now() + 30 * 86_400_000,
  });
  const [ticket] = await queryRows<{ id: string }>(
    db,
    sql`insert into tickets (event_id, title, price_cents, quantity, sold)
        values (${eventId}, 'Fosse', 2500, ${PLACES * 4}, ${PLACES * 4}) returning id`,
  );
  const ticketId = ticket?.id ?? '';
  const seeding = performance.now();
  await seedLine(db, eventId, ticketId);
  console.log(`seeded ${PEOPLE} people in line in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database });
  await app.ready();
  const runDue = () => app.jobs.runDue();

  let round = 0;
  /** 500 plain e-mails queued in one transaction, as a service queues its own. */
  const plainMails = async () => {
    round += 1;
    const subject = `Message ${round}`;
    await db.transaction(async (tx) => {
      for (let i = 1; i <= PLACES; i++) {
        await queueMail(tx, {
          to: `attente-${PEOPLE - i}@bench.test`,
          subject,
          text: `Bonjour Camille,\n\nVoici un message de la billetterie, numéro ${i}, pour vous dire que tout va bien.\n\nhttps://guichet.test/evenements/${eventId}`,
        });
      }
    });
    return timeRunner(
      runDue,
      async () =>
        (await count(
          db,
          sql`select count(*) as n from mail_outbox where subject = ${subject} and sent_at is not null`,
        )) === PLACES,
    );
  };

  const plainBefore = await plainMails();

  // The places come back at once (a cancellation of PLACES places): the tickets' trigger queues the offer job.
  const back = performance.now();
  await db.execute(sql`update tickets set sold = sold - ${PLACES} where id = ${ticketId}`);
  const offerMailsSent = () =>
    count(db, sql`select count(*) as n from mail_outbox where text like '%/liste-attente/%' and sent_at is not null`);
  let offerJobSeconds = 0;
  const offersSeconds = await timeRunner(
    async () => {
      const ran = await runDue();
      if (
        !offerJobSeconds &&
        (await count(db, sql`select count(*) as n from waiting_list_entries where status = 'offered'`))
      )
        offerJobSeconds = (performance.now() - back) / 1000;
      return ran;
    },
    async () => (await offerMailsSent()) >= PLACES,
  );

  const plainAfter = await plainMails();
  const plain = (plainBefore + plainAfter) / 2;

  const [checks] = await queryRows<{
    offered: number;
    firstOffered: number;
    people: number;
    orders: number;
    buyers: number;
    mails: number;
    recipients: number;
    held: number;
  }>(
    db,
    sql`select
          (select count(*)::int from waiting_list_entries where status = 'offered') as offered,
          (select count(*)::int from (select status from waiting_list_entries where ticket_id = ${ticketId}
                                       order by created_at, id limit ${PLACES}) w where w.status = 'offered') as "firstOffered",
          (select count(distinct user_id)::int from waiting_list_entries where status = 'offered') as people,
          (select count(*)::int from orders where status = 'offered') as orders,
          (select count(distinct user_id)::int from orders where status = 'offered') as buyers,
          (select count(*)::int from mail_outbox where text like '%/liste-attente/%') as mails,
          (select count(distinct "to")::int from mail_outbox where text like '%/liste-attente/%') as recipients,
          (select held from tickets where id = ${ticketId}) as held`,
  );
  if (!checks) throw new Error('no checks read');
  const duplicates = checks.orders - checks.buyers + (checks.mails - checks.recipients);
  const fair =
    checks.offered === PLACES &&
    checks.firstOffered === PLACES &&
    checks.people === PLACES &&
    checks.orders === PLACES &&
    checks.held === PLACES &&
    duplicates === 0;
  const ratio = offersSeconds / plain;
  const pass = ratio <= RATIO_TARGET;

  console.log(`waiting-list: ${PEOPLE} people wait for one ticket type; ${PLACES} places come back at once`);
  console.log(
    `  offers: ${checks.offered} (${checks.firstOffered} of the first ${PLACES} in line, ${checks.people} distinct people, ${checks.orders} offered orders holding ${checks.held} places)`,
  );
  console.log(`  duplicate offers: ${duplicates} (must be 0)`);
  console.log(
    `  offer mails sent: ${await offerMailsSent()} to ${checks.recipients} addresses, all ${offersSeconds.toFixed(2)} s after the places came back (offers made by ${offerJobSeconds.toFixed(2)} s)`,
  );
  console.log(
    `  reference: the same job runner sends ${PLACES} plain e-mails in ${plain.toFixed(2)} s (mean of ${plainBefore.toFixed(2)} s before and ${plainAfter.toFixed(2)} s after)`,
  );
  console.log(
    `  ratio offers / plain mails: ${ratio.toFixed(2)} (target <= ${RATIO_TARGET}) ${pass ? 'PASS' : 'FAIL'}`,
  );
  console.log(`  offers fair (first ${PLACES} in line, distinct, no duplicate): ${fair ? 'yes' : 'NO'}`);

  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(
    path.join(here, 'results', 'waiting-list.json'),
    `${JSON.stringify({ inLine: PEOPLE, places: PLACES, ...checks, duplicates, offerJobSeconds, offersSeconds, plainBefore, plainAfter, ratio }, null, 2)}\n`,
  );
  await app.close();
  await database.close();
  return fair ? 0 : 1;
}

runBench('waiting-list', main);
