import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { newBuyer } from './accounts';
import { openConsole, switchConsoleToLightTheme } from './console-steps';
import { refundableConcert } from './events';
import { lastMail } from './mail';
import { buy } from './purchases';

/** A public paid event of the demo organiser, refundable until two days before it starts. */
const paidEvent = (request: APIRequestContext) =>
  refundableConcert(request, 'Remboursements', [{ title: 'Fosse', price: 20, quantity: 40 }]);

/** A new holder of `quantity` places, `refundPlaces` of them insured, who asked for their refund. */
async function holderAskingRefund(page: Page, eventId: string, ticketId: string, quantity = 2) {
  const email = await newBuyer(page);
  await buy(page.request, eventId, { ticketId, quantity, refundPlaces: quantity });
  const [ticket] = (await (await page.request.get('/api/me/participations')).json()) as { id: string }[];
  expect((await page.request.post(`/api/me/participations/${ticket?.id}/refund-request`)).status()).toBe(200);
  await page.request.post('/api/auth/logout');
  await page.context().clearCookies();
  return email;
}

test.describe('refund requests in the console', () => {
  test('the organiser refunds one holder and refuses another, who are told by e-mail', async ({ page, request }) => {
    const event = await paidEvent(request);
    // A refund request is per place (issue 30): one holder asks for one of their two places.
    const accepted = await holderAskingRefund(page, event.id, event.firstTicketId, 2);
    const refused = await holderAskingRefund(page, event.id, event.firstTicketId, 1);

    await openConsole(page, { event: event.id, tab: 'participants' });
    const section = page.getByRole('region', { name: 'Demandes de remboursement' });
    await expect(section.getByText(accepted)).toBeVisible();
    await expect(section.getByText('À traiter')).toHaveCount(2);
    // One place is one place, never '1 places'.
    await expect(section.getByRole('listitem').filter({ hasText: accepted })).toContainText('· 1 place');
    await expect(section.getByRole('listitem').filter({ hasText: refused })).toContainText('· 1 place');
    await expect(section.getByRole('listitem').filter({ hasText: refused })).not.toContainText('1 places');
    await expectAccessible(page);

    const first = section.getByRole('listitem').filter({ hasText: accepted });
    await first.getByRole('button', { name: /Rembourser/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Rembourser ce participant ?' });
    await expect(confirm.getByText('20,00 € seront remboursés pour 1 place')).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText('Le remboursement a été effectué.')).toBeVisible();
    await expect(first.getByText('Remboursé')).toBeVisible();
    await expect(first.getByRole('button', { name: /Rembourser/ })).toHaveCount(0);

    const second = section.getByRole('listitem').filter({ hasText: refused });
    await second.getByRole('button', { name: /Refuser/ }).click();
    const reasonDialog = page.getByRole('dialog', { name: 'Refuser le remboursement' });
    await reasonDialog.getByRole('button', { name: 'Refuser' }).click();
    await expect(reasonDialog.getByText('Indiquez le motif du refus.')).toBeVisible();
    await reasonDialog.getByRole('textbox', { name: 'Motif du refus' }).fill('Billet déjà utilisé au pré-accès.');
    await reasonDialog.getByRole('button', { name: 'Refuser' }).click();
    await expect(page.getByText('La demande de remboursement a été refusée.')).toBeVisible();
    await expect(second.getByText('Refusé')).toBeVisible();

    expect((await lastMail(request, accepted)).subject).toContain('votre remboursement');
    expect((await lastMail(request, refused)).text).toContain('Billet déjà utilisé au pré-accès.');
  });
});

test.describe('cancelling an event', () => {
  test('stops the sale, refunds every holder with the progress shown, and tells the public', async ({
    page,
    request,
  }) => {
    const event = await paidEvent(request);
    const holder = await newBuyer(page);
    await buy(page.request, event.id, { ticketId: event.firstTicketId, quantity: 2 });
    await page.request.post('/api/auth/logout');
    await page.context().clearCookies();

    await openConsole(page, { event: event.id, tab: 'edit' });
    // In the light theme too, the red buttons and, once cancelled, the marks are readable.
    await switchConsoleToLightTheme(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: "Annuler l'événement" }).click();
    const dialog = page.getByRole('dialog', { name: "Annuler l'événement" });
    await dialog.getByRole('button', { name: "Annuler définitivement l'événement" }).click();
    await expect(dialog.getByText("Indiquez aux participants la raison de l'annulation.")).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Message aux participants' }).fill('Tempête annoncée : report en mars.');
    await dialog.getByRole('button', { name: "Annuler définitivement l'événement" }).click();

    const banner = page.getByRole('status').filter({ hasText: 'Événement annulé' });
    await expect(banner).toBeVisible();
    await expect(banner.getByText('Tempête annoncée : report en mars.')).toBeVisible();
    await expect(banner.getByText('Tous les remboursements sont effectués.')).toBeVisible({ timeout: 20_000 });
    await expect(banner.getByText('1 commande remboursée sur 1')).toBeVisible();
    await expect(page.getByRole('button', { name: "Annuler l'événement" })).toHaveCount(0);
    // The heading's badge and the sidebar say it is cancelled, no longer 'Public'.
    const heading = page.getByRole('heading', { level: 2, name: event.title }).locator('xpath=../..');
    await expect(heading.getByText('Annulé', { exact: true })).toBeVisible();
    await expect(heading.getByText('Public', { exact: true })).toHaveCount(0);
    await expect(
      page
        .getByRole('navigation', { name: 'Mes événements' })
        .getByRole('button', { name: new RegExp(event.title) })
        .getByText('Annulé', { exact: true }),
    ).toBeVisible();
    await expectAccessible(page);

    const mail = await lastMail(request, holder);
    expect(mail.text).toContain('Tempête annoncée : report en mars.');
    expect(mail.text).toContain('intégralement remboursée');

    await page.goto(`/billetterie/${event.id}`);
    await expect(page.getByText('Cet événement a été annulé par son organisateur.')).toBeVisible();
    await expect(page.getByText('Billetterie ouverte')).toHaveCount(0);
  });
});
