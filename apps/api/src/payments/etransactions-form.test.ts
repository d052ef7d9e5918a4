import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startPayment } from '../../test/payments/start-payment';
import { buildEtransactionsFields, hasValidHmac, pbxTime, sanitizeBillingText } from './etransactions-form';

// The public test account used by the bank's plugins.
const merchant = { site: '1999888', rang: '32', identifiant: '2', hmacKeyHex: '0123456789ABCDEF'.repeat(8) };

const payment = startPayment();
const now = new Date('2016-07-26T13:38:11.456Z');

const CART =
  '<?xml version="1.0" encoding="utf-8"?><shoppingcart><total><totalQuantity>2</totalQuantity></total></shoppingcart>';
const BILLING =
  '<?xml version="1.0" encoding="utf-8"?><Billing><Address><FirstName>Zoe</FirstName><LastName>O Brien Dupre</LastName>' +
  '<Address1>1 rue de la Paix</Address1><ZipCode>75002</ZipCode><City>Paris</City><CountryCode>250</CountryCode></Address></Billing>';

describe('the e-Transactions payment form', () => {
  it('lists the fields in the fixed order, HMAC last', () => {
    const fields = buildEtransactionsFields(merchant, payment, now);
    expect(fields.map(([name]) => name)).toEqual([
      'PBX_SITE',
      'PBX_RANG',
      'PBX_IDENTIFIANT',
      'PBX_TOTAL',
      'PBX_DEVISE',
      'PBX_CMD',
      'PBX_PORTEUR',
      'PBX_REPONDRE_A',
      'PBX_RETOUR',
      'PBX_EFFECTUE',
      'PBX_REFUSE',
      'PBX_ANNULE',
      'PBX_HASH',
      'PBX_TIME',
      'PBX_SHOPPINGCART',
      'PBX_BILLING',
      'PBX_SOURCE',
      'PBX_SOUHAITAUTHENT',
      'PBX_TYPEPAIEMENT',
      'PBX_TYPECARTE',
      'PBX_HMAC',
    ]);
    expect(Object.fromEntries(fields)).toMatchObject({
      PBX_RANG: '032',
      PBX_TOTAL: '1250',
      PBX_DEVISE: '978',
      PBX_RETOUR: 'Mt:M;Ref:R;Auto:A;Erreur:E;Trans:S;Sign:K',
      PBX_TIME: '2016-07-26T13:38:11+00:00',
      PBX_SHOPPINGCART: CART,
      PBX_BILLING: BILLING,
    });
  });

  it('signs NAME=value& over raw values with HMAC-SHA512 and the hex-decoded key', () => {
    const fields = buildEtransactionsFields(merchant, payment, now);
    const message =
      'PBX_SITE=1999888&PBX_RANG=032&PBX_IDENTIFIANT=2&PBX_TOTAL=1250&PBX_DEVISE=978&PBX_CMD=CMD-0001' +
      '&PBX_PORTEUR=zoe@example.test&PBX_REPONDRE_A=https://shop.test/api/payments/ipn' +
      '&PBX_RETOUR=Mt:M;Ref:R;Auto:A;Erreur:E;Trans:S;Sign:K&PBX_EFFECTUE=https://shop.test/paiement/accepte' +
      '&PBX_REFUSE=https://shop.test/paiement/refuse&PBX_ANNULE=https://shop.test/paiement/annule' +
      `&PBX_HASH=SHA512&PBX_TIME=2016-07-26T13:38:11+00:00&PBX_SHOPPINGCART=${CART}&PBX_BILLING=${BILLING}` +
      '&PBX_SOURCE=RWD&PBX_SOUHAITAUTHENT=01&PBX_TYPEPAIEMENT=CARTE&PBX_TYPECARTE=CB';
    const expected = createHmac('sha512', Buffer.from('0123456789ABCDEF'.repeat(8), 'hex'))
      .update(message)
      .digest('hex')
      .toUpperCase();
    expect(fields.at(-1)).toEqual(['PBX_HMAC', expected]);
    // The same vector computed outside Node (Python hmac), so that both sides cannot drift together.
    expect(expected).toBe(
      '36182AC1DBC0B383ABD5281B9ECBEBDED08C5AFCDB9DB74C4B8EC036A2826F44AD6EF3836A8B0B8A77CBAB8AD315D1B3ED4C8101E874D53846F13AD9CBB3476F',
    );
    expect(hasValidHmac(fields, merchant.hmacKeyHex)).toBe(true);
  });

  it('notices any change to a signed field or to their order', () => {
    const fields = buildEtransactionsFields(merchant, payment, now);
    const tampered = fields.map(([name, value]): [string, string] => [name, name === 'PBX_TOTAL' ? '125' : value]);
    expect(hasValidHmac(tampered, merchant.hmacKeyHex)).toBe(false);
    const swapped = [fields[1], fields[0], ...fields.slice(2)] as [string, string][];
    expect(hasValidHmac(swapped, merchant.hmacKeyHex)).toBe(false);
    expect(hasValidHmac(fields, 'AB'.repeat(64))).toBe(false);
  });

  it('pads small amounts to three digits', () => {
    const fields = buildEtransactionsFields(merchant, { ...payment, amountCents: 5 }, now);
    expect(Object.fromEntries(fields).PBX_TOTAL).toBe('005');
  });

  it('writes PBX_TIME as ISO-8601 with an offset', () => {
    expect(pbxTime(new Date('2026-01-02T03:04:05.999Z'))).toBe('2026-01-02T03:04:05+00:00');
  });
});

describe('PBX_BILLING text', () => {
  it('drops accents and keeps only letters, digits and spaces', () => {
    expect(sanitizeBillingText('Zoë', 22)).toBe('Zoe');
    expect(sanitizeBillingText("Jean-Éric d'Aubigné", 22)).toBe('Jean Eric d Aubigne');
    expect(sanitizeBillingText('Cœur  & Ça <b>', 22)).toBe('Coeur Ca b');
    expect(sanitizeBillingText('Łukasz Ørsted', 22)).toBe('Lukasz Orsted');
  });

  it('cuts names at 22 characters without a trailing space', () => {
    expect(sanitizeBillingText('Maximilienne Alexandrine Dupont', 22)).toBe('Maximilienne Alexandri');
    expect(sanitizeBillingText('Abcdefghijklmnopqrstu vwxyz', 22)).toBe('Abcdefghijklmnopqrstu');
  });

  it('never leaves a name empty', () => {
    expect(sanitizeBillingText('李小龍', 22)).toBe('Client');
    expect(sanitizeBillingText('   ', 22)).toBe('Client');
  });
});
