import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, logInAs, newBuyer } from './accounts';
import { eventDetail, organiserEvent } from './events';
import { buy } from './purchases';
import { screenshotBothThemes } from './screenshots';

test.describe('browsing events', () => {
  test('a first visit lands on the events, which filter by price', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/billetterie$/);
    await expect(page.getByRole('heading', { name: 'Billetterie', level: 1 })).toBeVisible();

    const cards = page.getByRole('main').getByRole('listitem');
    await expect(cards.filter({ hasText: "Gala d'hiver des étudiants" })).toContainText('25,00 €');
    await expect(cards.filter({ hasText: 'Pique-nique de rentrée' })).toContainText('Gratuit');
    // Ended and private events are not listed.
    await expect(page.getByText("Soirée d'intégration 2026")).toHaveCount(0);
    await expect(page.getByText('Anniversaire de Lina (privé)')).toHaveCount(0);
    await expectAccessible(page);

    await page.getByText('Payants', { exact: true }).click();
    await expect(cards.filter({ hasText: "Gala d'hiver" })).toBeVisible();
    await expect(cards.filter({ hasText: 'Pique-nique de rentrée' })).toHaveCount(0);

    await page.getByText('Gratuits', { exact: true }).click();
    await expect(cards.filter({ hasText: 'Pique-nique de rentrée' })).toBeVisible();
    await expect(cards.filter({ hasText: "Gala d'hiver" })).toHaveCount(0);

    // A second visit of the home page stays there.
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
  });

  test('an event page shows its details, tickets and status, and shares its link', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Searched: the list is paged, and other tests' events come first.
    await page.goto(`/billetterie?q=${encodeURIComponent('Festival Électro du Canal')}`);
    await page.getByRole('link', { name: /Festival Électro du Canal/ }).click();
    await expect(page.getByRole('heading', { name: 'Festival Électro du Canal', level: 1 })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText('Public', { exact: true })).toBeVisible();
    await expect(main.getByText('Olivier Organisateur')).toBeVisible();
    await expect(main.getByRole('img', { name: 'Organisateur vérifié' })).toBeVisible();
    await expect(main.getByRole('link', { name: /Port Saint-Sauveur/ })).toHaveAttribute('href', /maps/);
    await expect(main).toContainText('Catégorie : Festival');
    await expect(main.getByText('Deux scènes, douze artistes, food trucks.')).toBeVisible();
    // Logged out: the open ticketing links to the login page.
    await expect(main.getByRole('link', { name: 'Billetterie ouverte' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Gestion' })).toHaveCount(0);

    await main.getByRole('button', { name: /Pass festival/ }).click();
    await expect(main.getByText('Pass 2 jours')).toBeVisible();
    await expect(main.getByText('55,00 €')).toBeVisible();
    await expectAccessible(page);

    await main.getByRole('button', { name: 'Partager' }).click();
    const dialog = page.getByRole('dialog', { name: "Partager l'événement" });
    await expect(dialog.getByLabel("Lien de l'événement")).toHaveValue(new RegExp(`${page.url().split('/').pop()}$`));
    await expect(dialog.getByRole('img', { name: /QR code du lien/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Copier le lien' }).click();
    await expect(page.getByText("Lien de l'événement copié.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Télécharger le QR code' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.png$/);
  });

  test('the four ticketing states read as the spec says', async ({ page }) => {
    await page.goto(`/billetterie?q=${encodeURIComponent('Concert acoustique au Bikini')}`);
    await page.getByRole('link', { name: /Concert acoustique au Bikini/ }).click();
    // The event's state; its ticket says so too once the live places arrive.
    await expect(page.getByRole('main').getByText('Complet', { exact: true }).first()).toBeVisible();
  });

  test('unknown events and pages say so', async ({ page }) => {
    await page.goto('/billetterie/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Événement introuvable' })).toBeVisible();
    await page.goto('/billetterie/');
    await expect(page).toHaveURL(/\/billetterie$/);
    await page.goto('/cette-page-nexiste-pas');
    await expect(page.getByRole('heading', { name: 'Oups ! Page non trouvée' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/localhost:\d+\/(billetterie)?$/);
  });

  test('the theme is dark by default and the light choice is remembered', async ({ page }) => {
    await page.goto('/billetterie');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('button', { name: 'Passer au thème clair' }).first().click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expectAccessible(page);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('a long page offers a way back to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 500 });
    await page.goto('/termsAndConditions');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retour en haut' })).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 1500));
    const back = page.getByRole('button', { name: 'Retour en haut' });
    await expect(back).toBeVisible();
    await back.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('phones get a menu instead of the top links @phone', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'phone layout only');
    await page.goto('/billetterie');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('link', { name: 'Connexion/Inscription' }).click();
    await expect(page).toHaveURL(/\/connexion$/);
  });
});

test('the list shows a logged-in user their own private event, labelled Privé, and hides it from others', async ({
  page,
}) => {
  await logInAs(page, DEMO.user, DEMO.password);
  await page.goto('/billetterie');
  const card = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Soirée jeux de société' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Privé', { exact: true })).toBeVisible();
  await page.context().clearCookies();
  await page.reload();
  await expect(page.getByRole('main').getByText("Gala d'hiver des étudiants")).toBeVisible();
  await expect(page.getByText('Soirée jeux de société')).toHaveCount(0);
});

test('pages load without console errors, answer HEAD, and a failed list offers to retry at once', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  for (const path of ['/billetterie', '/connexion', '/contact']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
  expect((await page.request.head('/billetterie')).status()).toBe(200);

  let failures = 0;
  await page.route('**/api/events?**', (route) => {
    failures++;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"code":"X","message":"Indisponible"}',
    });
  });
  // A filtered list: the plain one comes written into the page for a visitor, with no call to fail.
  await page.goto('/billetterie?price=paid');
  const retry = page.getByRole('button', { name: 'Réessayer' });
  await expect(retry).toBeVisible();
  // At once: after one quick second try, not the library's three attempts with backoff (a count,
  // not a clock, so that a loaded machine does not fail it).
  expect(failures).toBe(2);
  await page.unroute('**/api/events?**');
  await retry.click();
  await expect(page.getByRole('main').getByText("Gala d'hiver des étudiants")).toBeVisible();
  expect(failures).toBeGreaterThan(0);
});

test('the list searches and filters from the URL, the back button undoes a filter, cards show their banner whole', async ({
  page,
}) => {
  await page.goto('/billetterie');
  const main = page.getByRole('main');
  await expect(main.getByText("Gala d'hiver des étudiants")).toBeVisible();
  // Every card shows its banner (the demo's are drawn), in a 5:3 box, never the placeholder.
  const images = main.locator('ul img');
  await expect(images.first()).toHaveAttribute('srcset', /-w400\.webp 400w/);
  const box = await images.first().boundingBox();
  expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(5 / 3, 1);

  await main.getByRole('searchbox', { name: 'Rechercher un événement' }).fill('gala hiver');
  await expect(page).toHaveURL(/\?q=gala\+hiver$/);
  await expect(main.getByRole('listitem')).toHaveCount(1);
  await expect(main.getByText("Gala d'hiver des étudiants")).toBeVisible();

  await page.getByText('Gratuits', { exact: true }).click();
  await expect(page).toHaveURL(/price=free/);
  await expect(main.getByText('Aucun événement ne correspond à ces critères.')).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/price=free/);
  await expect(main.getByText("Gala d'hiver des étudiants")).toBeVisible();

  // A shared link opens the same list.
  await page.goto('/billetterie?q=pique');
  await expect(main.getByRole('searchbox', { name: 'Rechercher un événement' })).toHaveValue('pique');
  await expect(main.getByText('Pique-nique de rentrée')).toBeVisible();
  await expect(main.getByText("Gala d'hiver des étudiants")).toHaveCount(0);
});

