import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, logInApi, logInAs, newBuyer, registerViaApi } from './accounts';
import { createPrivateEvent, eventDetail, findListedEvent } from './events';
import { placeOrder } from './purchases';

async function eventIdOf(request: APIRequestContext, title: string) {
  return (await findListedEvent(request, title)).id;
}

test.describe('private links', () => {
  test('the organiser makes a private link that alone opens the hidden ticket', async ({ page, browser, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const galaId = await eventIdOf(page.request, "Gala d'hiver des étudiants");
    await logInAs(page, DEMO.organizer, DEMO.password);
    await page.goto(`/billetterie/${galaId}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Lien privé', level: 2 })).toBeVisible();

    const generate = main.getByRole('button', { name: 'Générer le lien' });
    await expect(generate).toBeDisabled();
    const hidden = main.getByRole('checkbox', { name: 'Invitation partenaire' });
    await hidden.check();
    await expect(main.getByText('Réservée aux partenaires.')).toBeVisible();
    await expect(main.getByText('10,00 €')).toBeVisible();
    await generate.click();
    const linkField = main.getByRole('textbox', { name: 'Lien privé' });
    await expect(linkField).toHaveValue(new RegExp(`/billetterie/${galaId}\\?share=[A-Za-z0-9_-]{22}$`));
    const privateUrl = await linkField.inputValue();
    await expect(main.getByRole('img', { name: /QR code du lien privé/ })).toBeVisible();
    await main.getByRole('button', { name: 'Copier le lien' }).click();
    await expect(page.getByText('Lien privé copié.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(privateUrl);
    const download = page.waitForEvent('download');
    await main.getByRole('link', { name: 'Télécharger le QR code' }).click();
    expect((await download).suggestedFilename()).toMatch(/lien-prive-qr\.png$/);
    await expectAccessible(page);

    // On the private link the organiser sees the attendee's page: no management, no sharing.
    await page.goto(privateUrl);
    await expect(main.getByText('Invitation partenaire').first()).toBeVisible();
    await expect(main.getByRole('link', { name: 'Gestion' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Partager' })).toHaveCount(0);
    await expect(main.getByRole('heading', { name: 'Lien privé' })).toHaveCount(0);

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/billetterie/${galaId}`);
    const visitorMain = visitor.getByRole('main');
    await expect(visitorMain.getByText('Entrée standard').first()).toBeVisible();
    await expect(visitorMain.getByText('Invitation partenaire')).toHaveCount(0);
    await expect(visitorMain.getByRole('button', { name: 'Partager' })).toBeVisible();
    await expect(visitorMain.getByRole('heading', { name: 'Lien privé' })).toHaveCount(0);

    await visitor.goto(privateUrl);
    await expect(visitorMain.getByText('Invitation partenaire').first()).toBeVisible();
    await expect(visitorMain.getByRole('button', { name: 'Partager' })).toHaveCount(0);
    await expect(visitorMain.getByRole('link', { name: 'Gestion' })).toHaveCount(0);
    await expectAccessible(visitor);
    await visitor.context().close();
  });
});

test.describe('leaving an event', () => {
  test('a participant of a free event leaves it from the event page', async ({ page }) => {
    const email = await registerViaApi(page.request);
    const picnicId = await eventIdOf(page.request, 'Pique-nique de rentrée');
    await logInApi(page.request, email);
    const { firstTicketId } = await eventDetail(page.request, picnicId);
    await placeOrder(page.request, picnicId, { ticketId: firstTicketId, quantity: 1 });

    await page.goto(`/billetterie/${picnicId}`);
    const main = page.getByRole('main');
    // The event's 'Mon billet', and the booking panel's note that a free place is already held.
    await expect(main.getByRole('link', { name: 'Mon billet' }).first()).toBeVisible();
    await main.getByRole('button', { name: "Quitter l'événement" }).click();
    const dialog = page.getByRole('dialog', { name: "Quitter l'événement" });
    await expect(dialog).toContainText('Votre participation sera annulée');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Quitter', exact: true }).click();
    await expect(page.getByText("Vous avez quitté l'événement.")).toBeVisible();
    await expect(main.getByRole('link', { name: 'Mon billet' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: "Quitter l'événement" })).toHaveCount(0);
    expect((await page.request.get(`/api/events/${picnicId}`).then((r) => r.json())).isUserParticipates).toBe(false);
  });

  test('a paid event offers no way to leave, and the server refuses it', async ({ page }) => {
    await logInAs(page, DEMO.user, DEMO.password);
    const galaId = await eventIdOf(page.request, "Gala d'hiver des étudiants");
    await page.goto(`/billetterie/${galaId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: "Quitter l'événement" })).toHaveCount(0);
    const refused = await page.request.delete(`/api/events/${galaId}/participation`);
    expect(refused.status()).toBe(404);
  });
});

test.describe('sharing a private event', () => {
  test("the organiser's 'Partager' gives an invitation link that opens the event to a guest, who books", async ({
    page,
    browser,
  }) => {
    // A private free event of a new account (any user may create one).
    await newBuyer(page);
    const id = await createPrivateEvent(page.request, {
      title: `Crémaillère ${Math.random().toString(36).slice(2, 7)}`,
      ticketList: [{ title: 'Invité', price: 0, quantity: 30 }],
    });

    await page.goto(`/billetterie/${id}`);
    const main = page.getByRole('main');
    await expect(main.getByText('Privé', { exact: true })).toBeVisible();
    await main.getByRole('button', { name: 'Partager' }).click();
    const dialog = page.getByRole('dialog', { name: "Partager l'événement" });
    await expect(dialog.getByText(/Cet événement est privé/)).toBeVisible();
    const link = dialog.getByLabel("Lien de l'événement");
    await expect(link).toHaveValue(new RegExp(`/billetterie/${id}\\?share=[A-Za-z0-9_-]{22}$`));
    const inviteUrl = await link.inputValue();
    await expectAccessible(page);

    const guest = await (await browser.newContext()).newPage();
    await guest.goto(`/billetterie/${id}`);
    await expect(guest.getByText('Événement introuvable')).toBeVisible();
    await newBuyer(guest);
    await guest.goto(inviteUrl);
    const guestMain = guest.getByRole('main');
    await expect(guestMain.getByRole('heading', { level: 1 })).toContainText('Crémaillère');
    // The guest may book, not share the private event on.
    await expect(guestMain.getByRole('button', { name: 'Partager' })).toHaveCount(0);
    // The event's only ticket is free: it is already chosen, at 1 (issue 14).
    await expect(guestMain.getByText('1 billet', { exact: true })).toBeVisible();
    await guestMain.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
    await guestMain.getByRole('button', { name: 'Suivant' }).click();
    await guestMain.getByRole('button', { name: 'Suivant' }).click();
    await guestMain.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await expect(guestMain.getByText('Votre réservation a bien été effectuée.')).toBeVisible();
    await guest.context().close();
  });
});
