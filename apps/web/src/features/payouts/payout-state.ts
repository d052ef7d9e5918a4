import { type EventPayouts, formatDateTime, formatEuros, formatSignedEuros, payoutsFr } from '@guichet/shared';

const m = payoutsFr.payout;

/** The id of the console's sentence that says why 'Demande de virement' waits: the button points to it. */
export const payoutNoticeId = (eventId: string) => `payout-notice-${eventId}`;

/**
 * What the payout panel says, from the server's answer and the event's end (docs/decisions.md,
 * "Payout rules"): the server decides what may be asked; this only chooses the words.
 */
export function payoutState(payouts: EventPayouts, dateEnd: string, now = Date.now()) {
  const { balance } = payouts;
  // The administrator follows someone else's balance: the lines that say 'vous' are written for them.
  const isTheirs = payouts.refusal === payoutsFr.errors.organiserOnly;
  const hasEnded = new Date(dateEnd).getTime() <= now;
  const waitsForEnd = payouts.canRequest && payouts.requestableFrom !== null;
  const owedCents = balance.availableCents < 0 ? -balance.availableCents : 0;
  const recoveredCents = balance.availableCents - balance.requestableCents;
  return {
    isTheirs,
    waitsForEnd,
    owedCents,
    notYet: waitsForEnd && payouts.requestableFrom ? m.notYet(formatDateTime(payouts.requestableFrom)) : null,
    debtNote: owedCents > 0 ? (isTheirs ? m.debtNoteTheirs : m.debtNote) : null,
    /** The organiser's other events (or the administrator's adjustments) change what they hold. */
    organizerBalance:
      balance.organizerBalanceCents !== balance.availableCents
        ? {
            label: isTheirs ? m.organizerBalanceTheirs : m.organizerBalance,
            amount: formatSignedEuros(balance.organizerBalanceCents),
            isOwed: balance.organizerBalanceCents < 0,
          }
        : null,
    /** Before the end, under the administrator's allowance: what may be asked now, or when the rest can. */
    advance:
      payouts.canRequest && !waitsForEnd && !hasEnded
        ? balance.requestableCents > 0
          ? m.advance(formatEuros(balance.requestableCents))
          : m.notYet(formatDateTime(dateEnd))
        : null,
    /** After the end, the part of the balance kept for what is owed on other events. */
    debtRecovered:
      payouts.canRequest && hasEnded && balance.requestableCents > 0 && recoveredCents > 0
        ? m.debtRecovered(formatEuros(recoveredCents))
        : null,
    /** Why nothing can be asked, when the event's end is not the reason. */
    nothingToAsk:
      payouts.canRequest && !waitsForEnd && hasEnded && balance.requestableCents <= 0
        ? balance.availableCents > 0 && hasEnded
          ? payoutsFr.errors.debtFirst
          : m.nothingLeft
        : null,
  };
}

export type PayoutState = ReturnType<typeof payoutState>;
