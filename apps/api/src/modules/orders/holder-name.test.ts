import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/helpers';
import { buyAndPay, raceEvent } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import { orders } from '../../db/schema';
import { signTicketCode } from '../ticket-codes/codes';
import { loadTicketKeys } from '../ticket-codes/keys';
import { holderName } from './holder-name';

const t = useTestApp();

const account = { firstName: 'Zoé', lastName: 'Lefèvre' };
// What the order carries → the name on the ticket.
const cases: [{ firstName: string | null; lastName: string | null } | null, string][] = [
  [{ firstName: 'Inès', lastName: 'Martin' }, 'Inès Martin'],
  [{ firstName: ' Inès ', lastName: ' Martin ' }, 'Inès Martin'],
  [{ firstName: 'Inès', lastName: '' }, 'Inès'],
  [{ firstName: '', lastName: 'Martin' }, 'Martin'],
  [{ firstName: '  ', lastName: null }, 'Zoé Lefèvre'],
  [{ firstName: '', lastName: '' }, 'Zoé Lefèvre'],
  [null, 'Zoé Lefèvre'],
];

describe("the holder's name", () => {
  it('is the buyer’s typed parts, else the account’s, in TypeScript and in SQL alike', async () => {
    for (const [buyer, expected] of cases) expect(holderName(buyer, account)).toBe(expected);
    expect(holderName(null, { firstName: '', lastName: 'Lefèvre' })).toBe('Lefèvre');
    const rows = await queryRows<{ name: string }>(
      t.database.db,
      sql`select guichet_holder_name(c->>'first', c->>'last', ${account.firstName}, ${account.lastName}) as name
            from jsonb_array_elements(${JSON.stringify(
              cases.map(([buyer]) => (buyer ? { first: buyer.firstName, last: buyer.lastName } : {})),
            )}::jsonb) with ordinality as x(c, n)
           order by n`,
    );
    expect(rows.map((row) => row.name)).toEqual(cases.map(([, expected]) => expected));
  });

  it('is the same at the door (scan and manifest), in the console’s refund requests and in the back office', async () => {
    const admin = await createUser(t, { role: 'admin', isVerified: true });
    const adminCookie = await loginAs(t, admin.email);
    const { event, a } = await raceEvent(t, admin.id, { a: 10, b: 1, c1: 1, c2: 1 });
    const buyer = await createUser(t, account);
    const cookie = await loginAs(t, buyer.email);
    const orderId = await buyAndPay(t, cookie, event.id, { ticketId: a.id, quantity: 2, refundPlaces: 1 });
    // Only a first name on the order: its holder is not completed with the account's last name.
    await t.database.db.update(orders).set({ buyerLastName: '' }).where(eq(orders.id, orderId));
    // The insured place of the two (one ticket per place).
    const participation = (await t.app.inject({ method: 'GET', url: '/api/me/participations', headers: { cookie } }))
      .json()
      .find((place: { refundPlaces: number }) => place.refundPlaces > 0);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/me/participations/${participation.id}/refund-request`,
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(200);

    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
      expect(response.statusCode, url).toBe(200);
      return response;
    };
    const code = signTicketCode(
      { id: participation.id, eventId: event.id, quantity: 2 },
      loadTicketKeys(t.config).privateKey,
    );
    const scanned = await t.app.inject({
      method: 'POST',
      url: `/api/checkin/events/${event.id}/scans`,
      headers: { cookie: adminCookie },
      payload: { code },
    });
    const manifest = (await get(`/api/checkin/events/${event.id}/manifest`)).json();
    const consoleRefunds = (await get(`/api/console/events/${event.id}/refunds`)).json();
    const adminRefunds = (await get('/api/admin/refunds')).json() as { id: string; holderName: string }[];
    const names = {
      scan: scanned.json().holderName,
      manifest: manifest.participations.find((p: { id: string }) => p.id === participation.id)?.holderName,
      console: consoleRefunds.items.find((r: { participationId: string }) => r.participationId === participation.id)
        ?.holderName,
      admin: adminRefunds.find((r) => r.id === participation.id)?.holderName,
    };
    expect(names).toEqual({ scan: 'Zoé', manifest: 'Zoé', console: 'Zoé', admin: 'Zoé' });
  });
});
