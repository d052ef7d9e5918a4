import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { etransactionsSettings } from '../../test/payments/etransactions-settings';
import { PaymentSignatureError } from './errors';
import { createEtransactionsProvider } from './etransactions';
import { BANK_PUBLIC_KEY_PEM, rawQueryOf } from './etransactions-ipn';

const keys = generateKeyPairSync('rsa', { modulusLength: 1024 });
const publicKeyPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

const provider = createEtransactionsProvider('etransactions', etransactionsSettings({ publicKeyPem }), { fetch });

/** A notification as the bank sends it: the encoded variables, then Sign = urlencode(base64(RSA-SHA1)). */
function signed(data: string): string {
  const signature = sign('sha1', Buffer.from(data), keys.privateKey).toString('base64');
  return `${data}&Sign=${encodeURIComponent(signature)}`;
}

function read(rawQuery: string) {
  const outcome = provider.readNotification({ rawQuery, headers: {} });
  if (!outcome) throw new Error('the bank never sends an ignorable notification');
  return outcome;
}

describe('reading the bank notification', () => {
  it('accepts a genuine payment and reads it', () => {
    const query = signed('Mt=1250&Ref=CMD-0001&Auto=123456&Erreur=00000&Trans=0012345678');
    expect(read(query)).toEqual({
      reference: 'CMD-0001',
      status: 'paid',
      amountCents: 1250,
      transactionId: '0012345678',
      errorCode: '00000',
    });
  });

  it('reads a cancellation and a refusal', () => {
    expect(read(signed('Mt=1250&Ref=CMD-1&Auto=&Erreur=00001&Trans=0000000001'))).toMatchObject({
      status: 'cancelled',
      errorCode: '00001',
    });
    expect(read(signed('Mt=1250&Ref=CMD-1&Auto=&Erreur=00021&Trans=0000000002'))).toMatchObject({
      status: 'refused',
      errorCode: '00021',
    });
    expect(read(signed('Mt=1250&Ref=CMD-1&Auto=&Erreur=00105&Trans=0000000003')).status).toBe('refused');
  });

  it('refuses a tampered amount', () => {
    const query = signed('Mt=1250&Ref=CMD-0001&Auto=123456&Erreur=00000&Trans=0012345678');
    expect(() => read(query.replace('Mt=1250', 'Mt=1'))).toThrow(PaymentSignatureError);
    expect(() => read(query.replace('Erreur=00000', 'Erreur=00001'))).toThrow(PaymentSignatureError);
  });

  it('refuses a tampered or missing signature', () => {
    const query = signed('Mt=1250&Ref=CMD-0001&Auto=123456&Erreur=00000&Trans=0012345678');
    const at = query.indexOf('&Sign=') + 6;
    const flipped = `${query.slice(0, at)}${query[at] === 'A' ? 'B' : 'A'}${query.slice(at + 1)}`;
    expect(() => read(flipped)).toThrow(PaymentSignatureError);
    expect(() => read(query.slice(0, query.indexOf('&Sign=')))).toThrow(PaymentSignatureError);
    expect(() => read(`${query.slice(0, at)}`)).toThrow(PaymentSignatureError);
    expect(() => read('')).toThrow(PaymentSignatureError);
  });

  it('verifies the string as received: a decoded and re-encoded query no longer verifies', () => {
    const query = signed('Mt=1250&Ref=CMD%200001&Auto=XXXXXX&Erreur=00000&Trans=0012345678');
    expect(read(query).reference).toBe('CMD 0001');
    const reencoded = new URLSearchParams(query).toString();
    expect(reencoded).not.toBe(query); // %20 became +
    expect(() => read(reencoded)).toThrow(PaymentSignatureError);
  });

  it('ignores unsigned parameters already in the notification URL, and reads only signed values', () => {
    const query = signed('Mt=1250&Ref=CMD-0001&Auto=123456&Erreur=00000&Trans=0012345678');
    expect(read(`provider=etransactions&Ref=EVIL&${query}`).reference).toBe('CMD-0001');
    // Anything appended after the signature breaks it rather than slipping in.
    expect(() => read(`${query}&Mt=1`)).toThrow(PaymentSignatureError);
  });

  it('refuses a signature made with another key (the real bank key does not sign our fixtures)', () => {
    const other = createEtransactionsProvider('etransactions', etransactionsSettings(), { fetch });
    const query = signed('Mt=1250&Ref=CMD-0001&Auto=123456&Erreur=00000&Trans=0012345678');
    expect(() => other.readNotification({ rawQuery: query, headers: {} })).toThrow(PaymentSignatureError);
    expect(createPublicKey(BANK_PUBLIC_KEY_PEM).asymmetricKeyDetails?.modulusLength).toBe(1024);
  });

  it('reads a POST notification from its raw body, and the raw query of a request URL', () => {
    const query = signed('Mt=990&Ref=CMD-7&Auto=654321&Erreur=00000&Trans=0000000042');
    expect(provider.readNotification({ rawBody: Buffer.from(query), headers: {} })?.amountCents).toBe(990);
    expect(rawQueryOf(`/api/payments/ipn?${query}`)).toBe(query);
    expect(rawQueryOf('/api/payments/ipn')).toBe('');
  });

  it('refuses signed but incomplete variables', () => {
    expect(() => read(signed('Mt=abc&Ref=CMD-1&Auto=&Erreur=00000&Trans=1'))).toThrow(PaymentSignatureError);
    expect(() => read(signed('Mt=100&Ref=&Auto=&Erreur=00000&Trans=1'))).toThrow(PaymentSignatureError);
  });
});
