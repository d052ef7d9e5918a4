import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type Cast, createCast, createFixture, type Fixture, signIn } from '../../../test/modules/contract/fixture';
import { permissionTable } from '../../../test/modules/contract/permission-table';
import {
  arbitraryOf,
  dangerousValue,
  type JsonSchema,
  mutationsOf,
  pathsIn,
  rawBodiesFor,
  replaceAt,
} from '../../../test/modules/contract/schema-arbitrary';
import { queryRows } from '../../db/client';

/**
 * Every operation of the published contract, called with values generated from its own schemas
 * (issue 15) as a visitor and as a logged-in organiser who owns the fixture's event and holds
 * one of its places. Deterministic: FUZZ_SEED and FUZZ_RUNS change the seed and the number of
 * requests per operation and caller; a failure names the seed and the request.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);

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

/** Text PostgreSQL refuses, an integer past its `integer`, a date before year 0. */
const knownAttacks = ['Léa\u0000', 2 ** 31, 30_000_000, '-000001-01-01T00:00:00.000Z'] as const;

/** A seed per operation and caller, from the run's seed: each operation gets values of its own. */
function seedOf(route: string, who: string): number {
  let hash = SEED;
  for (const char of `${route} ${who}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/**
 * Columns a refused request may write: a session's sliding expiry, and the wrong attempts at an
 * e-mailed code (counted so that the code dies after a few).
 */
const unwatchedColumns: Record<string, string> = { sessions: 'expires_at', email_codes: 'attempts' };

describe('every operation fuzzed from its schema', () => {
  let t: TestApp;
  let operations: { method: string; path: string; operation: Operation }[];
  let fixture: Fixture;
  let owner: Caller;
  let known: Record<string, readonly string[]>;
  let cast: Cast;

  beforeAll(async () => {
    // A database of its own: the checksum must see only this test's writes.
    t = await createTestApp({ isolated: true });
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    // The owner also holds the fixture's paid place, so that the holder's routes reach their service.
    const everyone = await createCast(t);
    cast = { ...everyone, holder: everyone.owner };
    const ownerAccount = { id: cast.owner.id as string, email: cast.owner.email as string };
    const staff = { id: cast.staff.id as string };
    owner = { email: ownerAccount.email, cookie: cast.owner.cookie as string };
    fixture = await createFixture(t, cast);
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
      // The contract names the images' wildcard `path`.
      path: ['missing.webp'],
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
      name in unwatchedColumns
        ? `select '${name}' as t, count(*)::text || ':' || coalesce(sum(hashtext((to_jsonb(x) - '${unwatchedColumns[name]}')::text)), 0)::text as h from "${name}" x`
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
        pathPart((pathParts as Record<string, unknown>)[name]),
      );
      const search = new URLSearchParams();
      for (const [key, v] of Object.entries(query as Record<string, unknown>)) {
        for (const item of Array.isArray(v) ? v : [v]) search.append(key, asText(item));
      }
      if (search.size) url += `?${search}`;
      return { method, url, body: payload };
    });
  }

  /** The permission table's valid request for the route, as the owner would send it. */
  function validOf(method: string, path: string) {
    const template = path.replace(/\{path\}$/, '*').replace(/\{([^}]+)\}/g, ':$1');
    const call = permissionTable[`${method} ${template}`]?.call?.(fixture, cast, 'owner');
    if (!call) return undefined;
    const params: Record<string, unknown> = {
      id: fixture.event.id,
      userId: fixture.staffId,
      participationId: fixture.participation.id,
      ...call.params,
    };
    if ('*' in params) params.path = params['*'];
    return { params, query: Object.fromEntries(new URLSearchParams(call.query ?? '')), body: call.body ?? {} };
  }

  function requestFrom(method: string, path: string, parts: unknown): Request {
    const {
      params: p,
      query: q,
      body,
    } = parts as {
      params: Record<string, unknown>;
      query: Record<string, unknown>;
      body: unknown;
    };
    let url = path.replace(/\{([^}]+)\}/g, (_, name: string) => pathPart(p?.[name]));
    const search = new URLSearchParams(Object.entries(q ?? {}).map(([k, v]): [string, string] => [k, asText(v)]));
    if (search.size) url += `?${search}`;
    return { method, url, body: method === 'GET' || method === 'DELETE' ? undefined : body };
  }

  it('answers no 5xx, refuses with { code, message } in JSON, and writes nothing when it refuses', async () => {
    const failures: string[] = [];
    let requests = 0;
    let mutatedCount = 0;
    let state = await checksum();
    const send = async (request: Request, caller: Caller | undefined, label: string) => {
      requests += 1;
      const response = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: {
          // A JSON client: the live places stream, which any other client gets, would never end.
          accept: 'application/json',
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
        const label = `[seed ${SEED}, ${seedOf(route, who)}] ${who}`;
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
          { seed: seedOf(route, who), numRuns: RUNS, endOnFailure: true },
        );
        if (run.failed) failures.push(describeFailure(run));
        const valid = validOf(method, path);
        if (valid) {
          // The values known to have broken the server, at every place of the valid request...
          for (const at of pathsIn(valid).filter((p) => p.length > 1)) {
            for (const value of knownAttacks) {
              const failure = await send(
                requestFrom(method, path, replaceAt(valid, at, value)),
                caller,
                `${label} (${at.join('.')})`,
              );
              if (failure) failures.push(failure);
              if (caller && caller !== owner) {
                caller.cookie = (await signIn(t)).cookie;
                state = await checksum();
              }
            }
          }
          if (caller && caller !== owner) state = await checksum();
          // ...then other hostile values at random places.
          const mutations = mutationsOf(valid, dangerousValue).map((parts) => requestFrom(method, path, parts));
          const mutated = await fc.check(
            fc.asyncProperty(mutations, async (request) => {
              mutatedCount += 1;
              const failure = await send(request, caller, `${label} (mutated)`);
              if (failure) throw new Error(failure);
            }),
            { seed: seedOf(route, who), numRuns: RUNS, endOnFailure: true },
          );
          if (mutated.failed) failures.push(describeFailure(mutated));
        }
        if (!operation.requestBody?.content['application/json']) continue;
        const sample = fc.sample(
          arbitraryOf(operation.requestBody.content['application/json'].schema, { known, wrongTypeBias: 0 }),
          { seed: SEED, numRuns: 1 },
        )[0];
        const generated =
          sample && typeof sample === 'object' && !Array.isArray(sample) ? (sample as Record<string, unknown>) : {};
        const tableBody = valid?.body as Record<string, unknown> | undefined;
        const url = valid
          ? requestFrom(method, path, valid).url
          : path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(known[name]?.[0] ?? 'x'));
        for (const raw of rawBodiesFor(tableBody ?? generated)) {
          const failure = await send({ method, url, raw }, caller, label);
          if (failure) failures.push(failure);
        }
      }
    }
    console.info(
      `fuzzed ${operations.length} operations with ${requests} requests (${mutatedCount} mutated at random) (seed ${SEED}, ${RUNS} runs)`,
    );
    expect(failures).toEqual([]);
    // Prototype keys were sent as own keys: no object of this process got a polluted prototype.
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  }, 600_000);
});

function describeFailure(run: { errorInstance: unknown; counterexample: unknown }): string {
  return run.errorInstance instanceof Error ? run.errorInstance.message : JSON.stringify(run.counterexample);
}

/** A generated value as URL text: strings as they are, anything else as its JSON. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** A path segment; a lone surrogate, which no URL can hold, is sent as the invalid UTF-8 it would be. */
function pathPart(value: unknown): string {
  try {
    return encodeURIComponent(asText(value));
  } catch {
    return '%ED%A0%80';
  }
}
