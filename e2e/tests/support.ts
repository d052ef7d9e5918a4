import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

export const DEMO = {
  admin: 'admin@guichet.test',
  organizer: 'organisateur@guichet.test',
  user: 'utilisateur@guichet.test',
  password: 'Demo1234',
};

export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 10)}@e2e.guichet.fr`;

export const NEW_PASSWORD = 'Motdepasse1';

/** Creates an account through the API, as the registration form would. */
export async function registerViaApi(request: APIRequestContext, email = uniqueEmail('compte')) {
  const response = await request.post('/api/auth/register', {
    data: {
      email,
      firstName: 'Camille',
      lastName: 'Durand',
      birthDate: '1999-06-15',
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
      newsletter: false,
      acceptTerms: true,
    },
  });
  expect(response.status()).toBe(201);
  return email;
}

/** The newest message sent to `email` in the development mailbox. */
export async function lastMail(request: APIRequestContext, email: string) {
  let mails: { subject: string; text: string }[] = [];
  await expect
    .poll(async () => {
      mails = await (await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json();
      return mails.length;
    })
    .toBeGreaterThan(0);
  return mails[0] as { subject: string; text: string };
}

const DAY = 86_400_000;

/**
 * A public event of the demo organiser, made through the API so that each test has its own: a
 * free 'Entrée' ticket unless `overrides` says otherwise. Answers its id.
 */
export async function organiserEvent(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  expect(
    (await request.post('/api/auth/login', { data: { email: DEMO.organizer, password: DEMO.password } })).status(),
  ).toBe(200);
  return createEvent(request, overrides);
}

/** A public event of the organiser logged in on `request` (see organiserEvent). Answers its id. */
export async function createEvent(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  // After every demo event (the last begins in 45 days): the many events the journeys make never
  // push the demo's off the list's first page, which the browsing journeys read.
  const start = Date.now() + 50 * DAY;
  const response = await request.post('/api/events', {
    data: {
      title: `Réservation ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Un événement de test.',
      address: '5 Place du Capitole, 31000 Toulouse',
      type: 'Soirée',
      dateBegin: new Date(start).toISOString(),
      dateEnd: new Date(start + 5 * 3_600_000).toISOString(),
      nbMaxParticipants: 100,
      isUserPaysFees: false,
      ticketList: [{ title: 'Entrée', price: 0, quantity: 50 }],
      acceptTerms: true,
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  // Every event starts private: the organiser publishes it.
  expect((await request.patch(`/api/events/${id}`, { data: { isPublic: true } })).status()).toBeLessThan(300);
  return id;
}

type RequestFactory = { request: { newContext: (options: object) => Promise<APIRequestContext> } };

/** An API session of the demo administrator. */
export async function adminApi(playwright: RequestFactory) {
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await admin.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO.password } })).status()).toBe(
    200,
  );
  return admin;
}

/**
 * A new organiser, verified by the administrator, with an API session of its own: its balance,
 * debts and advance allowance are its own, whatever the other journeys do to the demo organiser's.
 * `advancePercent` is the share of an event's balance it may ask for before the event's end.
 */
export async function newOrganiser(playwright: RequestFactory, { advancePercent = 0 } = {}) {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const email = await registerViaApi(request, uniqueEmail('orga'));
  expect((await request.post('/api/auth/login', { data: { email, password: NEW_PASSWORD } })).status()).toBe(200);
  expect((await request.post('/api/me/verification-request')).status()).toBe(200);
  const { user } = (await (await request.get('/api/auth/session')).json()) as { user: { id: string } };
  const admin = await adminApi(playwright);
  expect((await admin.post(`/api/admin/users/${user.id}/verify`)).status()).toBe(200);
  if (advancePercent > 0) {
    const advance = await admin.put(`/api/admin/users/${user.id}/payout-advance`, {
      data: { percent: advancePercent },
    });
    expect(advance.status(), await advance.text()).toBe(200);
  }
  return { request, admin, email, id: user.id, name: 'Camille Durand' };
}

/** A new account, logged in on the page (its API calls share the session). Answers its e-mail. */
export async function newBuyer(page: Page) {
  const email = await registerViaApi(page.request);
  await login(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/profil$/);
  return email;
}

export async function login(page: Page, email: string, password: string) {
  await page.goto('/connexion');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/**
 * axe-core: no serious or critical violation on the page as it stands, once its transitions have
 * ended (a button sliding in is half transparent for a moment, which axe would read as low contrast).
 */
export async function expectAccessible(page: Page, options: { exclude?: string } = {}) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  const builder = new AxeBuilder({ page });
  if (options.exclude) builder.exclude(options.exclude);
  const results = await builder.analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const describe = (node: { target: unknown[]; failureSummary?: string }) =>
    `${node.target.join(' ')} ${node.failureSummary ?? ''}`.trim();
  expect(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map(describe).join(', ')})`)).toEqual([]);
}

/** The deployment whose terms version is newer than what its demo users accepted. */
export const TERMS_SERVER = `http://localhost:${Number(process.env.E2E_PORT ?? 3210) + 1}`;

/** An order of the logged-in buyer of `request` (`order_`: more of the order, a promo code), paid through the sandbox bank with its signed protocol. */
export async function buy(
  request: APIRequestContext,
  eventId: string,
  line: Record<string, unknown>,
  order_: Record<string, unknown> = {},
) {
  const order = await request.post('/api/orders', { data: { eventId, lines: [line], acceptTerms: true, ...order_ } });
  expect(order.status(), await order.text()).toBe(201);
  const { id, status } = (await order.json()) as { id: string; status: string };
  if (status === 'paid') return id;
  const start = await request.post(`/api/orders/${id}/payment`);
  expect(start.status()).toBe(200);
  const { redirect } = (await start.json()) as { redirect: { action: string; fields: [string, string][] } };
  const bank = await request.post(redirect.action, { form: Object.fromEntries(redirect.fields) });
  const token = /name="token" value="([^"]+)"/.exec(await bank.text())?.[1] ?? '';
  const decision = await request.post('/sandbox-bank/decide', { form: { token, decision: 'pay' }, maxRedirects: 0 });
  expect(decision.status()).toBe(303);
  return id;
}

export type ListedEvent = { id: string; title: string; isPublic: boolean; organizerId: string };

/**
 * An event of the list by its exact title, through the list's text search (the list is paged:
 * other tests' events may push it past the first page).
 */
export async function findListedEvent(request: APIRequestContext, title: string): Promise<ListedEvent> {
  const response = await request.get(`/api/events?q=${encodeURIComponent(title)}&limit=48`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: ListedEvent[] };
  const event = items.find((item) => item.title === title);
  if (!event) throw new Error(`no listed event ${title}`);
  return event;
}
