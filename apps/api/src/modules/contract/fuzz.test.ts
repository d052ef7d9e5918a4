import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { queryRows } from '../../db/client';
import { createFixture, type Fixture, signIn } from './fixture';
import { arbitraryOf, type JsonSchema, rawBodiesFor } from './schema-arbitrary';

/**
 * Every operation of the published contract, called with values generated from its own schemas
 * (issue 15) as a visitor and as a logged-in organiser who owns the fixture's event and holds
 * one of its places. Deterministic: FUZZ_SEED and FUZZ_RUNS change the seed and the number of
 * requests per operation and caller; a failure names the seed and the request.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
};
type Request = { method: string; url: string; body?: unknown; raw?: string; contentType?: string };
type Caller = { email: string; cookie: string };

/** Routes that end the caller's session or account: each gets a throwaway account of its own. */
const endsSession = new Set([
  'POST /api/auth/logout',
  'DELETE /api/me',
  'POST /api/me/password',
  'POST /api/auth/password-reset/confirm',
]);

describe('every operation fuzzed from its schema', () => {
  let t: TestApp;
  let operations: { method: string; path: string; operation: Operation }[];
  let fixture: Fixture;
  let owner: Caller;
  let known: Record<string, readonly string[]>;

  beforeAll(async () => {
    // A database of its own: the checksum must see only this test's writes.
    t = await createTestApp({ isolated: true });
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    const ownerAccount = await signIn(t, { isVerified: true });
    const staff = await signIn(t);
    owner = { email: ownerAccount.email, cookie: ownerAccount.cookie };
    // The owner also holds the fixture's paid place, so that the holder's routes reach their service.
    const self = { ...ownerAccount, cookie: ownerAccount.cookie as string | undefined };
    const visitor = { id: null, email: null, cookie: undefined };
    fixture = await createFixture(t, {
      visitor,
      other: visitor,
      holder: self,
      owner: self,
      unverifiedOrganiser: visitor,
      verifiedOrganiser: visitor,
      staff,
      admin: visitor,
    });
    const ids = [
      fixture.event.id,
      fixture.ticket.id,
      fixture.option.id,
      fixture.order.id,
      fixture.participation.id,
      fixture.discount.id,
      ownerAccount.id,
    ];
    known = {
      id: ids,
      eventId: [fixture.event.id],
      ticketId: [fixture.ticket.id, fixture.choice.id, fixture.option.id],
      optionId: [fixture.option.id],
      userId: [ownerAccount.id, staff.id],
      participationId: [fixture.participation.id],
      code: [fixture.discount.code],
      provider: ['sandbox', 'stripe', 'etransactions'],
      status: ['success', 'refused', 'cancelled'],
      type: ['participations', 'organized', 'past'],
      index: ['0', '1'],
      '*': ['missing.webp'],
    };
  });
  afterAll(async () => t?.close());

  /** Every table's rows, hashed (sessions without their sliding expiry). */
  async function checksum(): Promise<string> {
    const tables = await queryRows<{ name: string }>(
      t.database.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%drizzle%' order by 1`,
    );
    const parts = tables.map(({ name }) =>
      name === 'sessions'
        ? `select 'sessions' as t, count(*)::text || ':' || coalesce(sum(hashtext(x.token_hash || x.user_id::text)), 0)::text as h from sessions x`
        : `select '${name}' as t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)), 0)::text as h from "${name}" x`,
    );
    const rows = await queryRows<{ t: string; h: string }>(t.database.db, sql.raw(parts.join(' union all ')));
    return rows.map((row) => `${row.t}=${row.h}`).join(' ');
  }

  function requestOf(method: string, path: string, operation: Operation): fc.Arbitrary<Request> {
    const parameters = operation.parameters ?? [];
    const value = (p: Parameter) => arbitraryOf(p.schema, { known }, p.in === 'path' ? p.name : p.name);
    const pathValues = fc.record(
      Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, value(p)])),
    );
    const queryValues = fc.record(
      Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, value(p)])),
      { requiredKeys: parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name) },
    );
    const content = operation.requestBody?.content ?? {};
    const json = content['application/json'];
    const body: fc.Arbitrary<unknown> = json
      ? arbitraryOf(json.schema, { known })
      : ['GET', 'DELETE'].includes(method)
        ? fc.constant(undefined)
        : arbitraryOf(undefined, { known });
    return fc.tuple(pathValues, queryValues, body).map(([pathParts, query, payload]) => {
      let url = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
        encodeURIComponent(String((pathParts as Record<string, unknown>)[name] ?? '')),
      );
      const search = new URLSearchParams();
      for (const [key, v] of Object.entries(query as Record<string, unknown>)) {
        for (const item of Array.isArray(v) ? v : [v])
          search.append(key, typeof item === 'string' ? item : JSON.stringify(item));
      }
      if (search.size) url += `?${search}`;
      return { method, url, body: payload };
    });
  }

  it('answers no 5xx, refuses with { code, message } in JSON, and writes nothing when it refuses', async () => {
    const failures: string[] = [];
    let requests = 0;
    let state = await checksum();
    const send = async (request: Request, caller: Caller | undefined, label: string) => {
      requests += 1;
      const response = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: {
          ...(caller && { cookie: caller.cookie }),
          ...(request.raw !== undefined && { 'content-type': 'application/json' }),
        },
        ...(request.raw !== undefined
          ? { payload: request.raw }
          : request.body !== undefined && { payload: request.body as object }),
      });
      const shown = `${label} ${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.raw ?? request.body)?.slice(0, 300)}`;
      if (response.statusCode >= 500) return `${shown} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      if (response.statusCode >= 400) {
        const body = response.headers['content-type']?.toString().startsWith('application/json')
          ? (response.json() as { code?: unknown; message?: unknown })
          : undefined;
        if (typeof body?.code !== 'string' || typeof body.message !== 'string') {
          return `${shown} → ${response.statusCode} without { code, message }: ${response.body.slice(0, 200)}`;
        }
        const after = await checksum();
        if (after !== state) {
          const changed = after.split(' ').filter((part) => !state.split(' ').includes(part));
          state = after;
          return `${shown} → ${response.statusCode} ${body.code} but wrote ${changed.join(', ')}`;
        }
        return undefined;
      }
      state = await checksum();
      return undefined;
    };

    for (const { method, path, operation } of operations) {
      const route = `${method} ${path}`;
      for (const who of ['visitor', 'user'] as const) {
        let caller: Caller | undefined;
        if (who === 'user') {
          caller = owner;
          if (endsSession.has(route.replace(/\{([^}]+)\}/g, ':$1'))) {
            const account = await signIn(t);
            caller = { email: account.email, cookie: account.cookie };
            state = await checksum();
          }
        }
        const label = `[seed ${SEED}] ${who}`;
        const run = await fc.check(
          fc.asyncProperty(requestOf(method, path, operation), async (request) => {
            const failure = await send(request, caller, label);
            if (caller && caller !== owner) {
              const account = await signIn(t);
              caller.cookie = account.cookie;
              state = await checksum();
            }
            if (failure) throw new Error(failure);
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
        if (run.failed)
          failures.push(String(run.errorInstance instanceof Error ? run.errorInstance.message : run.counterexample));
        if (!operation.requestBody?.content['application/json']) continue;
        const sample = fc.sample(
          arbitraryOf(operation.requestBody.content['application/json'].schema, { known, wrongTypeBias: 0 }),
          { seed: SEED, numRuns: 1 },
        )[0];
        const valid =
          sample && typeof sample === 'object' && !Array.isArray(sample) ? (sample as Record<string, unknown>) : {};
        const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(known[name]?.[0] ?? 'x'));
        for (const raw of rawBodiesFor(valid)) {
          const failure = await send({ method, url, raw }, caller, label);
          if (failure) failures.push(failure);
        }
      }
    }
    console.info(`fuzzed ${operations.length} operations with ${requests} requests (seed ${SEED}, ${RUNS} runs)`);
    expect(failures).toEqual([]);
  }, 600_000);
});
