import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { checkoutFr } from '../../packages/shared/src/messages/fr-checkout';
import { paymentFr } from '../../packages/shared/src/messages/fr-payment';
import { expectAccessible } from './accessibility';
import { newBuyer } from './accounts';
import { bookUpToPayment, expectBankPage, goToBank, orderOf, refuseAtBank, ticketOf } from './booking-steps';
import { organiserEvent } from './events';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const r = paymentFr.retour;
const t = paymentFr.result;

/** A buyer on the event page of a new paid event of three places at 15 €. */
async function buyerOnEvent(page: Page, request: APIRequestContext) {
  const eventId = await organiserEvent(request, { ticketList: [{ title: 'Place assise', price: 15, quantity: 3 }] });
  await newBuyer(page);
  await page.goto(`/billetterie/${eventId}`);
  return eventId;
}

/** The card refused at the bank: the result page offers another attempt on the same order. */
async function refusedOnce(page: Page, request: APIRequestContext) {
  const eventId = await buyerOnEvent(page, request);
  const orderId = await bookUpToPayment(page, 'Place assise', 2);
  await goToBank(page, '30,00 €');
  await refuseAtBank(page, '00021');
  await expect(page).toHaveURL(/\/validationpaiement\/refuse\?retour=00021&ref=/);
  return { eventId, orderId };
}

test.describe('payment attempts (issue 26)', () => {
  test('a refused card keeps the places: the buyer tries again, pays, and gets the tickets once', async ({
    page,
    request,
  }) => {
    const { eventId, orderId } = await refusedOnce(page, request);
    const result = page.getByRole('status');
    await expect(result).toContainText(r.refused);
    await expect(result).toContainText(r.reasons['00021']);
    await expect(result).toContainText(t.holdKept);
    expect(t.retry).toBe('Réessayer le paiement');
    const retry = page.getByRole('button', { name: t.retry });
    await expect(retry).toBeVisible();
    // The server's time left, not a fresh three minutes.
    await expect(page.getByRole('timer')).toHaveText(/^0[0-2]:[0-5]\d$/);
    const order = await orderOf(page.request, orderId);
    expect(order.status).toBe('awaiting_payment');
    await expect(page.getByText(`Référence de la commande : ${order.reference}`)).toBeVisible();
    // The two places stay the buyer's meanwhile.
    expect((await ticketOf(request, eventId, 'Place assise')).maxToBuy).toBe(1);
    await expectAccessible(page);

    await retry.click();
    await expectBankPage(page, '30,00 €');
    await page.getByRole('button', { name: paymentFr.sandbox.pay, exact: true }).click();
    await expect(page).toHaveURL(/\/validationpaiement\/accepte\?retour=00000&ref=/);
    await expect(page.getByRole('status')).toContainText(r['00000']);
    expect((await orderOf(page.request, orderId)).status).toBe('paid');
    expect((await ticketOf(request, eventId, 'Place assise')).maxToBuy).toBe(1);

    await page.getByRole('link', { name: 'Voir mon billet' }).click();
    await expect(page.getByRole('heading', { name: 'Mes billets', level: 1 })).toBeVisible();
    // Its two places, each its own ticket, issued once (issue 30).
    await expect(page.getByRole('button', { name: /Billet : Place assise/ })).toHaveCount(2);
  });

  test('an order paid in another tab answers that it is paid, with the way to the tickets', async ({
    page,
    request,
  }) => {
    const { orderId } = await refusedOnce(page, request);
    // The same result page in a second tab: the buyer tries again there and pays.
    const other = await page.context().newPage();
    await other.goto(page.url());
    await other.getByRole('button', { name: t.retry }).click();
    await expectBankPage(other, '30,00 €');
    await other.getByRole('button', { name: paymentFr.sandbox.pay, exact: true }).click();
    await expect(other).toHaveURL(/\/validationpaiement\/accepte\?retour=00000/);
    expect((await orderOf(page.request, orderId)).status).toBe('paid');

    // Back in the first tab, trying again says the order is paid, not that time ran out.
    await page.getByRole('button', { name: t.retry }).click();
    const paid = page.getByRole('alert');
    await expect(paid).toContainText(checkoutFr.orderPaidAlready);
    expect(checkoutFr.orderPaidAlready).toBe('Cette commande est déjà payée : vos billets sont dans « Mes billets ».');
    await expect(page.getByText(checkoutFr.orderNotPayable)).toHaveCount(0);
    await paid.getByRole('link', { name: 'Voir mon billet' }).click();
    await expect(page).toHaveURL(/\/myTickets$/);
  });

  test('a made-up reference is never told as a success', async ({ page }) => {
    for (const who of ['visitor', 'buyer']) {
      if (who === 'buyer') await newBuyer(page);
      await page.goto('/validationpaiement/accepte?retour=00000&ref=FAKE123');
      const result = page.getByRole('status');
      await expect(result).toContainText(t.unknown);
      await expect(result).toContainText(t.unknownDetail);
      await expect(page.getByText(r['00000'])).toHaveCount(0);
      await expect(page.getByText(r.acceptedDetail)).toHaveCount(0);
      await expect(page.getByText(/Référence de la commande/)).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Voir mon billet' })).toHaveCount(0);
    }
    await expectAccessible(page);
  });
});

test.describe('the site opened on another address than PUBLIC_URL (issue 26)', () => {
  // PUBLIC_URL is http://localhost:<port>: the same server, reached as 127.0.0.1.
  test.use({ baseURL: `http://127.0.0.1:${PORT}` });

  test('the sandbox payment goes through and the buyer comes back on that address', async ({ page, request }) => {
    await buyerOnEvent(page, request);
    expect(new URL(page.url()).host).toBe(`127.0.0.1:${PORT}`);
    const orderId = await bookUpToPayment(page, 'Place assise', 1);
    await goToBank(page, '15,00 €');
    await page.getByRole('button', { name: paymentFr.sandbox.pay, exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`^http://127\\.0\\.0\\.1:${PORT}/validationpaiement/accepte\\?retour=00000`),
    );
    await expect(page.getByRole('status')).toContainText(r['00000']);
    expect((await orderOf(page.request, orderId)).status).toBe('paid');
  });

  test('a payment form the browser blocks is told to the buyer', async ({ page, request }) => {
    await buyerOnEvent(page, request);
    // The form sent to another origin, as it was before: the page's form-action refuses it.
    await page.route('**/api/orders/*/payment', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { redirect: { action: string } };
      body.redirect.action = `http://localhost:${PORT}/sandbox-bank/php/`;
      await route.fulfill({ response, json: body });
    });
    await bookUpToPayment(page, 'Place assise', 1);
    await page.getByRole('main').getByRole('button', { name: 'Payer 15,00 €' }).click({ noWaitAfter: true });
    // Playwright counts the refused post as a navigation that never ends and holds its locators
    // until it does: the page's alerts are read through the DevTools protocol instead.
    const devtools = await page.context().newCDPSession(page);
    const read = async (expression: string) =>
      String((await devtools.send('Runtime.evaluate', { expression, returnByValue: true })).result.value);
    await expect
      .poll(() => read("[...document.querySelectorAll('[role=alert]')].map((alert) => alert.textContent).join('|')"))
      .toContain(paymentFr.blocked);
    expect(await read('location.pathname')).toMatch(/^\/billetterie\//);
  });
});
