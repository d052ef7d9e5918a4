import { expect, request as newRequest, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, logInAs, newBuyer } from './accounts';
import { organiserEvent } from './events';

test('an organiser puts a waiting room in front of an on-sale; a buyer waits their turn, then books', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  // The organiser turns the room on from the edit form: the sale opens in ten minutes, one buyer
  // a second (brought forward below, once the waiting panel has been looked at).
  await logInAs(page, DEMO.organizer, DEMO.password);
  const eventId = await organiserEvent(page.request);
  await page.goto(`/editevents/${eventId}`);
  await page.getByRole('switch', { name: "Activer la file d'attente" }).check();
  const opensAt = new Date(Date.now() + 600_000);
  // `<input type="datetime-local" step="1">` speaks the browser's local time, to the second.
  const localTime = (at: number) =>
    page.evaluate((time) => {
      const date = new Date(time);
      return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
    }, at);
  await page.getByLabel('Ouverture de la vente').fill(await localTime(opensAt.getTime()));
  await page.getByRole('textbox', { name: 'Acheteurs admis par minute' }).fill('60');
  await page.getByRole('textbox', { name: 'Acheteurs admis par minute' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('waiting-room-settings.png') });
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Votre événement a bien été sauvegardé.').first()).toBeVisible();
  const managed = await (await page.request.get(`/api/events/${eventId}/manage`)).json();
  expect(managed).toMatchObject({
    admissionPerMinute: 60,
    onsaleAt: new Date(Math.floor(opensAt.getTime() / 1000) * 1000).toISOString(),
  });

  const detail = (await (await page.request.get(`/api/events/${eventId}`)).json()) as { tickets: { id: string }[] };
  const lines = [{ ticketId: detail.tickets[0]?.id, quantity: 1 }];
  // Two others queue first, straight through the API (no browser, each its own place).
  for (let i = 0; i < 2; i++) {
    const other = await newRequest.newContext({ baseURL });
    expect((await other.post(`/api/events/${eventId}/waiting-room`)).status()).toBe(200);
    // Calling the hold directly does not skip the queue.
    const direct = await other.post('/api/orders', { data: { eventId, lines } });
    expect(direct.status(), await direct.text()).toBe(403);
    await other.dispose();
  }

  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const buyer = await context.newPage();
  await newBuyer(buyer);
  await buyer.goto(`/billetterie/${eventId}`);
  const room = buyer.getByRole('region', { name: "File d'attente" });
  await expect(room.getByText('Votre place dans la file : 3')).toBeVisible();
  await expect(room.getByText('2 personnes devant vous.')).toBeVisible();
  await expect(room.getByText(/^La vente ouvre le /)).toBeVisible();
  await expect(buyer.getByText('Vente à venir')).toBeVisible();
  // Empty before the opening (its filled part has no width yet).
  await expect(room.getByRole('progressbar', { name: 'Progression dans la file' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expect(buyer.getByRole('button', { name: 'Confirmer la réservation' })).toHaveCount(0);
  await expectAccessible(buyer);

  // More tabs and a reload keep the one place.
  const tab = await context.newPage();
  await tab.goto(`/billetterie/${eventId}`);
  await expect(tab.getByText('Votre place dans la file : 3')).toBeVisible();
  await tab.close();

  // The panel at a phone's width and a desktop's, in both themes.
  for (const theme of ['light', 'dark'] as const) {
    await buyer.evaluate((value) => localStorage.setItem('guichet.theme', value), theme);
    for (const width of [390, 1280]) {
      await buyer.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await buyer.reload();
      await expect(room.getByText('Votre place dans la file : 3')).toBeVisible();
      await room.scrollIntoViewIfNeeded();
      await buyer.screenshot({ path: testInfo.outputPath(`waiting-room-${width}-${theme}.png`) });
      // No "Réserver" bar on a phone while the buyer waits.
      await expect(buyer.getByText('Réserver', { exact: true })).toHaveCount(0);
      const overflow = await buyer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  }
  await buyer.evaluate(() => localStorage.setItem('guichet.theme', 'light'));

  // The organiser brings the opening forward to a few seconds from now, so that the buyer's turn
  // does not depend on how long the screenshots above took.
  await page.getByLabel('Ouverture de la vente').fill(await localTime(Date.now() + 3_000));
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect
    .poll(async () => (await (await page.request.get(`/api/events/${eventId}/manage`)).json()).onsaleAt, {
      timeout: 15_000,
    })
    .not.toBe(managed.onsaleAt);

  // From the opening, one a second: the buyer's turn comes, and the booking panel with it.
  await expect(buyer.getByText("C'est votre tour : vous pouvez choisir vos billets.")).toBeVisible({
    timeout: 60_000,
  });
  const main = buyer.getByRole('main');
  await main.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
  await main.getByRole('button', { name: 'Suivant' }).click();
  await main.getByRole('button', { name: 'Suivant' }).click();
  await main.getByRole('button', { name: 'Confirmer la réservation' }).click();
  await expect(main.getByText('Votre réservation a bien été effectuée.')).toBeVisible();
  await context.close();
});

test('a visitor of an event whose waiting room opens later reads that the sale is to come, not that it is open', async ({
  page,
  browser,
}) => {
  const eventId = await organiserEvent(page.request);
  const opensAt = new Date(Date.now() + 3_600_000);
  const patch = await page.request.patch(`/api/events/${eventId}`, {
    data: { onsaleAt: opensAt.toISOString(), admissionPerMinute: 60 },
  });
  expect(patch.status(), await patch.text()).toBeLessThan(300);

  // A visitor: a browser of their own, never logged in.
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const visitor = await context.newPage();
  await visitor.goto(`/billetterie/${eventId}`);
  const main = visitor.getByRole('main');
  await expect(main.getByText(/^La vente ouvre le /)).toBeVisible();
  await expect(main.getByText('Vente à venir', { exact: true })).toBeVisible();
  await expect(main.getByText('Billetterie ouverte')).toHaveCount(0);
  await expectAccessible(visitor);
  await context.close();
});
