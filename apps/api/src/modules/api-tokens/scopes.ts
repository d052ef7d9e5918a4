import type { ApiTokenScope } from '@guichet/shared';

/**
 * The only routes an API token opens, each with the scope it needs (issue 33), in one place.
 * Any route not here refuses a token (403): the account, payouts, settings, the tokens
 * themselves. The permission test fails on a line naming a route that does not exist.
 */
export const tokenScopes: Record<string, ApiTokenScope> = {
  'GET /api/console/events': 'events:read',
  'GET /api/events/:id/manage': 'events:read',
  'GET /api/console/events/:id/stats': 'events:read',
  'GET /api/console/events/:id/participants': 'orders:read',
  'GET /api/console/events/:id/export.csv': 'orders:read',
  'GET /api/console/events/:id/export.xlsx': 'orders:read',
  'GET /api/console/events/:id/refunds': 'orders:read',
  'GET /api/checkin/events': 'checkins:write',
  'GET /api/checkin/events/:id/manifest': 'checkins:write',
  'GET /api/checkin/events/:id/lists': 'checkins:write',
  'GET /api/checkin/events/:id/lists/stream': 'checkins:write',
  'POST /api/checkin/events/:id/scans': 'checkins:write',
  'POST /api/checkin/events/:id/scans/batch': 'checkins:write',
  'POST /api/events': 'events:write',
  'PATCH /api/events/:id': 'events:write',
  'POST /api/events/:id/tickets': 'events:write',
  'PATCH /api/tickets/:id': 'events:write',
};

export const tokenScopeOf = (method: string, url: string): ApiTokenScope | undefined => tokenScopes[`${method} ${url}`];

/** Routes whose `:id` is an event: a token reaches only its organiser's (403 for another's). */
export const isEventRoute = (url: string) => /^\/api\/(console\/|checkin\/)?events\/:id(\/|$)/.test(url);
