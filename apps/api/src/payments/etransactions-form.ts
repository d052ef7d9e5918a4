import { createHmac, timingSafeEqual } from 'node:crypto';
import type { StartPayment } from './provider';

/** What the form needs from the merchant account. */
export type EtransactionsMerchant = { site: string; rang: string; identifiant: string; hmacKeyHex: string };

export type FormField = [name: string, value: string];

/**
 * The return variables, signature last (the bank's rule). The names are ours: the IPN and the return
 * URLs receive `Mt=…&Ref=…&Auto=…&Erreur=…&Trans=…&Sign=…`.
 */
export const PBX_RETOUR = 'Mt:M;Ref:R;Auto:A;Erreur:E;Trans:S;Sign:K';
export const SIGNATURE_PARAM = 'Sign';
export const FIRST_RETURN_PARAM = 'Mt';

/** The spec's purchase flow sends fixed placeholder billing values: no address is asked for. */
const BILLING_PLACEHOLDER = { address1: '1 rue de la Paix', zipCode: '75002', city: 'Paris' };
const NAME_MAX = 22;
const ADDRESS_MAX = 50;

// Letters that Unicode does not decompose into a base letter and an accent.
const UNDECOMPOSED: Record<string, string> = {
  œ: 'oe',
  Œ: 'OE',
  æ: 'ae',
  Æ: 'AE',
  ß: 'ss',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
};

/** Text for PBX_BILLING: accents dropped, anything but [A-Za-z0-9 ] turned into a space, trimmed to `max`. */
export function sanitizeBillingText(text: string, max: number, fallback = 'Client'): string {
  const clean = text
    .replace(/[œŒæÆßøØłŁđĐ]/g, (c) => UNDECOMPOSED[c] ?? ' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
  return clean || fallback;
}

function shoppingCartXml(ticketCount: number): string {
  return `<?xml version="1.0" encoding="utf-8"?><shoppingcart><total><totalQuantity>${ticketCount}</totalQuantity></total></shoppingcart>`;
}

function billingXml(buyer: { firstName: string; lastName: string }): string {
  const address = [
    `<FirstName>${sanitizeBillingText(buyer.firstName, NAME_MAX)}</FirstName>`,
    `<LastName>${sanitizeBillingText(buyer.lastName, NAME_MAX)}</LastName>`,
    `<Address1>${sanitizeBillingText(BILLING_PLACEHOLDER.address1, ADDRESS_MAX)}</Address1>`,
    `<ZipCode>${BILLING_PLACEHOLDER.zipCode}</ZipCode>`,
    `<City>${sanitizeBillingText(BILLING_PLACEHOLDER.city, ADDRESS_MAX)}</City>`,
    '<CountryCode>250</CountryCode>',
  ].join('');
  return `<?xml version="1.0" encoding="utf-8"?><Billing><Address>${address}</Address></Billing>`;
}

/** ISO-8601 with an explicit offset, as the bank shows it (`2016-07-26T15:38:11+00:00`), in UTC. */
export function pbxTime(now: Date): string {
  return `${now.toISOString().slice(0, 19)}+00:00`;
}

/** `NAME=value&…` over raw values, in form order, the HMAC field itself excluded. */
export function hmacMessage(fields: readonly FormField[], hmacField = 'PBX_HMAC'): string {
  return fields
    .filter(([name]) => name !== hmacField)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** Upper-case hex HMAC-SHA512 with the hex-decoded merchant key. */
export function signHmac(message: string, hmacKeyHex: string): string {
  return createHmac('sha512', Buffer.from(hmacKeyHex, 'hex')).update(message, 'utf8').digest('hex').toUpperCase();
}

/** True when the HMAC field matches the other fields in their received order. */
export function hasValidHmac(fields: readonly FormField[], hmacKeyHex: string, hmacField = 'PBX_HMAC'): boolean {
  const sent = fields.find(([name]) => name === hmacField)?.[1] ?? '';
  return safeEqual(sent.toUpperCase(), signHmac(hmacMessage(fields, hmacField), hmacKeyHex));
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The hidden fields of the payment form, in the order they are signed and posted. */
export function buildEtransactionsFields(
  merchant: EtransactionsMerchant,
  payment: StartPayment,
  now: Date,
): FormField[] {
  const fields: FormField[] = [
    ['PBX_SITE', merchant.site],
    ['PBX_RANG', merchant.rang.padStart(3, '0')],
    ['PBX_IDENTIFIANT', merchant.identifiant],
    ['PBX_TOTAL', String(payment.amountCents).padStart(3, '0')],
    ['PBX_DEVISE', '978'],
    ['PBX_CMD', payment.reference],
    ['PBX_PORTEUR', payment.buyer.email],
    ['PBX_REPONDRE_A', payment.returnUrls.notify],
    ['PBX_RETOUR', PBX_RETOUR],
    ['PBX_EFFECTUE', payment.returnUrls.accepted],
    ['PBX_REFUSE', payment.returnUrls.refused],
    ['PBX_ANNULE', payment.returnUrls.cancelled],
    ['PBX_HASH', 'SHA512'],
    ['PBX_TIME', pbxTime(now)],
    ['PBX_SHOPPINGCART', shoppingCartXml(payment.ticketCount)],
    ['PBX_BILLING', billingXml(payment.buyer)],
    ['PBX_SOURCE', 'RWD'],
    ['PBX_SOUHAITAUTHENT', '01'],
    ['PBX_TYPEPAIEMENT', 'CARTE'],
    ['PBX_TYPECARTE', 'CB'],
  ];
  fields.push(['PBX_HMAC', signHmac(hmacMessage(fields), merchant.hmacKeyHex)]);
  return fields;
}
