import { type SQL, sql } from 'drizzle-orm';
import { participantSorts } from '@guichet/shared';
import { openDatabase } from '../apps/api/src/db/client';
import { participantsPage } from '../apps/api/src/modules/follow-up/repository';

const url = 'postgres://postgres@127.0.0.1:5432/guichet_bench_perfconsole';
const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 4 });
const { db } = database;
const [{ id: eventId }] = (await db.execute(sql`select id from events where title = 'Le grand soir'`)).rows as { id: string }[];
const queries: { sort: string; dir: 'asc' | 'desc'; q?: string }[] = [
  ...participantSorts.map((sort) => ({ sort, dir: 'asc' as const })),
  { sort: 'name', dir: 'asc', q: 'camille' },
  { sort: 'date', dir: 'desc', q: 'nom0001' },
];
const explain = process.argv.includes('--explain');
for (const query of queries) {
  const captured: SQL[] = [];
  const fake = { execute: async (s: SQL) => { captured.push(s); return { rows: [] }; } } as never;
  await participantsPage(fake, eventId, { ...query, offset: 0, limit: 50 } as never);
  const times: number[][] = [];
  for (let i = 0; i < 15; i++) {
    const row: number[] = [];
    for (const c of captured) {
      const started = performance.now();
      await db.execute(c);
      row.push(performance.now() - started);
    }
    times.push(row);
  }
  const med = captured.map((_, k) => times.map((r) => r[k] ?? 0).sort((a, b) => a - b)[7]?.toFixed(2));
  console.log(JSON.stringify(query), 'median ms per query:', med.join(' / '));
  if (explain) {
    for (const c of captured) {
      const plan = (await db.execute(sql`explain (analyze, buffers off) ${c}`)).rows as { 'QUERY PLAN': string }[];
      console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
    }
  }
}
await database.close();
