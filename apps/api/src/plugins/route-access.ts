import { type ApiTokenScope, fr, normalizeEmail } from '@guichet/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';
import { tokenScopeOf } from '../modules/api-tokens/scopes';

/**
 * Who may call a route at all. Finer rules (this event's organiser, its staff) are the
 * services' questions to `policy/can.ts`; this is the door of the route.
 */
export type Access =
  /** Visitors too; the session, if any, is read. */
  | 'anyone'
  /** A logged-in account (401 otherwise). */
  | 'user'
  /** An administrator (401 for a visitor, 403 for anyone else). */
  | 'admin';

/** `perWindow` times RATE_LIMIT_MAX per address within `minutes` (docs/decisions.md). */
export type RouteLimit = {
  perWindow: number;
  minutes: number;
  /** The smallest limit whatever RATE_LIMIT_MAX says (routes a page calls several times). */
  floor?: number;
  /** Counted per address and e-mail of the parsed body (login: one person's attempts). */
  keyByEmail?: boolean;
  /**
   * A second limit, whatever the address: per e-mail named in the body (a visitor's route that
   * mails an address) or per account (a logged-in route), so that many addresses cannot bomb one
   * mailbox or one account send without end (issue 15). `perWindow` × RATE_LIMIT_MAX too.
   */
  perTarget?: { perWindow: number; minutes: number };
};

type DeclaredRoute = {
  method: string;
  url: string;
  access: Access;
  answersJson: boolean;
  /** The scope an API token needs here; none: tokens are refused (modules/api-tokens/scopes.ts). */
  tokenScope: ApiTokenScope | undefined;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    limit?: RouteLimit;
  }
  interface FastifyInstance {
    /** Every API route with its declaration, as the application registered them. */
    declaredRoutes: DeclaredRoute[];
  }
}

/**
 * What a route declares about its callers, spread into its options: `{ schema, ...access('user') }`.
 * It returns the whole `config` entry, so that neither the access nor the limit can be put where
 * nothing reads it; a route of the API that declares no access stops the application's start.
 */
export function access(level: Access, limit?: RouteLimit) {
  return { config: { access: level, ...(limit && { limit }) } };
}

export function rateLimitOf(config: Pick<Config, 'rateLimitMax'>, limit: RouteLimit) {
  return {
    max: Math.max(limit.floor ?? 1, Math.round(config.rateLimitMax * limit.perWindow)),
    timeWindow: limit.minutes * 60_000,
    ...(limit.keyByEmail && {
      hook: 'preHandler' as const,
      keyGenerator: (request: { ip: string; body?: unknown }) =>
        // The e-mail as accounts are matched (issue 15: spaces and capitals made new keys).
        `${request.ip}:${normalizeEmail(String((request.body as { email?: unknown } | undefined)?.email ?? ''))}`,
    }),
  };
}

/**
 * Reads every API route's declaration as it is added and turns its limit into
 * @fastify/rate-limit's setting: register it before that plugin, whose own hook reads it.
 */
export function declareRouteAccess(app: FastifyInstance, config: Pick<Config, 'rateLimitMax'>): void {
  const declaredRoutes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declaredRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const declared = route.config?.access;
    if (!declared) throw new Error(`${String(route.method)} ${route.url} declares no access (plugins/route-access.ts)`);
    if (route.method !== 'HEAD') {
      declaredRoutes.push({
        method: String(route.method),
        url: route.url,
        access: declared,
        answersJson: Boolean(route.schema?.response),
        tokenScope: tokenScopeOf(String(route.method), route.url),
      });
    }
    const limit = route.config?.limit;
    if (limit) {
      route.config = { ...route.config, rateLimit: rateLimitOf(config, limit) };
    }
    if (limit?.perTarget) {
      const { perWindow, minutes } = limit.perTarget;
      // Checked by hand: the plugin runs one of its limits per request, and the route's own ran.
      const check = app.createRateLimit({
        max: Math.max(1, Math.round(config.rateLimitMax * perWindow)),
        timeWindow: minutes * 60_000,
        keyGenerator: (request) =>
          `${route.url}:${
            request.user?.id ?? normalizeEmail(String((request.body as { email?: unknown } | undefined)?.email ?? ''))
          }`,
      });
      const perTarget = async (request: FastifyRequest) => {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) throw new AppError('RATE_LIMITED', fr.common.tooManyRequests, 429);
      };
      const existing = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [...existing, perTarget] as typeof route.preHandler;
    }
  });
}

/**
 * Refuses a request its route's access does not admit, before its body is even read: register
 * it after the session plugin, whose hook comes first.
 */
export function enforceRouteAccess(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const declared = request.routeOptions.config?.access;
    if (!declared || declared === 'anyone') return;
    if (!request.user) throw new AppError('UNAUTHENTICATED', fr.shell.notLoggedIn, 401);
    if (declared === 'admin' && request.user.role !== 'admin') {
      throw new AppError('FORBIDDEN', fr.common.forbidden, 403);
    }
  });
}
