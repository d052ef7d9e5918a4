import { type PaymentResultOrder, paymentFr } from '@guichet/shared';
import { describe, expect, it } from 'vitest';
import { resultViewOf } from './result-view';

const order = (status: string, secondsLeft = 0): PaymentResultOrder => ({
  id: 'o',
  eventId: 'e',
  reference: 'GREF',
  status,
  totalCents: 3000,
  secondsLeft,
});
const r = paymentFr.retour;
const t = paymentFr.result;

describe('the payment result page (issue 26, items 11 and 12)', () => {
  it('tells a success only when the server has the order paid', () => {
    expect(resultViewOf('00000', order('paid'))).toMatchObject({ kind: 'paid', title: r['00000'] });
    // A reference the viewer does not own, or none at all: neutral, whatever the address claims.
    expect(resultViewOf('00000', null)).toEqual({
      kind: 'unconfirmed',
      look: 'neutral',
      title: t.unknown,
      lines: [t.unknownDetail],
    });
    // The bank said yes but its notification has not been applied yet.
    expect(resultViewOf('00000', order('awaiting_payment', 120))).toMatchObject({ kind: 'confirming' });
    expect(resultViewOf('00000', order('expired'))).toMatchObject({ kind: 'closed', title: t.holdEnded });
    // The order was paid by another attempt: paid, whatever this attempt's code.
    expect(resultViewOf('00021', order('paid'))).toMatchObject({ kind: 'paid' });
  });

  it('offers another attempt after a refusal while the hold lasts, then tells that it ended', () => {
    expect(resultViewOf('00021', order('awaiting_payment', 150))).toEqual({
      kind: 'retry',
      look: 'refused',
      title: r.refused,
      lines: [r.reasons['00021'], t.holdKept],
    });
    expect(resultViewOf('00021', order('awaiting_payment', 0))).toMatchObject({
      kind: 'closed',
      lines: [r.reasons['00021'], t.holdEnded],
    });
    expect(resultViewOf('00001', order('cancelled'))).toMatchObject({
      kind: 'closed',
      title: r['00001'],
      lines: [t.orderClosed],
    });
    expect(resultViewOf('00000', order('refund_requested'))).toMatchObject({ kind: 'closed', title: t.lateRefunded });
  });

  it('keeps the spec texts of failure codes for an order it cannot show', () => {
    expect(resultViewOf('00004', null)).toMatchObject({ kind: 'unconfirmed', title: r.refused });
    expect(resultViewOf('invalid', null)).toMatchObject({ kind: 'unconfirmed', title: r.other });
  });
});
