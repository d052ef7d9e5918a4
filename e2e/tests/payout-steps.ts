import { type APIRequestContext, expect } from '@playwright/test';

/** The bank details the payout journeys save for their organiser, and that the SEPA file then carries. */
export const ORGANISER_IBAN = 'FR7630006000011234567890189';

/** Saves bank details for the organiser logged in on `request`, as the payout dialog does. */
export async function saveBankAccount(request: APIRequestContext) {
  const response = await request.put('/api/me/bank-account', {
    data: { holderName: 'Les Organisateurs', iban: ORGANISER_IBAN },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The organiser of `request` asks for an event's payout, which the server accepts. */
export async function askPayout(request: APIRequestContext, eventId: string) {
  const asked = await request.post(`/api/console/events/${eventId}/payouts`);
  expect(asked.status(), await asked.text()).toBe(201);
  return (await asked.json()) as { id: string; amountCents: number };
}
