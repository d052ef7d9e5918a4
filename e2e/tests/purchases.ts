import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import { otherPerson } from './accounts';

type OrderLine = Record<string, unknown>;

/** An order of the logged-in buyer of `request` (`more`: more of the order, a promo code): held, or paid at once when it is free. */
export async function placeOrder(request: APIRequestContext, eventId: string, line: OrderLine, more = {}) {
  const order = await request.post('/api/orders', { data: { eventId, lines: [line], acceptTerms: true, ...more } });
  expect(order.status(), await order.text()).toBe(201);
  return (await order.json()) as { id: string; status: string };
}

/** An order of the logged-in buyer of `request`, paid through the sandbox bank with its signed protocol. Answers its id. */
export async function buy(request: APIRequestContext, eventId: string, line: OrderLine, more = {}) {
  const { id, status } = await placeOrder(request, eventId, line, more);
  if (status === 'paid') return id;
  await payHeldOrder(request, id);
  return id;
}

/** A held order of the logged-in buyer of `request`, paid through the sandbox bank with its signed protocol. */
export async function payHeldOrder(request: APIRequestContext, id: string) {
  const start = await request.post(`/api/orders/${id}/payment`);
  expect(start.status()).toBe(200);
  const { redirect } = (await start.json()) as { redirect: { action: string; fields: [string, string][] } };
  const bank = await request.post(redirect.action, { form: Object.fromEntries(redirect.fields) });
  const token = /name="token" value="([^"]+)"/.exec(await bank.text())?.[1] ?? '';
  const decision = await request.post('/sandbox-bank/decide', { form: { token, decision: 'pay' }, maxRedirects: 0 });
  expect(decision.status()).toBe(303);
}

/** Places bought and paid by a new buyer in a browser context of their own (`more`: see buy). */
export async function sellPlaces(browser: Browser | null | undefined, eventId: string, line: OrderLine, more = {}) {
  const buyer = await otherPerson(browser);
  await buy(buyer.request, eventId, line, more);
  await buyer.context.close();
}
