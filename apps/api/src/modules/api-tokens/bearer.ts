import { fr, integrationsFr } from '@guichet/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { sha256 } from '../../lib/tokens';
import { insertAudit } from '../audit/repository';
import type { SignedInUser } from '../users/users.repository';
import * as repo from './repository';
import { isEventRoute, tokenScopeOf } from './scopes';
import { API_TOKEN_PREFIX } from './service';

const m = integrationsFr.errors;
type BearerDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

export type TokenCaller = { id: string; scopes: string[] };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the caller is an API token (`Authorization: Bearer`); no session is read then. */
    apiToken: TokenCaller | null;
  }
}

/**
 * The token a request carries, if it says `Authorization: Bearer …` (an empty or malformed one
 * is '' and refused); null without the Bearer scheme (the session is read then).
 */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header || !/^bearer(\s|$)/i.test(header)) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

type LimitCheck = (request: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean }>;

/**
 * Authenticates a token as its organiser for one route, or refuses: 401 for an unknown or
 * revoked token, 403 for a route outside its scopes or another organiser's event, 429 past its
 * limit. The organiser acts without an administrator's role even if they have one: a token
 * never opens the back office.
 */
export async function authenticateBearer(
  deps: BearerDeps,
  request: FastifyRequest,
  token: string,
  checkLimit: LimitCheck,
): Promise<{ user: SignedInUser; token: TokenCaller }> {
  const now = deps.clock.now();
  const found = token.startsWith(API_TOKEN_PREFIX) ? await repo.findTokenUser(deps.db, sha256(token), now) : undefined;
  if (!found) throw new AppError('TOKEN_INVALID', m.tokenInvalid, 401);
  request.apiToken = { id: found.id, scopes: found.scopes };
  // Counted before anything else is read: a token calling refused routes is limited too.
  const limit = await checkLimit(request);
  if (!limit.isAllowed && limit.isExceeded) throw new AppError('RATE_LIMITED', fr.common.tooManyRequests, 429);
  const url = request.routeOptions.url ?? '';
  const scope = tokenScopeOf(request.method === 'HEAD' ? 'GET' : request.method, url);
  if (!scope || !found.scopes.includes(scope)) throw new AppError('TOKEN_NOT_ALLOWED', m.tokenNotAllowed, 403);
  if (isEventRoute(url)) {
    const eventId = (request.params as { id?: string }).id ?? '';
    const organizerId = isUuid(eventId) ? await repo.findEventOrganizer(deps.db, eventId) : undefined;
    if (organizerId && organizerId !== found.user.id) {
      throw new AppError('TOKEN_OTHER_ORGANISER', m.tokenOtherOrganiser, 403);
    }
  }
  await repo.touchToken(deps.db, found.id, now);
  return { user: { ...found.user, role: 'user' }, token: request.apiToken };
}

/**
 * Per token, whatever the address: `RATE_LIMIT_MAX` × 12 calls a minute (120 by default).
 * Counted by @fastify/rate-limit's store: Redis when configured, memory in the embedded mode.
 */
export function tokenLimit(app: FastifyInstance, deps: Pick<AppDeps, 'config'>): LimitCheck {
  return app.createRateLimit({
    max: Math.max(1, deps.config.rateLimitMax * 12),
    timeWindow: 60_000,
    keyGenerator: (request) => `api-token:${request.apiToken?.id ?? ''}`,
  });
}

/** Each change a token makes, in the audit log, once it succeeded. */
export async function auditTokenWrite(deps: BearerDeps, request: FastifyRequest, status: number): Promise<void> {
  if (!request.apiToken || !request.user || request.method === 'GET' || request.method === 'HEAD' || status >= 400) {
    return;
  }
  await insertAudit(deps.db, {
    actorId: request.user.id,
    action: 'api_token.use',
    targetType: 'api_token',
    targetId: request.apiToken.id,
    after: { method: request.method, route: request.routeOptions.url, url: request.url.slice(0, 300), status },
  });
}
