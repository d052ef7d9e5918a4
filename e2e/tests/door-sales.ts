import { type APIRequestContext, expect } from '@playwright/test';

type Participant = { email: string; firstName: string; lastName: string };

/** A place sold at the door through the console's API by the organiser of `request` (`payment`: how a paid one was paid). */
export async function sellAtDoor(
  request: APIRequestContext,
  eventId: string,
  sale: { ticketId: string; participant: Participant; payment?: 'cash' | 'card' },
) {
  const response = await request.post(`/api/console/events/${eventId}/manual-entries`, {
    data: {
      ticketId: sale.ticketId,
      quantity: 1,
      ...(sale.payment ? { payment: sale.payment } : {}),
      participant: { ...sale.participant, phone: '', birthDate: '2000-01-15' },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}
