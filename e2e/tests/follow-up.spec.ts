import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible } from './accessibility';
import { DEMO, logInAs, otherPerson, uniqueEmail } from './accounts';
import { openConsole } from './console-steps';
import { sellAtDoor } from './door-sales';
import { choiceTicket, eventDetail, organiserEvent } from './events';
import { buy } from './purchases';

/** Demo events with sales behind them (apps/api/src/db/seed/demo-sales.ts). */
const PARTY = "Soirée d'intégration 2026";
const CONCERT = 'Concert acoustique au Bikini';

async function eventId(request: APIRequestContext, title: string) {
  const events = (await (await request.get('/api/console/events')).json()) as { id: string; title: string }[];
  const found = events.find((event) => event.title === title);
  if (!found) throw new Error(`${title} is not in the console`);
  return found.id;
}

async function openTab(page: Page, title: string, tab: 'stats' | 'participants') {
  await logInAs(page, DEMO.organizer, DEMO.password);
  const id = await eventId(page.request, title);
  await page.goto(`/event_management?event=${id}&tab=${tab}`);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  return id;
}

/** The figure under a count's label, as the card shows it. */
const figure = (page: Page, label: string) =>
  page
    .getByTestId('stat-card')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

test('the statistics show the sales of the night at the door', async ({ page }) => {
  const id = await openTab(page, PARTY, 'stats');
  await expect(figure(page, 'Participants')).toHaveText('48');
  await expect(figure(page, 'Habitués')).toHaveText('0 %');
  await expect(figure(page, 'Invendus')).toHaveText('72');
  await expect(figure(page, 'Total brut')).toHaveText('384,00 €');
  await expect(page.getByText('Total : 48 places vendues sur 120 places.')).toBeVisible();
  await expect(page.getByText("Aucun code promo n'a été créé.")).toBeVisible();

  const scans = page.getByText('Scan restants', { exact: true }).locator('xpath=..');
  await expect(scans.locator('dd')).toHaveText('48');

  // Every sale was on one night: its day opens by hour, from the chart's table.
  const sales = page.getByRole('region', { name: 'Ventes / jour' });
  await sales.getByRole('button', { name: 'Voir le tableau' }).click();
  await sales.getByRole('button', { name: /^Voir le .+ par heure$/ }).click();
  const byHour = page.getByRole('region', { name: /^Ventes du .+ par heure$/ });
  await expect(byHour).toBeVisible();
  // The table stays open from one view to the next.
  await expect(byHour.getByRole('button', { name: 'Masquer le tableau' })).toBeVisible();
  await expect(byHour.getByRole('row', { name: /^\d{1,2} h 48$/ })).toBeVisible();
  await byHour.getByRole('button', { name: 'Revenir à tous les jours' }).click();
  await expect(sales).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Détails ventes' }).click();
  await expect(page.getByRole('row', { name: /Entrée 48 \/ 120/ })).toBeVisible();

  // 'Modifier' opens the edit screen; 'Ajouter une place' the in-person sale, the event remembered.
  await expect(page.getByRole('link', { name: 'Modifier' })).toHaveAttribute('href', `/editevents/${id}`);
  await page.getByRole('button', { name: 'Ajouter une place' }).click();
  await expect(page).toHaveURL(new RegExp(`/addParticipationManual\\?event=${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Ajout Manuel' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('eventId'))).toBe(id);
});

test('choosing one ticket breaks the pie down by source and changes its total', async ({ page, request }) => {
  const id = await organiserEvent(request, {
    ticketList: [
      { title: 'Fosse - debout', price: 20, quantity: 40 },
      { title: 'Balcon', price: 15, quantity: 10 },
      choiceTicket('Formule', [
        ['Repas', 10, 5],
        ['Boisson', 5, 5],
      ]),
    ],
    discountCodeList: [
      { code: 'ETUDIANT', discountPercent: 20 },
      { code: 'AMIS', discountPercent: 10 },
    ],
  });
  const { ticketId } = await eventDetail(request, id);
  const buyer = await otherPerson(page.context().browser());
  await buy(buyer.request, id, { ticketId: ticketId('Fosse - debout'), quantity: 3 });
  await buy(buyer.request, id, { ticketId: ticketId('Balcon'), quantity: 1 }, { discountCode: 'ETUDIANT' });
  await buyer.context.close();
  // The options of the choice ticket, sold at the door.
  for (const option of ['Repas', 'Boisson']) {
    await sellAtDoor(request, id, {
      ticketId: ticketId(option),
      payment: 'cash',
      participant: { email: uniqueEmail('formule'), firstName: 'Fanny', lastName: option },
    });
  }

  await openConsole(page, { event: id, tab: 'stats' });
  const pie = page.getByRole('region', { name: 'Nombre de places vendues par type' });
  // The statistics tab and its charts are a chunk of their own, loaded at its first opening: a
  // loaded machine took longer than the default wait to show it once.
  await expect(pie.getByText('Total : 6 places vendues sur 60 places.')).toBeVisible({ timeout: 30_000 });
  await pie.getByRole('button', { name: 'Voir le tableau' }).click();
  // The chart's label is the title before its hyphen, unless another ticket's would read the same:
  // the options of 'Formule' keep their whole names.
  await expect(pie.getByRole('row', { name: 'Fosse 3', exact: true })).toBeVisible();
  await expect(pie.getByRole('row', { name: 'Formule - Repas 1', exact: true })).toBeVisible();
  await expect(pie.getByRole('row', { name: 'Formule - Boisson 1', exact: true })).toBeVisible();
  await expect(pie.getByText('Formule - Repas : 1', { exact: true })).toBeVisible();
  await expect(pie.getByText('Formule - Boisson : 1', { exact: true })).toBeVisible();

  await pie.getByRole('radio', { name: 'Balcon' }).check();
  await expect(pie.getByText('Total : 1 place vendue sur 10 places.')).toBeVisible();
  await expect(pie.getByRole('row', { name: 'Web 1', exact: true })).toBeVisible();
  await expect(pie.getByRole('row', { name: 'Présentiel 0', exact: true })).toBeVisible();

  await pie.getByRole('radio', { name: 'Tous les tickets' }).check();
  await expect(pie.getByText('Total : 6 places vendues sur 60 places.')).toBeVisible();

  // 3 × 20 €, 15 € less 20 %, and 10 € + 5 € at the door.
  await expect(figure(page, 'Total brut')).toHaveText('87,00 €');
  const promo = page.getByRole('region', { name: 'Codes promo' });
  await expect(promo.getByRole('row', { name: 'ETUDIANT - 20 % 1 3,00 €', exact: true })).toBeVisible();
  await expect(promo.getByRole('row', { name: 'AMIS - 10 % 0 0,00 €', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Détails promo' }).click();
  await expect(page.getByText('1 utilisation · Total des remises : 3,00 €')).toBeVisible();

  // A click on the day's point shows that day by hour (§2.8).
  await page.locator('.recharts-line-dots circle').first().click();
  await expect(page.getByRole('region', { name: /^Ventes du .+ par heure$/ })).toBeVisible();
});

test('the ticket list sorts, searches and opens a buyer’s details', async ({ page }) => {
  await openTab(page, CONCERT, 'participants');
  const buyers = page.getByRole('button', { name: /^Voir les détails de / });
  // The count is of places, each buyer holding 5, then of the rows that list them.
  await expect(page.getByText('20 billets sur 4 lignes', { exact: true })).toBeVisible();
  // By last name by default, reversed by a second click on Acheteur.
  await expect(buyers).toHaveText(['Inès Bernard', 'Louis Leroy', 'Manon Petit', 'Nathan Thomas']);
  const nameHeader = page.getByRole('columnheader', { name: 'Acheteur' });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(buyers).toHaveText(['Nathan Thomas', 'Manon Petit', 'Louis Leroy', 'Inès Bernard']);
  await page.getByRole('columnheader', { name: 'Quantité' }).getByRole('button').click();
  await expect(page.getByRole('columnheader', { name: 'Quantité' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');

  await page.getByRole('searchbox', { name: 'Rechercher un acheteur' }).fill('acheteur4@');
  await expect(buyers).toHaveText(['Manon Petit']);
  await expect(page.getByText('5 billets sur 1 ligne', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher un acheteur' }).fill('personne');
  await expect(page.getByText('Aucun billet ne correspond à cette recherche.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher un acheteur' }).fill('petit');
  await expect(buyers).toHaveText(['Manon Petit']);

  await buyers.first().focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('complementary', { name: 'Manon Petit' });
  await expect(details).toContainText('acheteur4@guichet.test');
  await expect(details).toContainText('90,00 €');
  await expect(details).toContainText('0 / 5 scanné');
  await expectAccessible(page);
});

test('the export downloads a spreadsheet named after the event, with its buyers', async ({ page }) => {
  await openTab(page, CONCERT, 'participants');
  await page.getByRole('button', { name: 'Exporter' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${CONCERT}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet in the export');
  const rows = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((row) => row.slice(1).map(String));
  const header = rows[0] ?? [];
  expect(header).toContain('Email');
  expect(header).toContain("Nombre d'assurance(s)");
  const email = header.indexOf('Email');
  const buyer = rows.find((row) => row[email] === 'acheteur1@guichet.test');
  expect(buyer?.[header.indexOf('Nom')]).toBe('Thomas');
  // One row per place (issue 30): the demo concert's 4 buyers, each row one place.
  expect(new Set(rows.slice(1).map((row) => row[email])).size).toBe(4);
  expect(rows.slice(1).every((row) => row[header.indexOf('Nombre ticket(s)')] === '1')).toBe(true);

  // The statistics' extraction has the follow-up screen's shorter columns (§9).
  await page.getByRole('tab', { name: 'Statistiques' }).click();
  await page.getByRole('button', { name: 'Extraction des données' }).click();
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV (.csv)' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`${CONCERT}.csv`);
  const text = await readFile(await csv.path(), 'utf8');
  expect(text).toContain('acheteur2@guichet.test');
  expect(text).not.toContain("Nombre d'assurance(s)");
});

test('on a phone the buyer’s details open as a bottom sheet @phone', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'phone layout only');
  await openTab(page, CONCERT, 'participants');
  await page.getByRole('button', { name: 'Voir les détails de Louis Leroy' }).click();
  const sheet = page.getByRole('dialog', { name: 'Louis Leroy' });
  await expect(sheet).toContainText('acheteur3@guichet.test');
  const box = await sheet.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('the sheet is not laid out');
  // Anchored to the bottom edge, not a side panel.
  expect(Math.round(box.y + box.height)).toBeGreaterThanOrEqual(viewport.height - 1);
  expect(box.y).toBeGreaterThan(0);
  expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1);
  await expect(page.getByRole('complementary', { name: 'Louis Leroy' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a long ticket list is paged by the server', async ({ page, request }) => {
  const id = await organiserEvent(request, { ticketList: [{ title: 'Entrée', price: 0, quantity: 100 }] });
  const { firstTicketId: ticketId } = await eventDetail(request, id);
  const tag = Math.random().toString(36).slice(2, 8);
  for (let i = 1; i <= 51; i++) {
    const n = String(i).padStart(2, '0');
    await sellAtDoor(request, id, {
      ticketId,
      participant: { email: `page-${tag}-${n}@e2e.guichet.fr`, firstName: 'Invité', lastName: `Nom${n}` },
    });
  }

  await openConsole(page, { event: id, tab: 'participants' });
  const buyers = page.getByRole('button', { name: /^Voir les détails de / });
  await expect(page.getByText('51 billets sur 51 lignes', { exact: true })).toBeVisible();
  await expect(buyers).toHaveCount(50);
  await expect(buyers.first()).toHaveText('Invité Nom01');
  await page
    .getByRole('navigation', { name: 'Pages de la liste des billets' })
    .getByRole('button', { name: '2' })
    .click();
  await expect(buyers).toHaveText(['Invité Nom51']);
});

test('a failed load offers a retry, and a failed export says so in French', async ({ page }) => {
  await logInAs(page, DEMO.organizer, DEMO.password);
  const id = await eventId(page.request, CONCERT);
  await page.route('**/api/console/events/*/stats', (route) =>
    route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: 'Service indisponible.' } }),
  );
  await page.goto(`/event_management?event=${id}&tab=stats`);
  const alert = page.getByRole('alert').filter({ hasText: "Les statistiques n'ont pas pu être chargées." });
  await expect(alert).toBeVisible();
  await page.unroute('**/api/console/events/*/stats');
  await alert.getByRole('button', { name: 'Réessayer' }).click();
  await expect(figure(page, 'Participants')).toHaveText('20');

  await page.route('**/export.xlsx*', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.getByRole('button', { name: 'Extraction des données' }).click();
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  await expect(page.getByText("L'export n'a pas pu être téléchargé. Réessayez.")).toBeVisible();
});

test('a date the list cannot read shows the spec’s text, with its full stop', async ({ page }) => {
  await logInAs(page, DEMO.organizer, DEMO.password);
  const id = await eventId(page.request, CONCERT);
  await page.route('**/api/console/events/*/participants*', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { items: { purchasedAt: string }[] };
    for (const item of body.items) item.purchasedAt = 'pas une date';
    await route.fulfill({ response: answer, json: body });
  });
  await page.goto(`/event_management?event=${id}&tab=participants`);
  // 2-organiser.md §8: 'Date invalide.'
  await expect(page.getByRole('cell', { name: 'Date invalide.', exact: true })).toHaveCount(4);
});
