import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { otherPerson } from './accounts';
import { eventDetail, organiserEvent } from './events';
import { placeOrder } from './purchases';
import { screenshotBothThemes } from './screenshots';

/** Another buyer, in a browser context of their own, holding places through the API. */
async function holdThroughApi(browser: Browser, eventId: string, ticketId: string, quantity: number) {
  const { context } = await otherPerson(browser);
  const { id } = await placeOrder(context.request, eventId, { ticketId, quantity });
  return {
    release: async () => expect((await context.request.delete(`/api/orders/${id}`)).status()).toBeLessThan(300),
    close: () => context.close(),
  };
}

/** The ticket list in view, for the screenshots looked at by hand (both themes, 390 and 1280 px). */
async function shot(page: Page, name: string) {
  const column = page.getByRole('heading', { name: 'Billets', exact: true }).locator('xpath=..');
  await column.screenshot({ path: test.info().outputPath(`live-availability-${name}.png`) });
}

test('a visitor sees the places left fall and the ticket sell out, without reloading', async ({
  page,
  request,
  browser,
}) => {
  const eventId = await organiserEvent(request, {
    ticketList: [{ title: 'Fosse et balcon, accès au bar', price: 12, quantity: 12 }],
  });
  const { firstTicketId: ticketId } = await eventDetail(request, eventId);

  await page.addInitScript(() => {
    if (!localStorage.getItem('guichet.theme')) localStorage.setItem('guichet.theme', 'light');
  });
  await page.goto(`/billetterie/${eventId}`);
  const main = page.getByRole('main');
  const ticket = main.getByRole('button', { name: /^Fosse/ });
  await expect(ticket).toBeVisible();
  await expect(main.getByText(/Plus que/)).toHaveCount(0);

  const buyers = [await holdThroughApi(browser, eventId, ticketId, 5)];
  await expect(ticket).toContainText('Plus que 7 places');
  await shot(page, 'light-1280-few');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'light-390-few');
  await page.setViewportSize({ width: 1280, height: 720 });
  buyers.push(await holdThroughApi(browser, eventId, ticketId, 5));
  await expect(ticket).toContainText('Plus que 2 places');

  buyers.push(await holdThroughApi(browser, eventId, ticketId, 2));
  // Sold out: the ticket says so, the event's status too, and it can no longer be chosen.
  await expect(main.getByText('Complet', { exact: true })).toHaveCount(2);
  await expect(main.getByRole('button', { name: /^Ajouter un billet Fosse/ })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Fosse et balcon, accès au bar : complet.' })).toHaveCount(1);
  await expectAccessible(page);
  await shot(page, 'light-1280-soldout');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'light-390-soldout');

  // A place given back comes back on the page, in the dark theme this time.
  await page.evaluate(() => localStorage.setItem('guichet.theme', 'dark'));
  await page.reload();
  await expect(main.getByText('Complet', { exact: true }).first()).toBeVisible();
  await shot(page, 'dark-390-soldout');
  await buyers[2]?.release();
  await expect(main.getByRole('button', { name: /^Fosse/ })).toContainText('Plus que 2 places');
  await expectAccessible(page);
  await shot(page, 'dark-390-few');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'dark-1280-few');
  for (const buyer of buyers) await buyer.close();
});

test('a count chosen above the places left after another buyer holds one is lowered, and the buyer told', async ({
  page,
  request,
  browser,
}) => {
  const eventId = await organiserEvent(request, { ticketList: [{ title: 'Premium', price: 18, quantity: 3 }] });
  const { firstTicketId: ticketId } = await eventDetail(request, eventId);

  await page.goto(`/billetterie/${eventId}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: /^Premium/ }).click();
  const more = main.getByRole('button', { name: 'Ajouter un billet Premium' });
  for (let i = 0; i < 3; i++) await more.click();
  await expect(main.getByText('3 billets', { exact: true })).toBeVisible();
  const basket = main.getByRole('region', { name: 'Panier' });
  await expect(basket).toContainText('3 × Premium');
  await expect(basket).toContainText('54,00 €');

  const other = await holdThroughApi(browser, eventId, ticketId, 1);
  await expect(main.getByRole('button', { name: /^Premium/ })).toContainText('Plus que 2 places');
  await expect(main.getByText('De 1 à 2 billets')).toBeVisible();
  await expect(main.getByText('2 billets', { exact: true })).toBeVisible();
  await expect(basket).toContainText('2 × Premium');
  await expect(basket).toContainText('36,00 €');
  await expect(basket).not.toContainText('54,00 €');
  // Said politely, in a live region that screen readers announce.
  const notice = main.getByRole('status').filter({ hasText: 'Désolé, il ne reste plus que 2 places pour ce billet' });
  await expect(notice).toHaveAttribute('aria-live', 'polite');
  await expect(notice).toContainText('votre choix passe à 2 billets.');
  await expect(more).toBeDisabled();
  await expectAccessible(page);
  // Looked at by hand in both themes, the choice kept: no reload.
  await screenshotBothThemes(page, notice, 'lowered');
  await expectAccessible(page);

  // The buyer's next choice ends the message.
  await main.getByRole('button', { name: 'Retirer un billet Premium' }).click();
  await expect(main.getByText('1 billet', { exact: true })).toBeVisible();
  await expect(main.getByText(/^Désolé/)).toHaveCount(0);
  await other.close();
});
