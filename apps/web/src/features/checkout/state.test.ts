import type { EventDetail, TicketRead } from '@guichet/shared';
import { describe, expect, it } from 'vitest';
import { ticketRead } from '../../../test/event-fixtures';
import { withAvailability } from '../../api/live-availability';
import {
  basketTotals,
  type CheckoutState,
  checkoutReducer,
  chosenMax,
  giftOf,
  initialCheckout,
  initialCheckoutFor,
  orderKey,
  orderLines,
  refundOf,
} from './state';

const option = (id: string, priceCents: number, extra: Partial<TicketRead> = {}) =>
  ticketRead(id, { priceCents, placesLeft: 50, isUserCanTakeInsurance: true, ...extra });
const plain = option('plain', 2000);
const multi = option('multi', 1000, {
  isMultipart: true,
  options: [option('cheap-gone', 500, { isSoldOut: true }), option('dear', 3000), option('mid', 1500)],
});
const event = (extra: Partial<EventDetail> = {}) =>
  ({
    id: 'e',
    tickets: [plain, multi],
    isUserPaysFees: false,
    isMandatoryRefund: false,
    paymentProvider: 'sandbox',
    dateMaxRefund: '2099-01-01T00:00:00Z',
    questions: [],
    ...extra,
  }) as EventDetail;

const run = (...actions: Parameters<typeof checkoutReducer>[1][]) =>
  actions.reduce<CheckoutState>(checkoutReducer, initialCheckout);

describe('checkout state', () => {
  it('preselects the cheapest pickable option of a ticket with choices, with no quantity', () => {
    const state = run(
      { type: 'openTicket', ticket: plain },
      { type: 'setQuantity', quantity: 2 },
      { type: 'openTicket', ticket: multi },
    );
    expect(state).toMatchObject({ ticketId: 'multi', optionId: 'mid', quantity: 0 });
    expect(orderLines(state, event())).toEqual([]);
    expect(checkoutReducer(state, { type: 'pickOption', optionId: 'dear' })).toMatchObject({
      optionId: 'dear',
      quantity: 0,
    });
  });

  it('quantity 0 resets the terms box and the refund option', () => {
    const state = run(
      { type: 'openTicket', ticket: plain },
      { type: 'setQuantity', quantity: 3 },
      { type: 'setRefund', enabled: true },
      { type: 'setTerms', accepted: true },
      { type: 'setQuantity', quantity: 0 },
    );
    expect(state).toMatchObject({ quantity: 0, termsAccepted: false, refund: { enabled: false, places: 0 } });
  });

  it('keeps the gift the buyer took while it is offered, and quantity 0 drops it', () => {
    const offering: TicketRead = { ...plain, id: 'offering', hasGiftTickets: true, gifts: [option('gift', 0)] };
    const withGift = event({ tickets: [offering, multi] });
    const state = run(
      { type: 'openTicket', ticket: offering },
      { type: 'setQuantity', quantity: 2 },
      { type: 'setGift', giftId: 'gift' },
    );
    expect(giftOf(state, withGift).gift?.id).toBe('gift');
    expect(orderKey(state, withGift)).not.toBe(orderKey({ ...state, giftId: null }, withGift));
    expect(checkoutReducer(state, { type: 'setQuantity', quantity: 0 }).giftId).toBeNull();
    // Another ticket offers nothing: the gift is not sent.
    expect(giftOf(checkoutReducer(state, { type: 'openTicket', ticket: plain }), withGift).gift).toBeNull();
  });

  it('keeps refund places within the ticket count', () => {
    const state = run(
      { type: 'openTicket', ticket: plain },
      { type: 'setQuantity', quantity: 3 },
      { type: 'setRefund', enabled: true },
      { type: 'setQuantity', quantity: 2 },
    );
    expect(state.refund).toEqual({ enabled: true, places: 2 });
    expect(orderLines(state, event())).toEqual([{ ticketId: 'plain', quantity: 2, refundPlaces: 2 }]);
  });

  it('locks a mandatory refund to the ticket count', () => {
    const state = run({ type: 'openTicket', ticket: plain }, { type: 'setQuantity', quantity: 2 });
    expect(refundOf(state, event({ isMandatoryRefund: true }), 2000)).toEqual({
      enabled: true,
      places: 2,
      locked: true,
    });
    expect(refundOf(state, event({ isMandatoryRefund: true }), 0).locked).toBe(false);
  });

  it('computes the basket: discount, refund option, fees when the buyer pays them, wallet total for Stripe', () => {
    const state = run(
      { type: 'openTicket', ticket: plain },
      { type: 'setQuantity', quantity: 2 },
      { type: 'setRefund', enabled: true },
      { type: 'setRefundPlaces', places: 1 },
      { type: 'setDiscount', discount: { code: 'MOINS10', percent: 10 } },
    );
    expect(basketTotals(state, event())).toMatchObject({
      grossCents: 4000,
      discountCents: 400,
      insuranceCents: 120,
      serviceFeeCents: 0,
      totalCents: 3720,
      withWallet: null,
    });
    // Bank fees: 1.8 % of 36,00 € + 0,30 € per ticket.
    expect(basketTotals(state, event({ isUserPaysFees: true }))?.serviceFeeCents).toBe(65 + 60);
    const stripe = basketTotals(state, event({ isUserPaysFees: true, paymentProvider: 'stripe' }));
    expect(stripe?.withWallet).toBe(stripe?.totalCents);
    expect(basketTotals(initialCheckout, event())).toBeNull();
  });
});

