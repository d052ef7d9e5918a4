import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { installErrorHandler } from './errors';
import { access, declareRouteAccess, enforceRouteAccess } from './route-access';

/** A bare server with the declaration hooks, the session faked from a header. */
async function bare(routes: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  installErrorHandler(app);
  declareRouteAccess(app, { rateLimitMax: 1 });
  await app.register(rateLimit, { global: false });
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const role = request.headers['x-role'];
    if (role === 'user' || role === 'admin') request.user = { id: 'u', role, isVerified: false } as never;
  });
  enforceRouteAccess(app);
  await app.register(
    async (api) => {
      routes(api);
    },
    { prefix: '/api' },
  );
  return app;
}

describe('declared route access', () => {
  it('refuses to start with an API route that declares no access', async () => {
    const app = await bare((api) => {
      api.get('/forgotten', async () => ({ ok: true }));
    }).catch((error: Error) => error);
    expect(app instanceof Error ? app.message : 'started').toMatch(/GET \/api\/forgotten declares no access/);
  });

  it('answers each level as declared: anyone, user (401), admin (401, 403)', async () => {
    const app = await bare((api) => {
      api.get('/open', { ...access('anyone') }, async () => ({ ok: true }));
      api.get('/mine', { ...access('user') }, async () => ({ ok: true }));
      api.get('/back-office', { ...access('admin') }, async () => ({ ok: true }));
    });
    const status = async (url: string, role?: string) =>
      (await app.inject({ url, headers: role ? { 'x-role': role } : {} })).statusCode;
    expect(await status('/api/open')).toBe(200);
    expect(await status('/api/mine')).toBe(401);
    expect(await status('/api/mine', 'user')).toBe(200);
    expect(await status('/api/back-office')).toBe(401);
    expect(await status('/api/back-office', 'user')).toBe(403);
    expect(await status('/api/back-office', 'admin')).toBe(200);
    await app.close();
  });

  it('applies the declared limit, per address', async () => {
    const app = await bare((api) => {
      api.get('/limited', { ...access('anyone', { perWindow: 2, minutes: 1 }) }, async () => ({ ok: true }));
    });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ url: '/api/limited' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    await app.close();
  });
});

describe('the application', () => {
  const t = useTestApp();

  it('tells a visitor to log in before looking at what was sent', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/events', payload: { nonsense: true } });
    expect(response.statusCode).toBe(401);
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const logged = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { nonsense: true },
      headers: { cookie },
    });
    expect(logged.statusCode).toBe(400);
  });
});

describe('every route of the API', () => {
  const t = useTestApp();

  it('answers JSON through a response schema, except those that answer no JSON at all', async () => {
    const withoutSchema = t.app.declaredRoutes
      .filter((route) => !route.answersJson)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    // Each of these answers 204, a file (a raw message of the development mailbox among them), a redirect, plain text to a provider, or (the public
    // listing) JSON built by PostgreSQL and sent as it is, or (the contract) the OpenAPI document
    // and its HTML page, built once, or (live availability) a stream of server-sent events, or
    // (Apple's wallet web service) the empty answers and the pass files its protocol defines.
    expect(withoutSchema).toEqual(
      [
        'DELETE /api/console/events/:id/staff/:userId',
        'DELETE /api/console/events/:id/checkin-lists/:listId',
        'DELETE /api/console/events/:id/dates/:dateId',
        'DELETE /api/console/events/:id/questions/:questionId',
        'PATCH /api/console/events/:id/checkin-lists/:listId',
        'GET /api/admin/payout-batches/:id/sepa.xml',
        'DELETE /api/events/:id',
        'DELETE /api/events/:id/participation',
        'DELETE /api/events/:id/waiting-list',
        'DELETE /api/me/participations/:id/transfer',
        'DELETE /api/me/participations/:id/resale',
        'DELETE /api/me',
        'DELETE /api/me/api-tokens/:id',
        'DELETE /api/me/webhooks/:id',
        'PATCH /api/me/webhooks/:id',
        'DELETE /api/orders/:id',
        'DELETE /api/tickets/:id',
        'GET /api/console/events/:id/declarations.csv',
        'GET /api/console/events/:id/declarations.xlsx',
        'GET /api/console/events/:id/export.csv',
        'GET /api/console/events/:id/export.xlsx',
        'GET /api/dev/mail/:id/attachments/:index',
        'GET /api/dev/mail/:id/raw',
        'GET /api/docs',
        'GET /api/openapi.json',
        'GET /api/events',
        'GET /api/orders/:id/invoices/:invoiceId/pdf',
        'GET /api/events/:id/availability/stream',
        'GET /api/checkin/events/:id/lists/stream',
        'GET /api/events/:id/calendar.ics',
        'GET /api/images/*',
        'GET /api/me/export',
        'GET /api/me/participations/:id/qr.png',
        'GET /api/me/participations/:id/ticket.pdf',
        'GET /api/me/orders/:id/tickets.pdf',
        'GET /api/payments/:provider/ipn',
        'GET /api/payouts/:id/commission-invoice.pdf',
        'GET /api/payments/:provider/return/:status',
        'PATCH /api/console/events/:id/staff/:userId',
        'PATCH /api/discounts/:id',
        'PATCH /api/tickets/:id',
        'POST /api/auth/logout',
        'POST /api/me/terms',
        'POST /api/payments/stripe/webhook',
        'DELETE /api/wallet/apple/v1/devices/:deviceId/registrations/:passTypeId/:serial',
        'GET /api/me/participations/:id/pass.pkpass',
        'GET /api/wallet/apple/v1/passes/:passTypeId/:serial',
        'POST /api/wallet/apple/v1/devices/:deviceId/registrations/:passTypeId/:serial',
        'POST /api/wallet/apple/v1/log',
      ].sort(),
    );
  });
});
