import {
  type Answers,
  type CreateOrderRequest,
  cheapestPickableOption,
  type EventDetail,
  type FeeProvider,
  isPickable,
  keptAnswers,
  orderQuestions,
  orderTotals,
  type PlaceHolder,
  placeQuestions,
  STUDY_UNDEFINED,
  type TicketRead,
  ticketQuantityBounds,
} from '@guichet/shared';

/**
 * The checkout flow (1-attendee.md §4): the ticket step, the information step, the account and its
 * code for an unknown e-mail or the sign-in of a known one (its password or a mailed code), then
 * recap and payment. Between the first two, the gift-ticket modal
 * when the chosen ticket offers tickets.
 */
export type Step = 'tickets' | 'information' | 'password' | 'proof' | 'code' | 'payment' | 'done';

/** The company the order's invoices name instead of the buyer, when they ask for it (issue 29). */
export type CompanyValues = { name: string; address: string; siren: string; vatNumber: string };

export type Buyer = {
  lastName: string;
  firstName: string;
  email: string;
  birthDate: string;
  studies: string;
  wantsCompanyInvoice: boolean;
  company: CompanyValues;
  /** One per place when the event's tickets are named (issue 30), in order. */
  holders: PlaceHolder[];
  /** The answers to the organiser's questions asked once for the order (issue 30). */
  answers: Answers;
  /** The answers to the questions asked for each place, in order. */
  placeAnswers: Answers[];
};

export type HeldOrder = {
  id: string;
  /** The selection the order was made for: a changed basket needs a new order. */
  key: string;
  /** When the hold ends, on this browser's clock. */
  deadline: number;
  totalCents: number;
  status: string;
  accessToken?: string;
};

export type CheckoutState = {
  step: Step;
  /** The date chosen on a multi-date event's page (issue 32), sent on the lines that are not passes. */
  dateId: string | null;
  /** The open ticket of the accordion is the chosen one. */
  ticketId: string | null;
  optionId: string | null;
  quantity: number;
  refund: { enabled: boolean; places: number };
  termsAccepted: boolean;
  discount: { code: string; percent: number } | null;
  /** The ticket offered with the chosen one, if the buyer took it. */
  giftId: string | null;
  buyer: Buyer;
  /** The e-mail whose account this flow created, so that going back does not create it twice. */
  accountCreatedFor: string | null;
  order: HeldOrder | null;
  /**
   * The count the choice was lowered to when other buyers took places (0: none left), said to
   * the buyer until they change their choice.
   */
  loweredTo: number | null;
};

export const emptyBuyer: Buyer = {
  lastName: '',
  firstName: '',
  email: '',
  birthDate: '',
  studies: STUDY_UNDEFINED,
  wantsCompanyInvoice: false,
  company: { name: '', address: '', siren: '', vatNumber: '' },
  holders: [],
  answers: {},
  placeAnswers: [],
};

export const initialCheckout: CheckoutState = {
  step: 'tickets',
  dateId: null,
  ticketId: null,
  optionId: null,
  quantity: 0,
  refund: { enabled: false, places: 0 },
  termsAccepted: false,
  discount: null,
  giftId: null,
  buyer: emptyBuyer,
  accountCreatedFor: null,
  order: null,
  loweredTo: null,
};

/**
 * Where a checkout starts. An event with one ticket only, free and open, starts with it chosen at 1:
 * on a phone the visitor has nothing left to pick (issue 14). Not when the viewer already has
 * their one free place there.
 */
export function initialCheckoutFor(event: EventDetail): CheckoutState {
  const [only, ...others] = event.tickets;
  const single =
    only && others.length === 0 && !only.isMultipart && only.priceCents === 0 && !only.isSoldOut && only.isAvailable;
  if (!single || only.maxToBuy < 1 || event.hasFreePlace || event.status !== 'open') return initialCheckout;
  return checkoutReducer(checkoutReducer(initialCheckout, { type: 'openTicket', ticket: only }), {
    type: 'setQuantity',
    quantity: 1,
  });
}

