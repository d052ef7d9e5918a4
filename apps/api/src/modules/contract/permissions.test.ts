import { type ApiTokenScope, apiTokenScopes } from '@guichet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import {
  type Cast,
  createCast,
  createFixture,
  type Fixture,
  type Role,
  roles,
  signIn,
} from '../../../test/modules/contract/fixture';
import { type Call, permissionTable } from '../../../test/modules/contract/permission-table';
import { apiTokens } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/tokens';
import { tokenScopes } from '../api-tokens/scopes';

/** The fixture's id a path parameter takes, from the route's own words. */
function paramsOf(url: string, f: Fixture): Record<string, string> {
  const id = url.startsWith('/api/tickets/')
    ? f.ticket.id
    : url.startsWith('/api/discounts/')
      ? f.discount.id
      : url.startsWith('/api/orders/')
        ? f.order.id
        : url.startsWith('/api/users/')
          ? f.event.organizerId
          : url.startsWith('/api/me/participations/')
            ? f.participation.id
            : f.event.id;
  return { id, userId: f.staffId, participationId: f.participation.id };
}

const classOf = (status: number) => `${Math.floor(status / 100)}xx`;

/** The URL of a route's call, its path parameters filled from the fixture and the line's call. */
function urlOf(routeUrl: string, fixture: Fixture, call: Call): string {
  const params = { ...paramsOf(routeUrl, fixture), ...call.params };
  return (
    routeUrl.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? '').replace('*', params['*'] ?? '') +
    (call.query ? `?${call.query}` : '')
  );
}

/**
 * Every route of the running application called by every role with real ids (issue 15), its
 * status compared with the permission table. A route that writes gets a fixture of its own for
 * each call; a route that ends an account gives the role a new one.
 */
describe('the permission table', () => {
  let t: TestApp;
  let cast: Cast;
  let shared: Fixture;
  beforeAll(async () => {
    // A database of its own: some answers depend on the whole of a table (the SEPA file of every pending payout).
    t = await createTestApp({ isolated: true });
    cast = await createCast(t);
    shared = await createFixture(t, cast);
  });
  afterAll(async () => t?.close());

  it('has a line for every route of the application, and none for a route that is gone', () => {
    const routes = t.app.declaredRoutes.map((route) => `${route.method} ${route.url}`);
    const missing = routes
      .filter((route) => !permissionTable[route])
      .map((route) => `route ${route} is not in the permission table`);
    const gone = Object.keys(permissionTable).filter((route) => !routes.includes(route));
    expect(missing).toEqual([]);
    expect(gone).toEqual([]);
  });

  it('answers each role as the table says', async () => {
    const differences: string[] = [];
    const reads = t.app.declaredRoutes.filter((route) => route.method === 'GET');
    const writes = t.app.declaredRoutes.filter((route) => route.method !== 'GET');
    for (const route of [...reads, ...writes]) {
      const key = `${route.method} ${route.url}`;
      const line = permissionTable[key];
      if (!line) continue;
      for (const role of roles) {
        const fixture = route.method === 'GET' ? shared : await createFixture(t, cast);
        const call: Call = line.call?.(fixture, cast, role) ?? {};
        const url = urlOf(route.url, fixture, call);
        const cookie = cast[role].cookie;
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          // A JSON client: the live places stream, which any other client gets, would never end.
          headers: { accept: 'application/json', ...(cookie && { cookie }) },
          ...(call.body !== undefined && { payload: call.body as object }),
        });
        const expected = line.expect[role];
        if (response.statusCode !== expected) {
          differences.push(
            `${key} as ${role}: ${response.statusCode} (${classOf(response.statusCode)}), expected ${expected} — ${response.body.slice(0, 160)}`,
          );
        }
        if (line.endsAccount && role !== 'visitor') {
          const values = {
            isVerified: role.includes('erified') || role === 'owner',
            role: role === 'admin' ? 'admin' : 'user',
          } as const;
          cast[role] = await signIn(t, { ...values, isVerified: role === 'owner' || role === 'verifiedOrganiser' });
          if (role === 'owner' || role === 'holder' || role === 'staff' || role === 'boxOffice')
            shared = await createFixture(t, cast);
        }
      }
    }
    expect(differences).toEqual([]);
  }, 300_000);

  it('names the same scope as the token table for every route, and no route that is gone', () => {
    const fromTable = Object.entries(permissionTable)
      .filter(([, line]) => line.token)
      .map(([route, line]) => `${route} ${line.token?.scope}`)
      .sort();
    expect(
      Object.entries(tokenScopes)
        .map(([route, scope]) => `${route} ${scope}`)
        .sort(),
    ).toEqual(fromTable);
    const declared = t.app.declaredRoutes
      .filter((route) => route.tokenScope)
      .map((route) => `${route.method} ${route.url}`);
    expect(declared.sort()).toEqual(Object.keys(tokenScopes).sort());
  });

  /**
   * Tokens as callers (issue 33): the owner's token with the route's scope answers as the table
   * says, one with every other scope 403; a route without a scope answers 403 to a token with all.
   */
  it('answers API tokens as the table says', async () => {
    const made = new Map<string, string>();
    const tokenOf = async (scopes: readonly ApiTokenScope[]) => {
      const key = `${cast.owner.id}:${scopes.join(',')}`;
      let token = made.get(key);
      if (!token) {
        token = `gch_${randomToken()}`;
        await t.database.db
          .insert(apiTokens)
          .values({ userId: cast.owner.id as string, name: key, tokenHash: sha256(token), scopes: [...scopes] });
        made.set(key, token);
      }
      return token;
    };
    const differences: string[] = [];
    for (const route of t.app.declaredRoutes) {
      const key = `${route.method} ${route.url}`;
      const line = permissionTable[key];
      if (!line) continue;
      const scope = line.token?.scope;
      const callers: [string, readonly ApiTokenScope[], number][] = scope
        ? [
            ['with its scope', [scope], line.token?.status ?? line.expect.owner],
            ['without its scope', apiTokenScopes.filter((other) => other !== scope), 403],
          ]
        : [['with every scope', apiTokenScopes, 403]];
      for (const [who, scopes, expected] of callers) {
        const fixture = route.method === 'GET' ? shared : await createFixture(t, cast);
        const call: Call = line.call?.(fixture, cast, 'owner') ?? {};
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: urlOf(route.url, fixture, call),
          headers: { accept: 'application/json', authorization: `Bearer ${await tokenOf(scopes)}` },
          ...(call.body !== undefined && { payload: call.body as object }),
        });
        if (response.statusCode !== expected) {
          differences.push(
            `${key} token ${who}: ${response.statusCode}, expected ${expected} — ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(differences).toEqual([]);
  }, 300_000);
});

export type { Role };
