import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEvent, createUser, loginAs, type TestApp } from '../../test/helpers';
import { type PrivateReplica, startPrivateReplica } from '../../test/postgres-replica';
import { describeWith } from '../../test/services';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { FRESH_COOKIE } from '../plugins/read-your-writes';
import { type DatabaseHandle, openDatabase } from './client';
import { eventTypes } from './schema';
import { ensureReferenceData } from './seed/reference';

describeWith(['postgres-replica'], 'reads on a streaming replica (issue 34)', () => {
  let cluster: PrivateReplica | undefined;
  let database: DatabaseHandle | undefined;
  let replica: pg.Client | undefined;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    cluster = await startPrivateReplica();
    database = await openDatabase({ url: cluster.primaryUrl, dataDir: 'memory://', poolSize: 5 });
    await database.migrate();
    await ensureReferenceData(database.db);
    replica = new pg.Client({ connectionString: cluster.replicaUrl });
    replica.on('error', () => {});
    await replica.connect();
  }, 120_000);

  afterAll(async () => {
    for (const t of apps) await t.app.close().catch(() => {});
    await replica?.end().catch(() => {});
    await database?.close();
    cluster?.stop();
  });

  /** The application on the private primary, reading from its replica within `maxLagSeconds`. */
  async function appWithReplica(maxLagSeconds: number): Promise<TestApp> {
    if (!cluster || !database) throw new Error('the cluster is started in beforeAll');
    const config = testConfig({
      rateLimitMax: 10_000,
      cookieSecure: false,
      databaseUrl: cluster.primaryUrl,
      databaseReplicaUrl: cluster.replicaUrl,
      databaseReplicaMaxLagMs: maxLagSeconds * 1000,
    });
    const app = await buildApp({ config, database });
    await app.ready();
    const t = { app, database, config, close: () => app.close() };
    apps.push(t);
    return t;
  }

  const onReplica = async (text: string, values: unknown[] = []) => (await replica?.query(text, values))?.rows ?? [];

  /** How many of the list's, search's and event page's reads each database answered (GET /metrics). */
  async function readsOn(t: TestApp, source: 'replica' | 'primary'): Promise<number> {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(new RegExp(`^guichet_db_reads_total\\{source="${source}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  }

  const lagSeconds = async (t: TestApp) =>
    Number(/^guichet_db_replica_lag_seconds (\S+)/m.exec((await t.app.inject({ url: '/metrics' })).body)?.[1]);

  it('a visitor reads the replica, a writer their own write, and past the set lag everyone the primary', async () => {
    const t = await appWithReplica(600);
    const organiser = await createUser(t, { isVerified: true });
    const [type] = await t.database.db.select().from(eventTypes).limit(1);
    const { event } = await createEvent(t, organiser.id, { title: 'Concert de printemps', typeId: type?.id });
    // The login's own mark left out: the session alone.
    const session = (await loginAs(t, organiser.email))
      .split('; ')
      .filter((cookie) => !cookie.startsWith(`${FRESH_COOKIE}=`))
      .join('; ');
    await expect
      .poll(async () => (await onReplica('select title from events where id = $1', [event.id]))[0]?.title, {
        timeout: 30_000,
      })
      .toBe('Concert de printemps');
    // The replica stops replaying: from now on it shows the site as it was.
    await onReplica('select pg_wal_replay_pause()');

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: { cookie: session },
      payload: { title: 'Concert Zorglub' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const mark = edit.cookies.find((cookie) => cookie.name === FRESH_COOKIE);
    expect(mark).toMatchObject({ maxAge: 601, httpOnly: true, path: '/' });
    const writer = `${session}; ${FRESH_COOKIE}=${mark?.value}`;

    const read = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }).then((answer) => answer.json());
    const titleFor = async (cookie?: string) => (await read(`/api/events/${event.id}`, cookie)).title;
    const searchFor = async (cookie?: string) =>
      (await read('/api/events?q=zorglub', cookie)).items.map((item: { id: string }) => item.id);

    // The lag is measured at the first reads (they go to the primary until it is known).
    await expect.poll(() => titleFor(), { timeout: 30_000 }).toBe('Concert de printemps');
    expect(await searchFor()).toEqual([]);
    const list = (await read('/api/events?limit=48')).items as { id: string; title: string }[];
    expect(list.find((item) => item.id === event.id)?.title).toBe('Concert de printemps');
    // The writer sees their change at once, on the page and in the search.
    expect(await titleFor(writer)).toBe('Concert Zorglub');
    expect(await searchFor(writer)).toEqual([event.id]);
    // Signed in without a recent write is no reason to load the primary.
    expect(await titleFor(session)).toBe('Concert de printemps');
    expect(
      (await onReplica("select count(*)::int as n from pg_stat_activity where application_name = 'guichet-read'"))[0]
        ?.n,
    ).toBeGreaterThan(0);

    // Another server allowing 1 s of lag: once the paused replica is measured beyond it, the
    // primary answers every reader.
    await t.app.close();
    const strict = await appWithReplica(1);
    await expect
      .poll(
        async () => {
          await strict.app.inject({ url: `/api/events/${event.id}` });
          return lagSeconds(strict);
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(1);
    const replicaReads = await readsOn(strict, 'replica');
    const visitor = await strict.app.inject({ url: `/api/events/${event.id}` });
    expect(visitor.json().title).toBe('Concert Zorglub');
    const found = await strict.app.inject({ url: '/api/events?q=zorglub' });
    expect(found.json().items.map((item: { id: string }) => item.id)).toEqual([event.id]);
    expect(await readsOn(strict, 'replica')).toBe(replicaReads);

    // Replaying again, the replica catches up and takes the visitors back.
    await onReplica('select pg_wal_replay_resume()');
    await expect
      .poll(
        async () => {
          await strict.app.inject({ url: `/api/events/${event.id}` });
          return readsOn(strict, 'replica');
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(replicaReads);

    // The replica gone, the visitors' reads are answered by the primary.
    await replica?.end();
    replica = undefined;
    cluster?.stopReplica();
    const alone = await strict.app.inject({ url: `/api/events/${event.id}` });
    expect(alone.statusCode).toBe(200);
    expect(alone.json().title).toBe('Concert Zorglub');
    expect((await strict.app.inject({ url: '/api/events?q=zorglub' })).statusCode).toBe(200);
  }, 180_000);
});
