import { type PaymentResultOrder, type PaymentResultText, paymentFr, paymentResultText } from '@guichet/shared';

const t = paymentFr.result;

export type ResultLook = PaymentResultText['outcome'] | 'neutral';

export type ResultView = {
  /** paid: the tickets; retry: another attempt while the hold lasts; confirming: the bank's verdict awaited. */
  kind: 'paid' | 'retry' | 'confirming' | 'closed' | 'unconfirmed';
  look: ResultLook;
  title: string;
  lines: string[];
};

/** The bank's verdict of the attempt as a title and its reason, or null for a success the server must confirm. */
function attemptText(retour: string): { look: ResultLook; title: string; lines: string[] } | null {
  if (retour === '00000') return null;
  const text = paymentResultText(retour);
  return { look: text.outcome, title: text.title, lines: text.reason ? [text.reason] : [] };
}

/**
 * What the result page says (issue 26): the order as the server records it when it is the
 * viewer's, the bank's code only for what it is (one attempt's verdict). A success is told only
 * when the server has the order paid; a reference the server does not give the viewer gets the
 * spec's text of a failure code, and a neutral text for a claimed success.
 */
export function resultViewOf(retour: string, order: PaymentResultOrder | null): ResultView {
  const attempt = attemptText(retour);
  if (!order) {
    return attempt
      ? { kind: 'unconfirmed', ...attempt }
      : { kind: 'unconfirmed', look: 'neutral', title: t.unknown, lines: [t.unknownDetail] };
  }
  if (order.status === 'paid') {
    return {
      kind: 'paid',
      look: 'accepted',
      title: paymentFr.retour['00000'],
      lines: [paymentFr.retour.acceptedDetail],
    };
  }
  if (order.status === 'awaiting_payment' && order.secondsLeft > 0) {
    if (!attempt) return { kind: 'confirming', look: 'neutral', title: t.confirming, lines: [] };
    return { kind: 'retry', ...attempt, lines: [...attempt.lines, t.holdKept] };
  }
  const note =
    order.status === 'refund_requested'
      ? t.lateRefunded
      : order.status === 'refunded'
        ? t.refunded
        : order.status === 'awaiting_payment' || order.status === 'expired'
          ? t.holdEnded
          : t.orderClosed;
  if (!attempt || order.status === 'refund_requested' || order.status === 'refunded') {
    return { kind: 'closed', look: 'neutral', title: note, lines: [] };
  }
  return { kind: 'closed', ...attempt, lines: [...attempt.lines, note] };
}
