import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { apiContext, newBuyer } from './accounts';
import { openConsole } from './console-steps';
import { eventDetail, organiserEvent } from './events';
import { buy } from './purchases';
import { screenshotBothThemes } from './screenshots';

// Two buyers, the job runner's sale and screenshots in both themes.
test.describe.configure({ timeout: 300_000 });

test('a holder resells a ticket from /myTickets at its price; once someone buys a place, it reads “Revendu” with the refund', async ({
  page,
  browser,
  playwright,
}) => {
  const organiser = await apiContext(playwright);
  const eventId = await organiserEvent(organiser, { ticketList: [{ title: 'Fosse', price: 15, quantity: 10 }] });
  const { ticketId } = await eventDetail(organiser, eventId);
  const rules = await organiser.put(`/api/console/events/${eventId}/resale-settings`, {
    data: { resaleAllowed: true, resaleDeadline: null, resaleFeeCents: 100 },
  });
  expect(rules.status()).toBe(200);

  await newBuyer(page);
  await buy(page.request, eventId, { ticketId: ticketId('Fosse'), quantity: 1 });
  const [place] = (await (await page.request.get('/api/me/participations')).json()) as { id: string }[];
  // No price of the caller's: the server sets it.
  const priced = await page.request.post(`/api/me/participations/${place?.id}/resale`, { data: { priceCents: 9900 } });
  expect(priced.status()).toBe(400);

  await page.goto('/myTickets');
  await page.getByRole('button', { name: /Billet : Fosse/ }).click();
  await page.getByRole('button', { name: 'Revendre', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Revendre ce billet' });
  await expect(dialog).toContainText('15,00 €');
  await expect(dialog).toContainText('14,00 €');
  await expect(dialog).toContainText('1,00 €');
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`resale-dialog-${width}.png`) });
  }
  await dialog.getByRole('button', { name: 'Mettre en revente' }).click();
  const listed = page.getByRole('status').filter({ hasText: 'Votre billet reste valable' });
  await expect(listed).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retirer de la vente' })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothThemes(page, listed, 'resale-listed');

  // Someone else buys a place of the ticket: the job sells the listing to them.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fr-FR' });
  const other = await context.newPage();
  await newBuyer(other);
  await buy(other.request, eventId, { ticketId: ticketId('Fosse'), quantity: 1 });
  await expect
    .poll(
      async () => {
        const mine = (await (await page.request.get('/api/me/participations')).json()) as {
          resale: { status: string } | null;
        }[];
        return mine[0]?.resale?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('sold');
  await page.reload();
  await page.getByRole('button', { name: /Billet : Fosse/ }).click();
  const sold = page.getByRole('status').filter({ hasText: 'Ce billet a été revendu' });
  await expect(sold).toContainText('14,00 €');
  await expectAccessible(page);
  await screenshotBothThemes(page, sold, 'resale-sold');

  // The organiser's rules under the edit tab.
  const consolePage = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fr-FR' });
  const console = await consolePage.newPage();
  await openConsole(console, { event: eventId, tab: 'edit' });
  const form = console.getByRole('region', { name: 'Revente des billets' });
  await expect(form.getByRole('switch', { name: 'Autoriser la revente au prix d’achat' })).toBeChecked();
  await form.scrollIntoViewIfNeeded();
  await console.screenshot({ path: test.info().outputPath('resale-settings-1280.png') });
  await consolePage.close();
  await context.close();
  await organiser.dispose();
});
