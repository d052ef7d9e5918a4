import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';

export const DEMO = {
  admin: 'admin@guichet.test',
  organizer: 'organisateur@guichet.test',
  user: 'utilisateur@guichet.test',
  password: 'Demo1234',
};

export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 10)}@e2e.guichet.fr`;

export const NEW_PASSWORD = 'Motdepasse1';

type Person = { email?: string; firstName?: string; lastName?: string; birthDate?: string };

/** Creates an account through the API, as the registration form would (Camille Durand unless `person` says otherwise). Answers its e-mail. */
export async function registerViaApi(request: APIRequestContext, person: Person = {}) {
  const {
    email = uniqueEmail('compte'),
    firstName = 'Camille',
    lastName = 'Durand',
    birthDate = '1999-06-15',
  } = person;
  const response = await request.post('/api/auth/register', {
    data: {
      email,
      firstName,
      lastName,
      birthDate,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
      newsletter: false,
      acceptTerms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return email;
}

/** Logs `request` in through the API: its later calls are that account's. */
export async function logInApi(request: APIRequestContext, email: string, password = NEW_PASSWORD) {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The id of the account logged in on `request`. */
export async function sessionUserId(request: APIRequestContext) {
  const { user } = (await (await request.get('/api/auth/session')).json()) as { user: { id: string } };
  return user.id;
}

/** Fills and sends the login form; what it leads to is the caller's to check. */
export async function login(page: Page, email: string, password: string) {
  await page.goto('/connexion');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Logs in through the form and waits for the profile page that a successful login leads to. */
export async function logInAs(page: Page, email: string, password = NEW_PASSWORD) {
  await login(page, email, password);
  await expect(page).toHaveURL(/\/profil$/);
}

/** A new account, logged in on the page (its API calls share the session). Answers its e-mail. */
export async function newBuyer(page: Page) {
  const email = await registerViaApi(page.request);
  await logInAs(page, email);
  return email;
}

/**
 * Another person beside the page's: a new account (see registerViaApi) logged in through the API
 * in a browser context of its own. The caller closes the context.
 */
export async function otherPerson(browser: Browser | null | undefined, person: Person = {}) {
  const context = await browser?.newContext({ baseURL: test.info().project.use.baseURL });
  if (!context) throw new Error('no browser');
  const email = await registerViaApi(context.request, person);
  await logInApi(context.request, email);
  return { context, request: context.request, email };
}

export type RequestFactory = { request: { newContext: (options: object) => Promise<APIRequestContext> } };

/** A new API session of its own, logged in as nobody yet. */
export const apiContext = (playwright: RequestFactory) =>
  playwright.request.newContext({ baseURL: test.info().project.use.baseURL });

/** An API session of the demo administrator. */
export async function adminApi(playwright: RequestFactory) {
  const admin = await apiContext(playwright);
  await logInApi(admin, DEMO.admin, DEMO.password);
  return admin;
}

/** A new account asking the administrator for verification, with an API session of its own. */
export async function applicant(playwright: RequestFactory, prefix = 'verif') {
  const request = await apiContext(playwright);
  const email = await registerViaApi(request, { email: uniqueEmail(prefix) });
  await logInApi(request, email);
  expect((await request.post('/api/me/verification-request')).status()).toBe(200);
  return { request, email, id: await sessionUserId(request) };
}

/** A complete billing identity (the SIRET and VAT number pass their keys). */
export const BILLING_IDENTITY = {
  legalName: 'Compagnie Durand',
  street: '5 Place du Capitole',
  postcode: '31000',
  city: 'Toulouse',
  country: 'France',
  registrationNumber: '54205118000066',
  vatRegime: 'vat',
  vatNumber: 'FR59542051180',
};

/**
 * A new organiser, verified by the administrator, with an API session of its own: its balance,
 * debts and advance allowance are its own, whatever the other journeys do to the demo organiser's.
 * `advancePercent` is the share of an event's balance it may ask for before the event's end.
 */
export async function newOrganiser(playwright: RequestFactory, { advancePercent = 0 } = {}) {
  const { request, email, id } = await applicant(playwright, 'orga');
  const admin = await adminApi(playwright);
  expect((await admin.post(`/api/admin/users/${id}/verify`)).status()).toBe(200);
  // Its paid events go on sale: their invoices need its billing identity first.
  const billing = await request.put('/api/me/billing-identity', { data: BILLING_IDENTITY });
  expect(billing.status(), await billing.text()).toBe(200);
  if (advancePercent > 0) {
    const advance = await admin.put(`/api/admin/users/${id}/payout-advance`, { data: { percent: advancePercent } });
    expect(advance.status(), await advance.text()).toBe(200);
  }
  const dispose = async () => {
    await request.dispose();
    await admin.dispose();
  };
  return { request, admin, email, id, name: 'Camille Durand', dispose };
}

/** Types a new password and its confirmation where a form asks for them (the reset page, the settings' security). */
export async function fillNewPassword(form: Page | Locator, password: string, confirmation = password) {
  await form.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill(password);
  await form.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true }).fill(confirmation);
}
