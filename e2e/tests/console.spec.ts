import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, logInAs, login } from './accounts';
import { openConsole, switchConsoleToLightTheme } from './console-steps';
import { eventDetail, findListedEvent, organiserEvent } from './events';

/** Demo events of the verified organiser, by start date (apps/api/src/db/seed/demo.ts). */
const LATEST = 'Festival Électro du Canal';
const GALA = "Gala d'hiver des étudiants";
const EARLIEST = "Soirée d'intégration 2026";

/** The titles listed in the sidebar, in the order shown. */
async function listedTitles(page: Page, sidebarName: string | RegExp) {
  const items = page.getByRole('navigation', { name: sidebarName }).getByRole('listitem');
  await expect(items.first()).toBeVisible();
  return items.allInnerTexts();
}

const indexOf = (titles: string[], title: string) => titles.findIndex((text) => text.includes(title));

async function galaId(page: Page) {
  return (await findListedEvent(page.request, GALA)).id;
}

test('the verified organiser sees their events newest first, sorts them, and switches tabs', async ({ page }) => {
  await openConsole(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des événements' })).toBeVisible();
  // No common header or footer: the console has its own footer with the terms documents and contact.
  await expect(page.getByRole('link', { name: 'Mes billets' })).toHaveCount(0);
  const footer = page.getByRole('navigation', { name: 'Liens légaux et contact' });
  for (const name of ['CGU', 'CGV', 'CGO', 'PC', 'Contact']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Vous n'avez pas encore sélectionné d'événement.")).toBeVisible();

  const newest = await listedTitles(page, 'Mes événements');
  expect(indexOf(newest, LATEST)).toBeGreaterThanOrEqual(0);
  expect(indexOf(newest, LATEST)).toBeLessThan(indexOf(newest, GALA));
  expect(indexOf(newest, GALA)).toBeLessThan(indexOf(newest, EARLIEST));
  // Another user's event is not listed.
  expect(indexOf(newest, 'Soirée jeux de société')).toBe(-1);

  await page.getByText("Plus anciens d'abord").click();
  await expect
    .poll(async () => {
      const oldest = await listedTitles(page, 'Mes événements');
      return indexOf(oldest, EARLIEST) < indexOf(oldest, GALA) && indexOf(oldest, GALA) < indexOf(oldest, LATEST);
    })
    .toBe(true);

  const sidebar = page.getByRole('navigation', { name: 'Mes événements' });
  await sidebar.getByRole('button', { name: new RegExp(GALA) }).click();
  await expect(page).toHaveURL(/[?&]event=[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { level: 2, name: GALA })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: new RegExp(GALA) })).toHaveAttribute('aria-current', 'true');

  const tabs = ['Statistiques', 'Modification', 'Participants', 'Staff', 'Ajout Manuel'];
  for (const name of tabs) await expect(page.getByRole('tab', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Statistiques' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('tabpanel').getByRole('heading', { name: 'Nombre de places vendues par type' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Extraction des données' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Participants' }).click();
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Billets' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exporter' })).toBeVisible();
  await page.getByRole('tab', { name: 'Staff' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Olivier Organisateur');
  await expect(page.getByRole('tabpanel').getByText('Admin', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exporter' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Extraction des données' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Modification' }).click();
  await expect(page).toHaveURL(/[?&]tab=edit/);
  await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(GALA);
  await expectAccessible(page);

  // The choice survives a reload: it lives in the address.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Modification' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: GALA })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(GALA);
});

test("the event page's 'Gestion' link opens the console on that event, in light theme too", async ({ page }) => {
  await openConsole(page, { event: await galaId(page) });
  await expect(page.getByRole('heading', { level: 2, name: GALA })).toBeVisible();
  await switchConsoleToLightTheme(page);
  await expectAccessible(page);
});

test('deleting an event from the console stays in the console, the event gone from the list', async ({ page }) => {
  // The page shares the organiser's session opened by the helper.
  const id = await organiserEvent(page.request);
  const { title } = await eventDetail(page.request, id);
  await page.goto(`/event_management?event=${id}&tab=edit`);
  await page.getByRole('button', { name: "Supprimer l'événement" }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText("L'événement a été supprimé.")).toBeVisible();
  await expect(page).toHaveURL(/\/event_management(\?(?!.*event=).*)?$/);
  await expect(page.getByText("Vous n'avez pas encore sélectionné d'événement.")).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Mes événements' }).getByText(title)).toHaveCount(0);
});

test('the administrator picks an organiser in a dropdown sorted by name', async ({ page }) => {
  await openConsole(page, { email: DEMO.admin });
  const picker = page.getByRole('textbox', { name: 'Organisateur', exact: true });
  await picker.click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = await options.allInnerTexts();
  expect(names).toContain('Organisateur Olivier');
  expect(names.indexOf('Administratrice Alice')).toBeLessThan(names.indexOf('Organisateur Olivier'));
  await page.getByRole('option', { name: 'Organisateur Olivier' }).click();

  const titles = await listedTitles(page, 'Événements de Olivier Organisateur');
  expect(indexOf(titles, GALA)).toBeGreaterThanOrEqual(0);
  await page
    .getByRole('navigation', { name: 'Événements de Olivier Organisateur' })
    .getByRole('button', { name: new RegExp(GALA) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: GALA })).toBeVisible();
  await expectAccessible(page);
});

test("the administrator arriving from an event's 'Gestion' link sees that organiser's events", async ({ page }) => {
  await openConsole(page, { event: await galaId(page), email: DEMO.admin });
  await expect(page.getByRole('heading', { level: 2, name: GALA })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Événements de Olivier Organisateur' })).toBeVisible();
});

test('a user who is not a verified organiser is sent to /billetterie, a visitor to /connexion', async ({ page }) => {
  await page.goto('/event_management');
  await expect(page).toHaveURL(/\/connexion$/);
  // The login then leads back to the console, which sends this user on: no profile page in between.
  await login(page, DEMO.user, DEMO.password);
  await expect(page).not.toHaveURL(/\/connexion/);
  await page.goto('/event_management');
  await expect(page).toHaveURL(/\/billetterie$/);
  await expect(page.getByText('Seul un organisateur vérifié peut accéder à la console.')).toBeVisible();
});

test('on a phone the events open in a drawer and every tab is in sight @phone', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'phone layout only');
  await page.setViewportSize({ width: 390, height: 844 });
  await openConsole(page);
  await page.getByRole('button', { name: 'Mes événements' }).click();
  const drawer = page.getByRole('dialog', { name: 'Gestion des événements' });
  await drawer.getByRole('button', { name: new RegExp(GALA) }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: GALA })).toBeVisible();
  // At 390 px the five tabs wrap: none is past the screen's edge.
  for (const name of ['Statistiques', 'Modification', 'Participants', 'Staff', 'Ajout Manuel']) {
    const box = await page.getByRole('tab', { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390, name).toBe(true);
  }
  await page.getByRole('tab', { name: 'Ajout Manuel' }).click();
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Vente en présentiel' })).toBeVisible();
  await expectAccessible(page);
});

test("the spec's event selector and follow-up title, and /eventsGestion, lead to the console", async ({ page }) => {
  await logInAs(page, DEMO.organizer, DEMO.password);
  const id = await galaId(page);
  // 2-organiser.md §2 lists /eventsGestion: it opens the console, on the event it names.
  await page.goto(`/eventsGestion?event=${id}`);
  await expect(page).toHaveURL(new RegExp(`/event_management\\?event=${id}$`));
  await expect(page.getByRole('heading', { level: 2, name: GALA })).toBeVisible();

  await page.goto('/eventsGestion');
  await expect(page).toHaveURL(/\/event_management$/);
  const selector = page.getByRole('textbox', { name: 'Événement', exact: true });
  await expect(selector).toHaveAttribute('placeholder', 'Choisissez un événement');
  await expect(page.getByText("Vous n'avez pas encore sélectionné d'événement.")).toBeVisible();
  await selector.click();
  await page.getByRole('option', { name: new RegExp(`^${GALA}`) }).click();
  await expect(page.getByRole('heading', { level: 2, name: GALA })).toBeVisible();
  await expect(selector).toHaveValue(new RegExp(`^${GALA}`));
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: "Suivi d'un événement" })).toBeVisible();
  await expectAccessible(page);
});
