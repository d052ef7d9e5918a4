import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type DatabaseHandle, openDatabase, queryRows } from '../client';
import { seedDemoData } from './demo';
import { ensureReferenceData } from './reference';

// The demo seeds accounts with fixed e-mails: it runs on a database of its own, never the shared one.
let database: DatabaseHandle;
let close: () => Promise<void>;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await ensureReferenceData(database.db);
  const app = await buildApp({
    config: testConfig(),
    database,
    seedDemo: true,
  });
  close = async () => {
    await app.close();
    await database.close();
  };
}, 120_000);
afterAll(() => close());

describe('demo data', () => {
  it('has a paid order and participations behind every place its counters show', async () => {
    const rows = await queryRows<{ title: string; sold: number; held: number; placed: number; issued: number }>(
      database.db,
      sql`select e.title, t.sold, t.held,
            (select coalesce(sum(l.quantity), 0)::int from order_lines l join orders o on o.id = l.order_id
              where l.ticket_id = t.id and o.status = 'paid') as placed,
            (select coalesce(sum(p.quantity), 0)::int from participations p where p.ticket_id = t.id) as issued
          from tickets t join events e on e.id = t.event_id`,
    );
    for (const row of rows) {
      expect(row.held, row.title).toBe(0);
      expect(row.placed, row.title).toBe(row.sold);
      expect(row.issued, row.title).toBe(row.sold);
    }
    const byTitle = new Map(rows.map((r) => [r.title, r]));
    expect(byTitle.get('Concert acoustique au Bikini')?.sold).toBe(20);
    expect(byTitle.get("Soirée d'intégration 2026")?.sold).toBe(48);
  });

  it('sold the past party at the door on its night and the concert online, each payment recorded', async () => {
    const sources = await queryRows<{ title: string; source: string; provider: string; paid_on_event_day: boolean }>(
      database.db,
      sql`select distinct e.title, p.source, o.provider, (o.paid_at::date = e.date_begin::date) as paid_on_event_day
          from participations p join orders o on o.id = p.order_id join events e on e.id = p.event_id`,
    );
    expect(sources).toContainEqual({
      title: "Soirée d'intégration 2026",
      source: 'presentiel',
      provider: 'onsite',
      paid_on_event_day: true,
    });
    expect(sources.filter((s) => s.title === 'Concert acoustique au Bikini').map((s) => s.source)).toEqual(['web']);
    const [captures] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from payment_transactions where kind = 'payment'`,
    );
    expect(captures?.count).toBe(4);
  });

  it('is seeded once', async () => {
    expect(await seedDemoData(database.db)).toBeNull();
  });
});
