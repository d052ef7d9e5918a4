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

/** A value met in the walk, with the key it was found under and its parent's node (its path, kept as links). */
type Node = { value: unknown; key: string; parent: Node | null };

const pathOf = (node: Node): string => {
  const keys: string[] = [];
  for (let at: Node | null = node; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * The first place in a parsed input that PostgreSQL cannot take, as `a.b.0.c`, with its reason.
 * Walked with a stack of its own: a body nested thousands deep must not exhaust the call stack.
 * Each value links to its parent rather than carrying its path: every request's body is walked,
 * and the path is only written out for the refusal.
 */
function findUnstorable(
  input: unknown,
  nulAllowedIn: readonly string[] = [],
): { field: string; code: string; message: string } | null {
  const pending: Node[] = [{ value: input, key: '', parent: null }];
  for (let node = pending.pop(); node; node = pending.pop()) {
    const { value } = node;
    if (typeof value === 'string') {
      if (value.includes('\u0000') && !(node.parent && nulAllowedIn.includes(node.key))) {
        return { field: pathOf(node), code: 'INVALID_CHARACTER', message: fr.common.invalidCharacter };
      }
    } else if (typeof value === 'number') {
      if (Math.abs(value) > INT4_MAX) {
        return { field: pathOf(node), code: 'NUMBER_TOO_LARGE', message: fr.common.numberTooLarge };
      }
    } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      // Pushed last first, so that the first field is looked at first (the refusal names it).
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        pending.push({ value: (value as Record<string, unknown>)[key], key, parent: node });
      }
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
