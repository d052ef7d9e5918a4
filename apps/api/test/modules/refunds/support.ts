import { expect } from 'vitest';
import type { TestApp } from '../../helpers';

/** The buyer asks, from /myTickets, for the refund of their first participation's insured places: that participation. */
export async function askRefund(t: TestApp, cookie: string): Promise<{ id: string }> {
  const [participation] = (
    await t.app.inject({ method: 'GET', url: '/api/me/participations', headers: { cookie } })
  ).json();
  const asked = await t.app.inject({
    method: 'POST',
    url: `/api/me/participations/${participation.id}/refund-request`,
    headers: { cookie },
  });
  expect(asked.statusCode).toBe(200);
  return participation;
}
