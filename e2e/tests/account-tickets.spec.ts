import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, newBuyer } from './accounts';
import { refundableConcert } from './events';
import { mailMatching } from './mail';
import { buy } from './purchases';

/** A public paid event of the demo organiser, refundable until two days before it starts. */
const refundableEvent = (request: APIRequestContext) =>
  refundableConcert(request, 'Billets', [
    { title: 'Fosse', price: 20, quantity: 40 },
    { title: 'Balcon', price: 15, quantity: 40 },
  ]);

test.describe('my tickets', () => {
  test('a ticket opens to its QR code, and a refundable one is refunded on request', async ({ page, request }) => {
    const event = await refundableEvent(request);
    await newBuyer(page);
    await buy(page.request, event.id, { ticketId: event.ticketId('Fosse'), quantity: 2, refundPlaces: 2 });
    await buy(page.request, event.id, { ticketId: event.ticketId('Balcon'), quantity: 1 });

    await page.goto('/myTickets');
    await expect(page.getByRole('heading', { name: 'Mes billets', level: 1 })).toBeVisible();
    // Two places of Fosse: two tickets, each its own card (issue 30).
    await expect(page.getByRole('button', { name: /Billet : Fosse/ })).toHaveCount(2);
    const fosse = page.getByRole('button', { name: /Billet : Fosse/ }).first();
    const balcon = page.getByRole('button', { name: /Billet : Balcon/ });
    await expect(fosse).toHaveAttribute('aria-expanded', 'false');
    // The order of two places downloads as one PDF, a page each (issue 30); the single Balcon has none.
    const all = page.getByRole('link', { name: 'Télécharger toutes les places (PDF)' });
    await expect(all).toHaveCount(1);
    const pdf = await page.request.get((await all.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).toString('latin1').startsWith('%PDF-')).toBe(true);
    // Named for several places (its pages are counted by the API's tests).
    expect(pdf.headers()['content-disposition']).toMatch(/filename="billets-/);

    await fosse.click();
    await expect(fosse).toHaveAttribute('aria-expanded', 'true');
    const qr = page.getByRole('img', { name: `QR code du billet pour ${event.title}` });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
    await expect(page.getByText('Titulaire : Camille Durand')).toBeVisible();
    await expect(page.getByText('Remboursable', { exact: true })).toBeVisible();
    await expect(page.getByText('1 place remboursable')).toBeVisible();
    await expectAccessible(page);

    const ask = page.getByRole('button', { name: 'Demander le remboursement' });
    await ask.click();
    const dialog = page.getByRole('dialog', { name: 'Demande de remboursement' });
    await dialog.getByRole('button', { name: 'Confirmer la demande' }).click();
    await expect(page.getByText('Votre demande de remboursement a bien été effectuée.')).toBeVisible();
    await expect(page.getByText('Demande déjà effectuée, vous recevrez un mail sous 3 jours.')).toBeVisible();
    await expect(ask).toHaveCount(0);

    // The organiser is told, by e-mail.
    await mailMatching(request, DEMO.organizer, (mail) =>
      mail.subject.endsWith(`demande de remboursement pour ${event.title}`),
    );

    // A ticket bought without the option cannot be refunded.
    await balcon.click();
    await expect(page.getByText("Ce billet n'est pas remboursable.")).toBeVisible();

    // The request is kept: a reload still shows it.
    await page.reload();
    await page
      .getByRole('button', { name: /Billet : Fosse/ })
      .first()
      .click();
    await expect(page.getByText('Demande déjà effectuée, vous recevrez un mail sous 3 jours.')).toBeVisible();
  });

  test('an account without tickets is told so, and a visitor is sent to the login page', async ({ page, browser }) => {
    await newBuyer(page);
    await page.goto('/myTickets');
    await expect(page.getByText("Vous n'avez encore aucun billet.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Découvrir les événements' })).toHaveAttribute('href', '/billetterie');

    const visitor = await browser.newPage();
    await visitor.goto('/myTickets');
    await expect(visitor).toHaveURL(/\/connexion$/);
    await visitor.close();
  });

  test('the list fits a 390 px wide phone', async ({ page, request }) => {
    const event = await refundableEvent(request);
    await page.setViewportSize({ width: 390, height: 800 });
    await newBuyer(page);
    await buy(page.request, event.id, { ticketId: event.ticketId('Fosse'), quantity: 1, refundPlaces: 1 });
    await page.goto('/myTickets');
    await page.getByRole('button', { name: /Billet : Fosse/ }).click();
    await expect(page.getByRole('img', { name: /QR code du billet/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test('a ticket opens full screen, black on white with its short code, for the door', async ({ page, request }) => {
  const event = await refundableEvent(request);
  await newBuyer(page);
  await buy(page.request, event.id, { ticketId: event.ticketId('Fosse'), quantity: 1 });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/myTickets');
  await page.getByRole('button', { name: /Billet : Fosse/ }).click();
  const qr = page.getByRole('img', { name: `QR code du billet pour ${event.title}` });
  await expect(qr).toBeVisible();
  const shortCode = page.getByText(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
  await expect(shortCode).toBeVisible();
  const shortText = (await shortCode.textContent()) ?? '';
  await page.getByRole('button', { name: 'Afficher en plein écran' }).click();
  const dialog = page.getByRole('dialog');
  const big = dialog.getByRole('img', { name: `QR code du billet pour ${event.title}` });
  await expect(big).toBeVisible();
  const box = await big.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(340);
  // White around the code, whatever the theme (the app is dark by default).
  const background = await dialog.evaluate((node) => {
    let element: Element | null = node;
    while (element) {
      const color = getComputedStyle(element).backgroundColor;
      if (color !== 'rgba(0, 0, 0, 0)') return color;
      element = element.parentElement;
    }
    return '';
  });
  expect(background).toBe('rgb(255, 255, 255)');
  await expect(dialog.getByText(shortText)).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toHaveCount(0);
  expect(errors).toEqual([]);
});
