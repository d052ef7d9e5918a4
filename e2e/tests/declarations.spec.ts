import { mkdir, readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { NEW_PASSWORD, newOrganiser } from './accounts';
import { openConsole, switchConsoleToLightTheme } from './console-steps';
import { createEvent, eventDetail } from './events';
import { sellPlaces } from './purchases';

/** Where the section's screenshots go to be looked at by hand; left alone when unset. */
const SCREENSHOTS = process.env.DECLARATIONS_SCREENSHOTS;

async function screenshots(page: Page) {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  const section = page.getByRole('region', { name: 'Déclarations' });
  for (const theme of ['dark', 'light'] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    if (theme === 'light') await switchConsoleToLightTheme(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/declarations-${theme}-${width}.png`, fullPage: true });
    }
  }
}

test('the Déclarations section sums the invoiced sales per VAT rate, takes the CNM tax and exports them', async ({
  page,
  playwright,
  browser,
}) => {
  test.slow();
  // An organiser liable for VAT (the demo organiser is under the franchise: one rate, 'non applicable').
  const organiser = await newOrganiser(playwright);
  const request = organiser.request;
  const id = await createEvent(request, {
    type: 'Concert',
    ticketList: [
      { title: 'Fosse', price: 25, quantity: 40, vatRate: '5.5' },
      { title: 'Bar compris', price: 12, quantity: 40, vatRate: '20' },
      { title: 'Invitation', price: 0, quantity: 40, vatRate: '5.5' },
    ],
  });
  const detail = await eventDetail(request, id);
  await sellPlaces(browser, id, { ticketId: detail.ticketId('Fosse'), quantity: 2 });
  await sellPlaces(browser, id, { ticketId: detail.ticketId('Bar compris'), quantity: 1 });
  await sellPlaces(browser, id, { ticketId: detail.ticketId('Invitation'), quantity: 1 });
  // The invoices are issued by the jobs after each payment, not within it.
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/console/events/${id}/declarations`)).json()) as { vatCents: number }).vatCents,
      {
        timeout: 90_000,
      },
    )
    .toBe(461);

  await openConsole(page, { event: id, tab: 'declarations', email: organiser.email, password: NEW_PASSWORD });
  const section = page.getByRole('region', { name: 'Déclarations' });
  const table = section.getByRole('table', { name: 'Chiffre d’affaires et TVA collectée par taux' });
  await expect(table.getByRole('row', { name: /^5,5 %\s*47,39\s€\s*2,61\s€$/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^20 %\s*10,00\s€\s*2,00\s€$/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^Total\s*57,39\s€\s*4,61\s€$/ })).toBeVisible();
  await expect(section.getByText('Billets payants', { exact: true }).locator('xpath=following-sibling::*')).toHaveText(
    '3',
  );
  await expect(section.getByText('Taxe CNM (3,5 %)', { exact: true }).locator('xpath=following-sibling::*')).toHaveText(
    /2,01\s€/,
  );
  await expectAccessible(page);

  // The CSV says the same, for the spreadsheet of a French organiser.
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Exporter en CSV' }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(csv).toContain('Total;57,39;4,61');
  expect(csv).toContain('Taxe CNM (3,5 %);2,01');

  await screenshots(page);

  // A month before the sales: nothing was invoiced then.
  await page.setViewportSize({ width: 1280, height: 900 });
  const picker = section.getByRole('combobox', { name: 'Période' });
  await picker.selectOption({ index: 2 });
  await expect(section.getByText('Aucune vente facturée pour cette période.')).toBeVisible();
  await expect(section.getByRole('table')).toHaveCount(0);
  await organiser.dispose();
});
