import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newBuyer } from './accounts';
import { organiserEvent } from './events';
import { submitExpectingAlert } from './forms';
import { routeStripe, STRIPE_SERVER, stripeDoubleCalls } from './stripe-double';

// Every journey here runs on the deployment that pays through Stripe (playwright.config.ts).
test.use({ baseURL: STRIPE_SERVER });

/** A public paid event of the demo organiser on the Stripe deployment. */
function stripeEvent(request: APIRequestContext, isUserPaysFees: boolean) {
  return organiserEvent(request, {
    title: `Stripe ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Un événement payé par Stripe.',
    isUserPaysFees,
    ticketList: [{ title: 'Standard', price: 12.5, quantity: 40 }],
  });
}

/** A logged-in user chooses two places and reaches the payment step. */
async function toThePayment(page: Page, eventId: string) {
  await newBuyer(page);
  await page.goto(`/billetterie/${eventId}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: /^Standard/ }).click();
  for (let i = 0; i < 2; i++) await main.getByRole('button', { name: /^Ajouter un billet Standard/ }).click();
  await main.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
  return main;
}

test.describe('paying through Stripe', () => {
  test('the card form and the wallet notice show; a declined card shows Stripe’s message; a paid card lands on the accepted page', async ({
    page,
    request,
  }) => {
    await routeStripe(page);
    const eventId = await stripeEvent(request, true);
    const main = await toThePayment(page, eventId);

    // Stripe's fees: 2.8 % of 25,00 € + 0,40 € per ticket; the wallet total is the same Stripe total.
    const basket = main.getByRole('region', { name: 'Panier' });
    await expect(basket.getByText('1,50 €')).toBeVisible();
    await expect(basket.getByText('Total avec Apple Pay / Google Pay')).toBeVisible();
    await expect(basket.getByText('26,50 €')).toHaveCount(2);

    await main.getByRole('button', { name: 'Suivant' }).click();
    const held = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
    await main.getByRole('button', { name: 'Suivant' }).click();
    const orderId = ((await (await held).json()) as { id: string }).id;
    const orderStatus = async () =>
      ((await (await page.request.get(`/api/orders/${orderId}`)).json()) as { status: string }).status;
    await expect(main.getByRole('heading', { name: 'Récapitulatif et paiement' })).toBeFocused();
    await expect(main.getByRole('timer')).toBeVisible();

    // Stripe's Payment Element, mounted with the PaymentIntent and the key the API gave.
    const card = main.getByRole('combobox', { name: 'Carte de test' });
    await expect(card).toBeVisible();
    await expect(main.getByText('Apple Pay / Google Pay non disponible')).toBeVisible();
    const calls = await stripeDoubleCalls(page);
    expect(calls.publishableKey).toBe('pk_test_e2e');
    expect(calls.clientSecret).toMatch(/^pi_[0-9a-f]+_secret_/);
    expect(calls.created.sort()).toEqual(['expressCheckout', 'payment']);

    await card.selectOption({ label: 'Carte refusée' });
    await submitExpectingAlert(main, 'Payer 26,50 €', 'Votre carte a été refusée.');
    // The buyer stays on the step, places still held, and may try another card.
    await expect(main.getByRole('timer')).toBeVisible();
    expect(await orderStatus()).toBe('awaiting_payment');

    await card.selectOption({ label: 'Visa acceptée' });
    await main.getByRole('button', { name: 'Payer 26,50 €' }).click();
    await expect(page).toHaveURL(/\/validationpaiement\/accepte\?retour=00000&ref=G/);
    await expect(page.getByText('Votre transaction a bien été acceptée.')).toBeVisible();
    // Paid because the server asked Stripe, not because the page said so.
    expect(await orderStatus()).toBe('paid');
  });

  test('no wallet is offered when the organiser pays the fees', async ({ page, request }) => {
    await routeStripe(page);
    const eventId = await stripeEvent(request, false);
    const main = await toThePayment(page, eventId);
    await expect(
      main.getByRole('region', { name: 'Panier' }).getByText('Total avec Apple Pay / Google Pay'),
    ).toHaveCount(0);
    await main.getByRole('button', { name: 'Suivant' }).click();
    await main.getByRole('button', { name: 'Suivant' }).click();
    await expect(main.getByRole('combobox', { name: 'Carte de test' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Payer 25,00 €' })).toBeEnabled();
    await expect(main.getByText('Apple Pay / Google Pay non disponible')).toHaveCount(0);
    expect((await stripeDoubleCalls(page)).created).toEqual(['payment']);
  });
});