export type CheckoutAction =
  | { type: 'openTicket'; ticket: TicketRead | null }
  | { type: 'pickOption'; optionId: string }
  | { type: 'setQuantity'; quantity: number }
  | { type: 'fitToPlaces'; max: number }
  | { type: 'setRefund'; enabled: boolean }
  | { type: 'setRefundPlaces'; places: number }
  | { type: 'setTerms'; accepted: boolean }
  | { type: 'setDiscount'; discount: { code: string; percent: number } | null }
  | { type: 'setGift'; giftId: string | null }
  | { type: 'setBuyer'; buyer: Buyer }
  | { type: 'accountCreated'; email: string }
  | { type: 'orderHeld'; order: HeldOrder }
  | { type: 'goTo'; step: Step };

/** What quantity 0 clears (1-attendee.md §4): the refund choice, the terms box, the gift; the error lives in the step. */
const cleared = {
  quantity: 0,
  refund: { enabled: false, places: 0 },
  termsAccepted: false,
  giftId: null,
  loweredTo: null,
};

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'openTicket': {
      if (!action.ticket) return { ...state, ...cleared, ticketId: null, optionId: null };
      if (action.ticket.id === state.ticketId) return state;
      const option = action.ticket.isMultipart ? cheapestPickableOption(action.ticket.options) : null;
      return { ...state, ...cleared, ticketId: action.ticket.id, optionId: option?.id ?? null };
    }
    case 'pickOption':
      // Choosing a choice resets the quantity, as choosing a ticket does.
      return { ...state, ...cleared, optionId: action.optionId };
    case 'setQuantity': {
      if (action.quantity <= 0) return { ...state, ...cleared };
      const places = Math.min(state.refund.places, action.quantity);
      return { ...state, quantity: action.quantity, refund: { ...state.refund, places }, loweredTo: null };
    }
    case 'fitToPlaces': {
      // Other buyers took places since the count was chosen: the basket never asks for more
      // than is left (issue 26); what the buyer chose otherwise stays.
      if (state.quantity <= action.max) return state;
      const max = Math.max(0, action.max);
      if (max === 0) return { ...state, ...cleared, loweredTo: 0 };
      const places = Math.min(state.refund.places, max);
      return { ...state, quantity: max, refund: { ...state.refund, places }, loweredTo: max };
    }
    case 'setRefund':
      return { ...state, refund: { enabled: action.enabled, places: action.enabled ? state.quantity : 0 } };
    case 'setRefundPlaces':
      return { ...state, refund: { ...state.refund, places: action.places } };
    case 'setTerms':
      return { ...state, termsAccepted: action.accepted };
    case 'setDiscount':
      return { ...state, discount: action.discount };
    case 'setGift':
      return { ...state, giftId: action.giftId };
    case 'setBuyer':
      return { ...state, buyer: action.buyer };
    case 'accountCreated':
      return { ...state, accountCreatedFor: action.email };
    case 'orderHeld':
      return { ...state, order: action.order };
    case 'goTo':
      return { ...state, step: action.step };
  }
}

/** The chosen ticket, its chosen option, and the one actually bought (the option for a ticket with choices). */
export function selection(state: CheckoutState, event: EventDetail) {
  const ticket = event.tickets.find((t) => t.id === state.ticketId) ?? null;
  const option = ticket?.isMultipart ? (ticket.options.find((o) => o.id === state.optionId) ?? null) : null;
  const bought = ticket?.isMultipart ? option : ticket;
  const title = ticket && option ? `${ticket.title} – ${option.title}` : (ticket?.title ?? '');
  return { ticket, option, bought, title };
}

/**
 * The most the chosen ticket can be bought at now, with the live places laid over the event (0
 * once it sold out or went off sale); null while nothing is chosen.
 */
export function chosenMax(state: CheckoutState, event: EventDetail): number | null {
  const { bought } = selection(state, event);
  if (!bought) return null;
  return isPickable(bought) ? ticketQuantityBounds(bought).max : 0;
}