test('an event page names its event for link previews and each page its tab', async ({ page, request }) => {
  const { items } = await (
    await request.get(`/api/events?q=${encodeURIComponent("Gala d'hiver des étudiants")}`)
  ).json();
  const html = await (await request.get(`/billetterie/${items[0].id}`)).text();
  expect(html).toContain(`<meta property="og:title" content="Gala d'hiver`);
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+event-flyer-[^"]+\.jpg"/);
  await page.goto(`/billetterie/${items[0].id}`);
  await expect(page).toHaveTitle(/^Gala d'hiver des étudiants · /);
  await page.goto('/connexion');
  await expect(page).toHaveTitle(/^Connexion · /);
});

test('on a phone the event page offers a buying bar that brings the ticket choice up @phone', async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(!isMobile, 'phone layout only');
  const { items } = await (
    await request.get(`/api/events?q=${encodeURIComponent("Gala d'hiver des étudiants")}`)
  ).json();
  await page.goto(`/billetterie/${items[0].id}`);
  const bar = page.getByRole('button', { name: 'Réserver' });
  await expect(bar).toBeInViewport();
  await expect(page.getByText('Dès 25,00 €')).toBeVisible();
  const tickets = page.getByRole('heading', { name: 'Billets', level: 2 });
  await expect(tickets).not.toBeInViewport();
  await bar.click();
  await expect(tickets).toBeInViewport();
});

test("a sold-out event's card says 'Complet' beside its price", async ({ page, request }) => {
  const title = `Complet ${Math.random().toString(36).slice(2, 8)}`;
  const eventId = await organiserEvent(request, { title, ticketList: [{ title: 'Premium', price: 18, quantity: 1 }] });
  const event = await eventDetail(request, eventId);
  await page.goto(`/billetterie?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('main').getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('dès 18,00 €');
  await expect(card.getByText('Complet', { exact: true })).toHaveCount(0);

  // Its only place is sold.
  await newBuyer(page);
  await buy(page.request, eventId, { ticketId: event.firstTicketId, quantity: 1 });
  await page.context().clearCookies();
  // A visitor's page of the list may be kept two seconds.
  await expect(async () => {
    await page.goto(`/billetterie?q=${encodeURIComponent(title)}`);
    await expect(card.getByText('Complet', { exact: true })).toBeVisible({ timeout: 5_000 });
  }).toPass();
  await expect(card).toContainText('dès 18,00 €');
  await expectAccessible(page);
  await screenshotBothThemes(page, card, 'sold-out-card');
  await expectAccessible(page);
});
