/**
 * bench/messages — queuing a message to the attendees of a big event (issue 31): 50,000 holders
 * of a live place, each with an address of their own. It times `sendMessage` (the organiser's
 * POST: checks, the daily cap under its lock, the message and one recipient row per address by
 * one INSERT … SELECT, its job) against its reference, measured in the same run: inserting 50,000
 * rows into the job queue by one INSERT … SELECT, as the cheapest way to queue one piece of work
 * per attendee. Target: the message costs at most 2 × the reference (medians of the rounds).
 *
 * No HTTP: both are one transaction on the same pool, run in turns. Settings: DATABASE_URL (a
 * database whose name contains "bench"; default postgres://postgres@127.0.0.1:5432/guichet_bench_messages),
 * BENCH_ATTENDEES (50000), BENCH_ROUNDS (5).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, queryRows } from '../apps/api/src/db/client';
import { ensureReferenceData } from '../apps/api/src/db/seed/reference';
import { systemClock } from '../apps/api/src/lib/clock';
import { sendMessage } from '../apps/api/src/modules/attendee-messages/service';
import { seedAudience } from './attendees';
import { percentile, resetDatabase } from './database';
import { runBench } from './run-bench';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/guichet_bench_messages';
const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const RATIO_TARGET = 2;
const here = path.dirname(fileURLToPath(import.meta.url));

/** The organiser, then the event and its attendees (bench/attendees.ts). */
async function seed(client: pg.Client) {
  const organizer = (
    await client.query<{ id: string }>(
      `insert into users (email, password_hash, first_name, last_name, birth_date, is_verified, role, terms_version_accepted)
       values ('organisateur@bench.test', 'x', 'Orga', 'Nisateur', '1985-05-05', true, 'user', 1) returning id`,
    )
  ).rows[0]?.id;
  const start = performance.now();
  const eventId = await seedAudience(client, organizer ?? '', ATTENDEES, 'public');
  const audienceMs = performance.now() - start;
  await client.query('vacuum analyze');
  return { organizerId: organizer ?? '', eventId, audienceMs };
}

async function main(): Promise<number> {
  await resetDatabase(url);
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 4 });
  try {
    await database.migrate();
    await ensureReferenceData(database.db);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { organizerId, eventId, audienceMs } = await seed(client);
    await client.end();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const deps = { db: database.db, config, clock: systemClock } as Parameters<typeof sendMessage>[0];
    const organizer = { id: organizerId, role: 'user' as const, isVerified: true };

    const reference = async () => {
      const start = performance.now();
      await database.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into jobs (kind, payload, run_at)
              select 'mail', jsonb_build_object('mailId', gen_random_uuid()::text), now() + interval '1 day'
                from generate_series(1, ${ATTENDEES}::int)`,
        );
      });
      const ms = performance.now() - start;
      // Out of the timing: the queue left as it was, so that no round pays for another's rows.
      await database.db.execute(sql`delete from jobs where kind = 'mail'`);
      return ms;
    };
    const message = async (round: number) => {
      const start = performance.now();
      await sendMessage(deps, organizer, eventId, {
        subject: `Ouverture des portes (${round})`,
        body: 'Les portes ouvrent à 19 h.',
        audience: {},
      });
      const ms = performance.now() - start;
      const [row] = await queryRows<{ count: number }>(
        database.db,
        sql`select recipient_count as count from attendee_messages order by created_at desc limit 1`,
      );
      if (Number(row?.count) !== ATTENDEES)
        throw new Error(`the message has ${row?.count} recipients, not ${ATTENDEES}`);
      // Its job not run here: the recipients stay queued, as after a real POST.
      await database.db.execute(sql`delete from jobs where kind = 'attendee_message'`);
      return ms;
    };

    // A warm-up of each, then the rounds in turns.
    await reference();
    await message(0);
    const references: number[] = [];
    const messages: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      references.push(await reference());
      messages.push(await message(round));
    }
    const ref = percentile(references, 50);
    const msg = percentile(messages, 50);
    const ratio = msg / ref;
    const fmt = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
    console.log(`bench/messages — ${ATTENDEES} attendees, ${ROUNDS} rounds (ms)`);
    console.log(
      `  reference: ${ATTENDEES} job rows by one INSERT … SELECT   p50 ${ref.toFixed(0)} ms  [${fmt(references)}]`,
    );
    console.log(
      `  message:   sendMessage, ${ATTENDEES} recipients            p50 ${msg.toFixed(0)} ms  [${fmt(messages)}]`,
    );
    console.log(`  ratio message / reference: ${ratio.toFixed(2)} (target ≤ ${RATIO_TARGET})`);
    // What a big import costs the list's and statistics' triggers (one statement of every place).
    console.log(
      `  for information: the audience's ${ATTENDEES} places inserted by one statement, the participants list and statistics kept with them: ${(audienceMs / 1000).toFixed(1)} s`,
    );
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(
      path.join(here, 'results', 'messages.json'),
      JSON.stringify({ attendees: ATTENDEES, references, messages, ratio, target: RATIO_TARGET, audienceMs }, null, 2),
    );
    return 0;
  } finally {
    await database.close();
  }
}

runBench('bench/messages', main);
