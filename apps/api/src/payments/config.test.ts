import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentConfigFromEnv } from './config';
import { hmacMessage, signHmac } from './etransactions-form';
import { BANK_PUBLIC_KEY_PEM } from './etransactions-ipn';
import { buildRefundFields, questionNumberOf, refundThroughPpps } from './etransactions-refund';
import { createPaymentProviders } from './providers';

const bankEnv = {
  ETRANSACTIONS_SITE: '1999888',
  ETRANSACTIONS_RANG: '32',
  ETRANSACTIONS_IDENTIFIANT: '2',
  ETRANSACTIONS_HMAC_KEY: '0123456789abcdef'.repeat(8),
};
const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
};

describe('payment settings', () => {
  it('runs on the sandbox alone with no settings outside production', async () => {
    const config = paymentConfigFromEnv({}, 'development');
    expect(config.defaultProvider).toBe('sandbox');
    expect(config.etransactions).toBeUndefined();
    expect(config.stripe).toBeUndefined();
    expect(config.sandbox?.baseUrl).toBe('http://localhost:3000/sandbox-bank');
    const providers = await createPaymentProviders(config, {});
    expect(providers.sandbox?.name).toBe('sandbox');
    expect(providers.etransactions).toBeUndefined();
    expect(providers.stripe).toBeUndefined();
  });

  it('places the sandbox under the public URL, or where told', () => {
    expect(paymentConfigFromEnv({ PUBLIC_URL: 'https://guichet.test/' }, 'test').sandbox?.baseUrl).toBe(
      'https://guichet.test/sandbox-bank',
    );
    expect(paymentConfigFromEnv({ SANDBOX_BANK_URL: 'http://127.0.0.1:9/bank/' }, 'test').sandbox?.baseUrl).toBe(
      'http://127.0.0.1:9/bank',
    );
  });

  it('keeps configured sandbox keys so that several instances agree', () => {
    const privateKeyPem = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const env = {
      SANDBOX_BANK_HMAC_KEY: 'ab'.repeat(64),
      SANDBOX_BANK_PRIVATE_KEY: privateKeyPem.replace(/\n/g, '\\n'),
    };
    const one = paymentConfigFromEnv(env, 'test').sandbox;
    const two = paymentConfigFromEnv(env, 'test').sandbox;
    expect(one?.hmacKeyHex).toBe('AB'.repeat(64));
    expect(one?.publicKeyPem).toBe(two?.publicKeyPem);
  });

  it('reads the bank and Stripe, with the bank defaults', async () => {
    const config = paymentConfigFromEnv(
      { ...bankEnv, ...stripeEnv, PAYMENT_PROVIDER_DEFAULT: 'etransactions' },
      'development',
    );
    expect(config.defaultProvider).toBe('etransactions');
    expect(config.etransactions).toEqual({
      site: '1999888',
      rang: '032',
      identifiant: '2',
      hmacKeyHex: '0123456789ABCDEF'.repeat(8),
      hosts: ['https://tpeweb.e-transactions.fr', 'https://tpeweb1.e-transactions.fr'],
      publicKeyPem: BANK_PUBLIC_KEY_PEM,
      pppsUrl: 'https://ppps.e-transactions.fr/PPPS.php',
    });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1' });
    const providers = await createPaymentProviders(config, {});
    expect([providers.etransactions?.name, providers.stripe?.name]).toEqual(['etransactions', 'stripe']);
  });

  it('turns the sandbox off in production unless asked', () => {
    const production = paymentConfigFromEnv({ ...stripeEnv }, 'production');
    expect(production.sandbox).toBeUndefined();
    expect(production.defaultProvider).toBe('stripe');
    expect(paymentConfigFromEnv({ ...stripeEnv, SANDBOX_PAYMENTS: 'true' }, 'production').sandbox).toBeDefined();
    expect(paymentConfigFromEnv({ ...stripeEnv, SANDBOX_PAYMENTS: 'false' }, 'development').sandbox).toBeUndefined();
  });

  it('stops on half a provider, a bad key, or a default that is not configured', () => {
    expect(() => paymentConfigFromEnv({ ETRANSACTIONS_SITE: '1999888' }, 'test')).toThrow(/ETRANSACTIONS_RANG/);
    expect(() => paymentConfigFromEnv({ STRIPE_SECRET_KEY: 'sk' }, 'test')).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => paymentConfigFromEnv({ ...bankEnv, ETRANSACTIONS_HMAC_KEY: 'abc' }, 'test')).toThrow(/128 hex/);
    expect(() => paymentConfigFromEnv({ PAYMENT_PROVIDER_DEFAULT: 'stripe' }, 'test')).toThrow(/not configured/);
    expect(() => paymentConfigFromEnv({}, 'production')).toThrow(/not configured/);
  });
});

describe('bank refunds (PPPS)', () => {
  const settings = {
    site: '1999888',
    rang: '32',
    hmacKeyHex: '0123456789ABCDEF'.repeat(8),
    pppsUrl: 'https://ppps.test/PPPS.php',
  };
  const refund = { transactionId: '12345', amountCents: 1250, reference: 'CMD-0001', key: 'refund-1' };

  it('asks for a refund (TYPE 00014) signed like the form', () => {
    const fields = buildRefundFields(settings, refund, new Date('2026-03-04T05:06:07Z'));
    expect(Object.fromEntries(fields)).toMatchObject({
      VERSION: '00104',
      TYPE: '00014',
      RANG: '032',
      NUMQUESTION: String(questionNumberOf('refund-1')).padStart(10, '0'),
      MONTANT: '0000001250',
      NUMTRANS: '0000012345',
      DATEQ: '04032026050607',
      HASH: 'SHA512',
    });
    expect(fields.at(-1)).toEqual(['HMAC', signHmac(hmacMessage(fields.slice(0, -1)), settings.hmacKeyHex)]);
  });

  it('asks the same question for every attempt of one refund, another for another refund', () => {
    const question = (key: string, at: string) =>
      Object.fromEntries(buildRefundFields(settings, { ...refund, key }, new Date(at))).NUMQUESTION;
    expect(question('refund-1', '2026-03-04T05:06:07Z')).toBe(question('refund-1', '2026-03-04T09:00:00Z'));
    expect(question('refund-2', '2026-03-04T05:06:07Z')).not.toBe(question('refund-1', '2026-03-04T05:06:07Z'));
  });

  it('fails unless the bank answers CODEREPONSE=00000', async () => {
    const answering = (body: string) => (async () => new Response(body)) as unknown as typeof fetch;
    await expect(refundThroughPpps(settings, refund, answering('CODEREPONSE=00000&COMMENTAIRE=OK'))).resolves.toBe(
      undefined,
    );
    await expect(
      refundThroughPpps(settings, refund, answering('CODEREPONSE=00006&COMMENTAIRE=Acces%20refuse')),
    ).rejects.toThrow(/00006/);
  });
});
