import type { EventPayouts } from '@guichet/shared';

/**
 * The payout panel's answer for a paid event at the standard rate: the balance's figures given,
 * the others 0; what the organiser holds is what is available, and a payout is requestable when
 * some amount is.
 */
export function eventPayouts(
  balance: Partial<EventPayouts['balance']>,
  rest: Partial<EventPayouts> = {},
): EventPayouts {
  const available = balance.availableCents ?? 0;
  return {
    isPaidEvent: true,
    canRequest: true,
    refusal: null,
    rateBps: 180,
    fixedCents: 30,
    balance: {
      salesCents: 0,
      commissionCents: 0,
      commissionVatCents: 0,
      commissionVatDueCents: 0,
      refundsCents: 0,
      payoutsCents: 0,
      debtsCents: 0,
      availableCents: available,
      organizerBalanceCents: available,
      requestableCents: 0,
      ...balance,
    },
    requestable: (balance.requestableCents ?? 0) > 0,
    requestableFrom: null,
    payouts: [],
    ...rest,
  };
}