/** The tickets the chosen ticket offers, and the one the buyer took (still offered, still free). */
export function giftOf(state: CheckoutState, event: EventDetail) {
  const { ticket } = selection(state, event);
  const gifts = state.quantity > 0 ? (ticket?.gifts ?? []) : [];
  return { gifts, gift: gifts.find((g) => g.id === state.giftId) ?? null };
}

/** Refund places as they will be charged: locked to the ticket count when the event makes it mandatory. */
export function refundOf(state: CheckoutState, event: EventDetail, priceCents: number) {
  if (event.isMandatoryRefund && priceCents > 0 && state.quantity > 0) {
    return { enabled: true, places: state.quantity, locked: true };
  }
  return { ...state.refund, locked: false };
}

/** The organiser's questions the chosen ticket asks: once for the order, and for each place (issue 30). */
export function questionsOf(state: CheckoutState, event: EventDetail) {
  const { ticket, bought } = selection(state, event);
  const ids = [bought?.id ?? null, ticket?.id ?? null];
  return {
    order: bought
      ? orderQuestions(
          event.questions,
          ids.filter((id) => id !== null),
        )
      : [],
    place: bought ? placeQuestions(event.questions, ids) : [],
  };
}

/** The order's own answers as sent: those to the questions asked, trimmed (a ticket chosen since asks others). */
export function orderAnswers(state: CheckoutState, event: EventDetail): Answers {
  return keptAnswers(questionsOf(state, event).order, state.buyer.answers);
}

export function orderLines(state: CheckoutState, event: EventDetail): CreateOrderRequest['lines'] {
  const { bought } = selection(state, event);
  if (!bought || state.quantity <= 0) return [];
  const refund = refundOf(state, event, bought.priceCents);
  const holders = event.isNamedTickets ? { holders: state.buyer.holders.slice(0, state.quantity) } : {};
  const asked = questionsOf(state, event).place;
  const answers = asked.length
    ? {
        answers: Array.from({ length: state.quantity }, (_, place) =>
          keptAnswers(asked, state.buyer.placeAnswers[place]),
        ),
      }
    : {};
  const { ticket } = selection(state, event);
  const date = state.dateId && ticket && !ticket.isPass ? { dateId: state.dateId } : {};
  return [
    {
      ticketId: bought.id,
      ...date,
      quantity: state.quantity,
      refundPlaces: refund.enabled ? refund.places : 0,
      ...holders,
      ...answers,
    },
  ];
}

const feeProvider = (event: EventDetail): FeeProvider =>
  event.paymentProvider === 'stripe' || event.paymentProvider === 'etransactions' ? event.paymentProvider : 'sandbox';

/** The side basket's amounts, as the server will compute them (shared `orderTotals`). */
export function basketTotals(state: CheckoutState, event: EventDetail) {
  const { bought } = selection(state, event);
  const lines = orderLines(state, event);
  if (!bought || lines.length === 0) return null;
  const line = { unitPriceCents: bought.priceCents, quantity: state.quantity };
  const places = Math.min(lines[0]?.refundPlaces ?? 0, state.quantity);
  const input = {
    lines: [{ ...line, refundPlaces: places }],
    discountPercent: state.discount?.percent ?? null,
    attendeePaysFees: event.isUserPaysFees,
  };
  const totals = orderTotals({ ...input, provider: feeProvider(event) });
  const withWallet =
    event.paymentProvider === 'stripe' && event.isUserPaysFees
      ? orderTotals({ ...input, provider: 'stripe' }).totalCents
      : null;
  return { ...totals, grossCents: bought.priceCents * state.quantity, refundPlaces: places, withWallet };
}

/** A stable key of what the order is for. */
export function orderKey(state: CheckoutState, event: EventDetail): string {
  return JSON.stringify([
    event.id,
    orderLines(state, event),
    state.discount?.code ?? null,
    giftOf(state, event).gift?.id ?? null,
    state.buyer,
  ]);
}
