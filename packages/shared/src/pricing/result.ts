import { paymentFr } from '../messages/fr-payment';

export type PaymentResultText = {
  outcome: 'accepted' | 'cancelled' | 'refused' | 'problem';
  title: string;
  reason?: string;
};

type RefusalCode = keyof typeof paymentFr.retour.reasons;

/**
 * The refusal codes the result page explains (1-attendee.md §8), in the spec's order (listed
 * rather than read from the object: JavaScript puts the integer-like key '99999' first).
 */
export const REFUSAL_CODES: readonly RefusalCode[] = [
  '00004',
  '00008',
  '00009',
  '00010',
  '00011',
  '00015',
  '00016',
  '00021',
  '00029',
  '00030',
  '00033',
  '00040',
  '99999',
];

function isRefusalCode(code: string): code is RefusalCode {
  return Object.hasOwn(paymentFr.retour.reasons, code);
}

/** The result page's texts for the query code `retour`. */
export function paymentResultText(retour: string): PaymentResultText {
  const t = paymentFr.retour;
  if (retour === '00000') return { outcome: 'accepted', title: t['00000'] };
  if (retour === '00001') return { outcome: 'cancelled', title: t['00001'] };
  if (isRefusalCode(retour)) return { outcome: 'refused', title: t.refused, reason: t.reasons[retour] };
  return { outcome: 'problem', title: t.other };
}
