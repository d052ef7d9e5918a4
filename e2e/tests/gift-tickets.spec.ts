import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, logInAs, newBuyer } from './accounts';
import { eventWithHiddenTicket, organiserEvent } from './events';

test('the organiser offers a hidden ticket with a ticket; the buyer takes it free and holds it as OFFERT', async ({
  page,
  request,
  browser,
}) => {
  const eventId = await eventWithHiddenTicket(request, ['Standard', 12, 40], ['Invitation VIP', 30, 5]);

  // The organiser picks the gift on the edit page.
  const organiser = await (await browser.newContext()).newPage();
  await logInAs(organiser, DEMO.organizer, DEMO.password);
  await organiser.goto(`/editevents/${eventId}`);
  // The tickets are listed in their order: Standard's choice comes first.
  const gifts = organiser.getByRole('textbox', { name: 'Billets offerts' }).first();
  // Opened from the keyboard, as a screen-reader user would: no click through the pill box.
  await gifts.focus();
  await organiser.keyboard.press('ArrowDown');
  // Chosen with Enter, as that user would: a click would wait for the list to be on screen, and the
  // list hides itself whenever a late layout scrolls its field away.
  await expect(organiser.getByRole('option', { name: 'Invitation VIP', includeHidden: true })).toHaveAttribute(
    'data-combobox-selected',
    'true',
  );
  const saved = organiser.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/tickets/'));
  await organiser.keyboard.press('Enter');
  expect((await saved).status()).toBe(204);
  await organiser.context().close();

  // The buyer chooses two Standard places; the gift modal offers the invitation.
  await newBuyer(page);
  await page.goto(`/billetterie/${eventId}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: /^Invitation VIP/ })).toHaveCount(0);
  await main.getByRole('button', { name: /^Standard/ }).click();
  for (let i = 0; i < 2; i++) await main.getByRole('button', { name: 'Ajouter un billet Standard' }).click();
  await main.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
  await main.getByRole('button', { name: 'Suivant' }).click();

  const modal = page.getByRole('dialog', { name: 'Billet offert' });
  await expect(modal.getByRole('radio', { name: /Invitation VIP/ })).toBeChecked();
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Continuer' }).click();

  await expect(main.getByRole('heading', { name: 'Vos informations' })).toBeFocused();
  const basket = main.getByRole('region', { name: 'Panier' });
  await expect(basket.getByText('1 × Invitation VIP (billet offert)')).toBeVisible();
  await expect(basket.getByText('OFFERT', { exact: true })).toBeVisible();
  await main.getByRole('button', { name: 'Suivant' }).click();

  // The recap names the gift with the paid places (issue 26).
  const recap = main.getByText('Votre commande', { exact: true }).locator('..');
  await expect(recap).toContainText('2 × Standard');
  await expect(recap).toContainText('1 × Invitation VIP (billet offert)');
  // The gift costs nothing: 2 × 12 €.
  await main.getByRole('button', { name: 'Payer 24,00 €' }).click();
  await page.getByRole('button', { name: 'Payer', exact: true }).click();
  await expect(page).toHaveURL(/\/validationpaiement\/accepte\?retour=00000/);

  await page.goto('/myTickets');
  const invitation = page.getByRole('button', { name: /Billet : Invitation VIP/ });
  await expect(invitation).toContainText('OFFERT');
  // One card per place (issue 30).
  await expect(page.getByRole('button', { name: /Billet : Standard/ })).toHaveCount(2);
});

test('the buyer may decline the gift', async ({ page, request }) => {
  const eventId = await organiserEvent(request, {
    ticketList: [
      { title: 'Standard', price: 12, quantity: 40 },
      { title: 'Goodies', price: 5, quantity: 5 },
    ],
  });
  const manage = await (await request.get(`/api/events/${eventId}/manage`)).json();
  const id = (title: string) => manage.tickets.find((t: { title: string }) => t.title === title).id;
  expect(
    (await request.patch(`/api/tickets/${id('Standard')}`, { data: { giftTicketIds: [id('Goodies')] } })).status(),
  ).toBe(204);

  await newBuyer(page);
  await page.goto(`/billetterie/${eventId}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: /^Standard/ }).click();
  await main.getByRole('button', { name: 'Ajouter un billet Standard' }).click();
  await main.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
  await main.getByRole('button', { name: 'Suivant' }).click();
  const modal = page.getByRole('dialog', { name: 'Billet offert' });
  await modal.getByRole('radio', { name: 'Pas de billet offert' }).check();
  await modal.getByRole('button', { name: 'Continuer' }).click();
  await expect(main.getByRole('heading', { name: 'Vos informations' })).toBeFocused();
  await expect(main.getByText(/billet offert\)/)).toHaveCount(0);
});
