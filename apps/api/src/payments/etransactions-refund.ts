import { createHash } from 'node:crypto';
import type { FormField } from './etransactions-form';
import { hmacMessage, signHmac } from './etransactions-form';
import type { RefundRequest } from './provider';

type PppsSettings = { site: string; rang: string; hmacKeyHex: string; pppsUrl: string };

export class BankRefundError extends Error {
  override name = 'BankRefundError';
  constructor(
    readonly code: string,
    comment: string,
  ) {
    super(`Bank refund refused (${code}): ${comment}`);
  }
}

function dateq(now: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(now.getUTCDate())}${two(now.getUTCMonth() + 1)}${now.getUTCFullYear()}${two(now.getUTCHours())}${two(now.getUTCMinutes())}${two(now.getUTCSeconds())}`;
}

/** The server-to-server refund request (TYPE 00014), signed like the payment form. */
export function buildRefundFields(settings: PppsSettings, payment: RefundRequest, now: Date): FormField[] {
  const questionNumber = questionNumberOf(payment.key);
  const fields: FormField[] = [
    ['VERSION', '00104'],
    ['TYPE', '00014'],
    ['SITE', settings.site],
    ['RANG', settings.rang.padStart(3, '0')],
    ['NUMQUESTION', String(questionNumber).padStart(10, '0')],
    ['MONTANT', String(payment.amountCents).padStart(10, '0')],
    ['DEVISE', '978'],
    ['REFERENCE', payment.reference],
    ['NUMTRANS', payment.transactionId.padStart(10, '0')],
    // Unverified: the bank also documents NUMAPPEL (the call number, return letter T), which the
    // return variables do not carry; sent empty.
    ['NUMAPPEL', ''],
    ['ACTIVITE', '024'],
    ['DATEQ', dateq(now)],
    ['HASH', 'SHA512'],
  ];
  fields.push(['HMAC', signHmac(hmacMessage(fields), settings.hmacKeyHex)]);
  return fields;
}

/**
 * The question number of a refund, drawn from its key: a refund asked again after a cut-off
 * carries the same number, which the sandbox bank answers as the same request. Whether the bank
 * does too is unverified (payments.md); docs/decisions.md, "Refunds and cancellations".
 */
export function questionNumberOf(key: string): number {
  return (createHash('sha256').update(key).digest().readUInt32BE(0) % 1_999_999_999) + 1;
}

/** Posts the refund to PPPS and fails unless CODEREPONSE is 00000. Unverified details: see payments.md. */
export async function refundThroughPpps(
  settings: PppsSettings,
  payment: RefundRequest,
  fetchImpl: typeof fetch,
  now = new Date(),
): Promise<void> {
  const response = await fetchImpl(settings.pppsUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(buildRefundFields(settings, payment, now)).toString(),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new BankRefundError(String(response.status), 'HTTP error');
  const answer = new URLSearchParams(await response.text());
  const code = answer.get('CODEREPONSE') ?? '';
  if (code !== '00000') throw new BankRefundError(code || 'none', answer.get('COMMENTAIRE') ?? '');
}