describe('places taken by other buyers while the count is chosen', () => {
  const live = (placesLeft: number) =>
    withAvailability(event({ status: 'open' }), {
      eventId: 'e',
      isSoldOut: placesLeft === 0,
      tickets: [{ id: 'plain', placesLeft, isSoldOut: placesLeft === 0 }],
    });
  const chosen = run(
    { type: 'openTicket', ticket: plain },
    { type: 'setQuantity', quantity: 3 },
    { type: 'setRefund', enabled: true },
    { type: 'setTerms', accepted: true },
  );

  it('lowers the count, its refund places and the basket to the places left, and says so', () => {
    const detail = live(2);
    const max = chosenMax(chosen, detail);
    expect(max).toBe(2);
    const state = checkoutReducer(chosen, { type: 'fitToPlaces', max: max ?? 0 });
    expect(state).toMatchObject({
      quantity: 2,
      refund: { enabled: true, places: 2 },
      termsAccepted: true,
      loweredTo: 2,
    });
    expect(basketTotals(state, detail)?.grossCents).toBe(4000);
    expect(orderLines(state, detail)).toEqual([{ ticketId: 'plain', quantity: 2, refundPlaces: 2 }]);
    // The buyer's own next choice ends the message.
    expect(checkoutReducer(state, { type: 'setQuantity', quantity: 1 }).loweredTo).toBeNull();
  });

  it('empties the choice once the ticket sold out', () => {
    const detail = live(0);
    expect(chosenMax(chosen, detail)).toBe(0);
    const state = checkoutReducer(chosen, { type: 'fitToPlaces', max: 0 });
    expect(state).toMatchObject({ quantity: 0, termsAccepted: false, loweredTo: 0 });
    expect(basketTotals(state, detail)).toBeNull();
  });

  it('leaves a count that still fits as it is', () => {
    expect(chosenMax(chosen, live(8))).toBe(5);
    expect(checkoutReducer(chosen, { type: 'fitToPlaces', max: 3 })).toBe(chosen);
    expect(chosenMax(initialCheckout, live(2))).toBeNull();
  });
});

describe('where a checkout starts', () => {
  const free: TicketRead = { ...plain, id: 'free', priceCents: 0, maxToBuy: 1 };
  it('chooses the only ticket at 1 when it is free and open', () => {
    const state = initialCheckoutFor(event({ tickets: [free], status: 'open', hasFreePlace: false }));
    expect(state).toMatchObject({ ticketId: 'free', quantity: 1, step: 'tickets' });
  });
  it('chooses nothing otherwise: several tickets, a paid one, sold out, a place already held', () => {
    for (const detail of [
      event({ tickets: [free, plain], status: 'open', hasFreePlace: false }),
      event({ tickets: [plain], status: 'open', hasFreePlace: false }),
      event({ tickets: [{ ...free, isSoldOut: true }], status: 'open', hasFreePlace: false }),
      event({ tickets: [free], status: 'open', hasFreePlace: true }),
      event({ tickets: [free], status: 'closed', hasFreePlace: false }),
    ]) {
      expect(initialCheckoutFor(detail)).toBe(initialCheckout);
    }
  });
});
