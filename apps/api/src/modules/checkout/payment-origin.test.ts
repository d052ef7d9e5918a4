import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../test/helpers';
import { decideAtSandbox, heldGuestOrder, openSandboxBank } from '../../../test/modules/checkout/support';
import { useOrganiser, useTestApp } from '../../../test/use-test-app';
import { orders } from '../../db/schema';
import { paymentConfigFromEnv, paymentFormOrigins } from '../../payments';

const t = useTestApp();
const organiser = useOrganiser(t);

const heldOrder = () => heldGuestOrder(t, organiser.id, 3, 1);

const fieldOf = (fields: [string, string][], name: string) => fields.find(([key]) => key === name)?.[1] ?? '';

describe('the site opened on another address than PUBLIC_URL (issue 26, item 8)', () => {
  it('posts the sandbox form to the page’s own origin and brings the browser back there; the IPN stays on PUBLIC_URL', async () => {
    const elsewhere = 'http://127.0.0.1:4567';
    expect(new URL(t.config.publicUrl).origin).not.toBe(elsewhere);
    const { id, cookie } = await heldOrder();
    const { redirect, page, token } = await openSandboxBank(t, id, {
      cookie,
      origin: elsewhere,
      host: '127.0.0.1:4567',
    });
    expect(redirect.action).toBe(`${elsewhere}/sandbox-bank/php/`);
    for (const [name, status] of [
      ['PBX_EFFECTUE', 'accepte'],
      ['PBX_REFUSE', 'refuse'],
      ['PBX_ANNULE', 'annule'],
    ]) {
      expect(fieldOf(redirect.fields, name ?? '')).toBe(`${elsewhere}/api/payments/sandbox/return/${status}`);
    }
    expect(fieldOf(redirect.fields, 'PBX_REPONDRE_A')).toBe(`${t.config.publicUrl}/api/payments/sandbox/ipn`);

    // The bank takes the form as signed, and its page may send the browser back to that origin.
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${elsewhere}`);
    const paid = await decideAtSandbox(t, token, 'pay');
    expect(paid.headers.location).toMatch(new RegExp(`^${elsewhere}/api/payments/sandbox/return/accepte\\?Mt=`));
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(order?.status).toBe('paid');
  });

  it('keeps PUBLIC_URL for a page on PUBLIC_URL and for a caller that names no page', async () => {
    for (const headers of [{ origin: new URL(t.config.publicUrl).origin }, {}] as Record<string, string>[]) {
      const { id, cookie } = await heldOrder();
      const { redirect } = await openSandboxBank(t, id, { cookie, ...headers });
      expect(redirect.action).toBe(`${t.config.publicUrl}/sandbox-bank/php/`);
      expect(fieldOf(redirect.fields, 'PBX_EFFECTUE')).toBe(
        `${t.config.publicUrl}/api/payments/sandbox/return/accepte`,
      );
    }
  });
});

describe('where the pages may post a payment form', () => {
  const bankEnv = {
    ETRANSACTIONS_SITE: '1999888',
    ETRANSACTIONS_RANG: '32',
    ETRANSACTIONS_IDENTIFIANT: '2',
    ETRANSACTIONS_HMAC_KEY: '0123456789abcdef'.repeat(8),
  };

  it('allows the bank’s servers by origin and the sandbox only when it is served elsewhere', () => {
    const here = 'http://localhost:3000';
    expect(paymentFormOrigins(paymentConfigFromEnv({}, 'test'), here)).toEqual([]);
    expect(
      paymentFormOrigins(
        paymentConfigFromEnv({ ...bankEnv, ETRANSACTIONS_HOSTS: 'https://bank.test/pay,https://bank1.test' }, 'test'),
        here,
      ),
    ).toEqual(['https://bank.test', 'https://bank1.test']);
    expect(
      paymentFormOrigins(paymentConfigFromEnv({ SANDBOX_BANK_URL: 'http://127.0.0.1:9/bank/' }, 'test'), here),
    ).toEqual(['http://127.0.0.1:9']);
  });

  it('writes them into the pages’ policy', async () => {
    await withTestApp({ payments: paymentConfigFromEnv(bankEnv, 'test') }, async (withBank) => {
      const page = await withBank.app.inject({ method: 'GET', url: '/' });
      expect(page.headers['content-security-policy']).toContain(
        "form-action 'self' https://tpeweb.e-transactions.fr https://tpeweb1.e-transactions.fr",
      );
    });
  });
});
