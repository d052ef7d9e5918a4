import { type APIRequestContext, expect, type Page, type Response } from '@playwright/test';
import { paymentFr } from '../../packages/shared/src/messages/fr-payment';

type Ticket = { id: string; title: string; maxToBuy: number; isSoldOut: boolean };
export type Order = { id: string; reference: string; status: string };

/** A ticket as the event page reads it (with the private link's key when given). */
export async function ticketOf(request: APIRequestContext, eventId: string, title: string, shareKey?: string) {
  const query = shareKey ? `?share=${encodeURIComponent(shareKey)}` : '';
  const response = await request.get(`/api/events/${eventId}${query}`);
  expect(response.status()).toBe(200);
  const { tickets } = (await response.json()) as { tickets: Ticket[] };
  const ticket = tickets.find((t) => t.title === title);
  if (!ticket) throw new Error(`no ticket ${title} on event ${eventId}`);
  return ticket;
}

export async function orderOf(request: APIRequestContext, id: string) {
  const response = await request.get(`/api/orders/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Order;
}

const isOrderCreation = (response: Response) =>
  response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/orders';

/**
 * The logged-in buyer's steps on an open event page: the ticket and its count, the terms, the
 * prefilled information, then the recap, where the order is held. Answers the held order's id.
 */
export async function bookUpToPayment(page: Page, title: string, count: number) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  for (let i = 0; i < count; i++) await main.getByRole('button', { name: `Ajouter un billet ${title}` }).click();
  await expect(main.getByText(count > 1 ? `${count} billets` : '1 billet', { exact: true })).toBeVisible();
  await main.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
  await main.getByRole('button', { name: 'Suivant' }).click();
  await expect(main.getByRole('heading', { name: 'Vos informations' })).toBeFocused();
  const created = page.waitForResponse(isOrderCreation);
  await main.getByRole('button', { name: 'Suivant' }).click();
  await expect(main.getByRole('heading', { name: 'Récapitulatif et paiement' })).toBeVisible();
  const response = await created;
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** From the recap to the sandbox bank's card page. */
export async function goToBank(page: Page, amount: string) {
  await page
    .getByRole('main')
    .getByRole('button', { name: `Payer ${amount}` })
    .click();
  await expectBankPage(page, amount);
}

export async function expectBankPage(page: Page, amount: string) {
  await expect(page.getByRole('heading', { name: paymentFr.sandbox.pageTitle, level: 1 })).toBeVisible();
  await expect(page.getByText(amount)).toBeVisible();
}

/** On the sandbox bank's page: the card refused for the given reason. */
export async function refuseAtBank(page: Page, code: string) {
  await page.getByRole('combobox', { name: paymentFr.sandbox.refusalReason }).selectOption(code);
  await page.getByRole('button', { name: paymentFr.sandbox.refuse, exact: true }).click();
}
