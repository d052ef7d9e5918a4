import {
  API_TOKEN_NAME_MAX,
  type ApiTokenCreated,
  type ApiTokenInput,
  type ApiTokenScope,
  type ApiTokenSummary,
  apiTokenScopes,
  integrationsFr,
  isApiTokenScope,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { randomToken, sha256 } from '../../lib/tokens';
import { insertAudit } from '../audit/repository';
import type { SignedInUser } from '../users/users.repository';
import * as repo from './repository';

const m = integrationsFr.errors;
/** Recognisable in a leak report or a secret scanner: `gch_` and 256 random bits. */
export const API_TOKEN_PREFIX = 'gch_';
const MAX_LIVE_TOKENS = 20;

/** Tokens and webhooks act on events: a verified organiser's (2-organiser.md §6), or an administrator's. */
export function requireOrganiser(me: SignedInUser): void {
  if (!me.isVerified && me.role !== 'admin') throw new AppError('ORGANISERS_ONLY', m.organisersOnly, 403);
}

export function parseScopes(scopes: string[]): ApiTokenScope[] {
  const unknown = scopes.find((scope) => !isApiTokenScope(scope));
  if (unknown !== undefined) throw badRequest(m.unknownScope(unknown), 'scopes');
  if (scopes.length === 0) throw badRequest(m.scopesRequired, 'scopes');
  // In the catalogue's order, once each.
  return apiTokenScopes.filter((scope) => scopes.includes(scope));
}

export async function createApiToken(deps: AppDeps, me: SignedInUser, input: ApiTokenInput): Promise<ApiTokenCreated> {
  requireOrganiser(me);
  const name = input.name.trim();
  if (!name || name.length > API_TOKEN_NAME_MAX) throw badRequest(m.nameRequired, 'name');
  const scopes = parseScopes(input.scopes);
  const token = `${API_TOKEN_PREFIX}${randomToken()}`;
  return deps.db.transaction(async (tx) => {
    if ((await repo.countLiveTokens(tx, me.id)) >= MAX_LIVE_TOKENS) {
      throw new AppError('TOO_MANY_TOKENS', m.tooManyTokens(MAX_LIVE_TOKENS), 409);
    }
    const id = await repo.insertToken(tx, { userId: me.id, name, tokenHash: sha256(token), scopes });
    await insertAudit(tx, {
      actorId: me.id,
      action: 'api_token.create',
      targetType: 'api_token',
      targetId: id,
      after: { name, scopes },
    });
    return { id, token };
  });
}

export async function listApiTokens(deps: AppDeps, me: SignedInUser): Promise<ApiTokenSummary[]> {
  const rows = await repo.findLiveTokens(deps.db, me.id);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    scopes: row.scopes.filter(isApiTokenScope),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function revokeApiToken(deps: AppDeps, me: SignedInUser, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('TOKEN_NOT_FOUND', m.tokenNotFound, 404);
  await deps.db.transaction(async (tx) => {
    const revoked = await repo.revokeToken(tx, me.id, id, deps.clock.now());
    if (!revoked) throw new AppError('TOKEN_NOT_FOUND', m.tokenNotFound, 404);
    await insertAudit(tx, {
      actorId: me.id,
      action: 'api_token.revoke',
      targetType: 'api_token',
      targetId: id,
      before: { name: revoked.name, scopes: revoked.scopes },
    });
  });
}
