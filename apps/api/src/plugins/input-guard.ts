import { fr } from '@guichet/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

const INT4_MAX = 2_147_483_647;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Fields (by name, at any depth) whose text the route takes with a NUL and never stores: a
     * scanned code is whatever the camera read, refused as an invalid ticket and logged, so that
     * an offline scanner's batch is not refused whole for one unreadable code.
     */
    nulAllowedIn?: readonly string[];
  }
}

/**
 * The first place in a parsed input that PostgreSQL cannot take, as `a.b.0.c`, with its reason.
 * Walked with a stack of its own: a body nested thousands deep must not exhaust the call stack.
 */
function findUnstorable(
  input: unknown,
  nulAllowedIn: readonly string[] = [],
): { field: string; code: string; message: string } | null {
  const pending: [unknown, string[]][] = [[input, []]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string' && value.includes('\u0000') && !nulAllowedIn.includes(path.at(-1) ?? '')) {
      return { field: path.join('.'), code: 'INVALID_CHARACTER', message: fr.common.invalidCharacter };
    }
    if (typeof value === 'number' && Math.abs(value) > INT4_MAX) {
      return { field: path.join('.'), code: 'NUMBER_TOO_LARGE', message: fr.common.numberTooLarge };
    }
    if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, child] of Object.entries(value).reverse()) pending.push([child, [...path, key]]);
    }
  }
  return null;
}

/**
 * Refuses, before any route's schema, what no column can store: a NUL character (PostgreSQL text
 * refuses \u0000, which answered 500 from any text field, logged in or not) and a JSON number past
 * PostgreSQL's `integer` (quantities, prices, caps, ids of types answered 500). One hook covers
 * every field of every route, present and future, the query string and path included; the
 * shared schemas keep their business bounds (docs/decisions.md, issue 15).
 */
export function guardInputs(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const allowed = request.routeOptions.config?.nulAllowedIn;
    const found =
      findUnstorable(request.params) ?? findUnstorable(request.query) ?? findUnstorable(request.body ?? null, allowed);
    if (found) throw new AppError(found.code, found.message, 400, found.field || undefined);
  });
}
