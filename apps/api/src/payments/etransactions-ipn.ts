import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { PaymentSignatureError } from './errors';
import { FIRST_RETURN_PARAM, SIGNATURE_PARAM } from './etransactions-form';
import type { PaymentOutcome } from './provider';

/** The bank's public key, identical in the three public plugins (docs: shared/notes/payments.md). */
export const BANK_PUBLIC_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDe+hkicNP7ROHUssGNtHwiT2Ew
HFrSk/qwrcq8v5metRtTTFPE/nmzSkRnTs3GMpi57rBdxBBJW5W9cpNyGUh0jNXc
VrOSClpD5Ri2hER/GcNrxVRP7RlWOqB1C03q4QYmwjHZ+zlM4OUhCCAtSWflB4wC
Ka1g88CjFwRw/PB9kwIDAQAB
-----END PUBLIC KEY-----
`;

/** The raw query string of a request URL (`request.raw.url`), untouched. */
export function rawQueryOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

/**
 * Splits a notification as received, still URL-encoded, into the signed data and the signature.
 * The signed data runs from our first return variable to the last `&Sign=`: parameters already in the
 * notification URL come first and are not signed. Never decode and re-encode before verifying.
 */
function splitSignedQuery(rawQuery: string): { signedData: string; signature: Buffer } {
  const marker = `&${SIGNATURE_PARAM}=`;
  const at = rawQuery.lastIndexOf(marker);
  if (at === -1) throw new PaymentSignatureError('missing signature');
  const before = rawQuery.slice(0, at).split('&');
  const first = before.findIndex((pair) => pair.startsWith(`${FIRST_RETURN_PARAM}=`));
  if (first === -1) throw new PaymentSignatureError('missing return variables');
  const encoded = rawQuery.slice(at + marker.length);
  let base64: string;
  try {
    base64 = decodeURIComponent(encoded);
  } catch {
    throw new PaymentSignatureError('malformed signature');
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new PaymentSignatureError('malformed signature');
  return { signedData: before.slice(first).join('&'), signature: Buffer.from(base64, 'base64') };
}

/** RSA PKCS#1 v1.5 with SHA-1 over the signed data as received. */
function verifyBankSignature(rawQuery: string, publicKey: KeyObject): URLSearchParams {
  const { signedData, signature } = splitSignedQuery(rawQuery);
  if (!verify('sha1', Buffer.from(signedData, 'utf8'), publicKey, signature)) {
    throw new PaymentSignatureError('bad signature');
  }
  // Only the signed part is read: nothing unsigned can slip a value in.
  return new URLSearchParams(signedData);
}

export function bankPublicKey(pem: string): KeyObject {
  return createPublicKey(pem);
}

/** The bank's (or the sandbox's) return variables, verified, as a payment outcome. */
export function readBankReturn(rawQuery: string, publicKey: KeyObject): PaymentOutcome {
  const params = verifyBankSignature(rawQuery, publicKey);
  const reference = params.get('Ref') ?? '';
  const amount = params.get('Mt') ?? '';
  const errorCode = params.get('Erreur') ?? '';
  if (!reference || !/^\d+$/.test(amount) || !/^\d{5}$/.test(errorCode)) {
    throw new PaymentSignatureError('incomplete return variables');
  }
  return {
    reference,
    status: errorCode === '00000' ? 'paid' : errorCode === '00001' ? 'cancelled' : 'refused',
    amountCents: Number(amount),
    transactionId: params.get('Trans') ?? '',
    errorCode,
  };
}
