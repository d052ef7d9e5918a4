import { expect } from 'vitest';
import type { TestApp } from '../../helpers';

type Place = { id: string; refundPlaces: number; refundRequested: boolean };

/**
 * The buyer asks, from /myTickets, for the refund of their first insured place not asked yet
 * (each place its own ticket, issue 30): that place.
 */
export async function askRefund(t: TestApp, cookie: string): Promise<{ id: string }> {
  const [place] = await askRefunds(t, cookie, 1);
  if (!place) throw new Error('no insured place to ask a refund for');
  return place;
}

/** The buyer asks for the refund of `count` (default: all) of their insured places not asked yet. */
export async function askRefunds(t: TestApp, cookie: string, count = Number.POSITIVE_INFINITY): Promise<Place[]> {
  const mine = (await t.app.inject({ method: 'GET', url: '/api/me/participations', headers: { cookie } })).json();
  const places = (mine as Place[]).filter((p) => p.refundPlaces > 0 && !p.refundRequested).slice(0, count);
  for (const place of places) {
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/me/participations/${place.id}/refund-request`,
      headers: { cookie },
    });
    expect(asked.statusCode).toBe(200);
  }
  return places;
}
