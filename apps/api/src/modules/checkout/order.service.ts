import {
  type BuyerInput,
  type CreateOrderRequest,
  checkoutFr,
  discountedUnitPriceCents,
  fitBuyerName,
  fr,
  HOLD_SECONDS,
  type OrderCreated,
  orderTotals,
  refundInsuranceCentsPerPlace,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { holdsPlaced } from '../../lib/metrics';
import { can } from '../../policy/can';
import { findEventAccess } from '../../policy/event-access.repository';
import { placeSettledOrder, StaleSale } from '../orders/placement';
import { hasExpiredHolds, isPromoUsedBy, reclaimExpiredHolds } from '../orders/places';
import { oneFreeTicket, promoExhausted, promoUsed, soldOut } from '../orders/refusals';
import { releaseOrder } from '../orders/release';
import { findLiveHolds, holdOrder, setOrderCompanyInvoice } from '../orders/repository';
import type { SignedInUser } from '../users/users.repository';
import { checkOrderAnswers } from './answers';
import { assertBuyer } from './buyer';
import { checkedCompany } from './company';
import { datePlacesOf } from './date-places';
import { checkGift, checkLines } from './lines';
import { type Payments, providerFor } from './payment.service';
import { newOrderReference } from './reference';
import { findDiscountByCode, findShareLinkTickets, type Sale } from './sale.repository';
import type { SaleCache } from './sale-cache';

const m = checkoutFr;
const eventNotFound = () => new AppError('EVENT_NOT_FOUND', fr.events.notFoundText, 404);
const accountRequired = () => new AppError('ACCOUNT_REQUIRED', m.accountRequired, 400, 'buyer.email');

export type CheckoutDeps = AppDeps & { payments: Payments; sales: SaleCache };

/** Which hidden tickets the buyer may see; a private event is not found unless they may see it. */
async function visibleHiddenTickets(
  deps: AppDeps,
  sale: Sale,
  input: CreateOrderRequest,
  viewer: SignedInUser | null,
): Promise<Set<string>> {
  const { event } = sale;
  const linkTickets = input.shareKey ? await findShareLinkTickets(deps.db, event.id, input.shareKey) : undefined;
  if (!event.isPublic && !linkTickets) {
    const relation = viewer ? await findEventAccess(deps.db, event.id, viewer.id) : undefined;
    if (!relation || !can(viewer, 'see', relation)) throw eventNotFound();
  }
  return new Set(linkTickets ?? []);
}

/**
 * Who pays: always an account whose owner has shown the e-mail is theirs (issue 15). A visitor
 * gets the information step's messages first, then is asked for that proof (logging in, or the
 * code mailed to the address), so that no one holds places or takes someone's free place under
 * an e-mail they do not own.
 */
function checkBuyer(viewer: SignedInUser | null, given: BuyerInput | undefined, needsStudies: boolean, now: Date) {
  if (!viewer) {
    if (!given) throw badRequest(m.emailRequired, 'buyer.email');
    assertBuyer(given, { needsStudies, now });
    throw new AppError('EMAIL_PROOF_REQUIRED', m.emailProofRequired, 401, 'buyer.email');
  }
  const buyer = {
    email: viewer.email,
    firstName: nameOnOrder(given?.firstName, viewer.firstName),
    lastName: nameOnOrder(given?.lastName, viewer.lastName),
    birthDate: viewer.birthDate,
    studies: given?.studies ?? null,
  };
  assertBuyer(buyer, { needsStudies, now });
  return { userId: viewer.id, buyer };
}

/**
 * The name an order carries: the one the buyer typed, checked against the purchase form's 22
 * characters; the account's own (none typed, or the same sent back whole) cut to fit, since the
 * account took it at 50 (docs/decisions.md, issue 26).
 */
function nameOnOrder(typed: string | undefined, account: string): string {
  const name = typed?.trim();
  return !name || name === account.trim() ? fitBuyerName(account) : name;
}

async function loadDiscount(
  deps: AppDeps,
  eventId: string,
  code: string | null | undefined,
  now: Date,
  userId: string | null = null,
) {
  const wanted = code?.trim();
  if (!wanted) return null;
  const discount = await findDiscountByCode(deps.db, eventId, wanted);
  if (!discount || wanted.toLowerCase() === 'no') throw badRequest(m.promoInvalid, 'discountCode');
  if (!discount.isEnabled) throw badRequest(m.promoDisabled, 'discountCode');
  // A use held by an expired hold comes back when that hold is reclaimed (by the hold itself).
  if (discount.used >= discount.quantity && !(await hasExpiredHolds(deps.db, eventId, now))) throw promoExhausted();
  // Said as soon as the code is typed; the hold checks it again under the code's lock.
  if (await isPromoUsedBy(deps.db, { discountCodeId: discount.id, userId, now, countHolds: false })) throw promoUsed();
  return discount;
}

type Plan = Awaited<ReturnType<typeof planOrder>>;

/** Every check of the ticket and information steps, in the spec's order, and the amounts. */
async function planOrder(
  deps: CheckoutDeps,
  sale: Sale,
  viewer: SignedInUser | null,
  input: CreateOrderRequest,
  now: Date,
) {
  const { event } = sale;
  const visibleHidden = await visibleHiddenTickets(deps, sale, input, viewer);
  if (!event.isOpen || event.dateEnd <= now) throw new AppError('TICKETING_CLOSED', m.ticketingClosed, 409);
  const lines = checkLines(input.lines, {
    event,
    tickets: sale.tickets,
    questions: sale.questions,
    visibleHidden,
    now,
    dates: sale.dates,
  });
  const answers = checkOrderAnswers(
    sale.questions,
    lines.flatMap((l) => [l.ticket.id, l.ticket.parentId ?? l.ticket.id]),
    input.answers,
  );
  const gift = checkGift(input.giftTicketId, lines, sale.tickets);
  if (input.acceptTerms === false) throw badRequest(m.termsRequired, 'acceptTerms');
  const { userId, buyer } = checkBuyer(viewer, input.buyer, event.isNeedsUserStudies, now);
  const company = checkedCompany(input.companyInvoice, 'companyInvoice.');
  const discount = await loadDiscount(deps, event.id, input.discountCode, now, userId);
  const provider = providerFor(deps.payments, event.paymentProvider);
  const totals = orderTotals({
    lines: lines.map((l) => ({
      unitPriceCents: l.ticket.priceCents,
      quantity: l.quantity,
      refundPlaces: l.refundPlaces,
    })),
    discountPercent: discount?.percent ?? null,
    provider,
    attendeePaysFees: event.isUserPaysFees,
  });
  return {
    sale,
    lines,
    gift,
    userId,
    buyer,
    company,
    discount,
    provider,
    totals,
    isFreeEvent: sale.tickets.every((t) => t.priceCents === 0),
    order: {
      reference: newOrderReference(now),
      buyerFirstName: buyer.firstName.trim(),
      buyerLastName: buyer.lastName.trim(),
      buyerBirthDate: buyer.birthDate,
      studies: buyer.studies ?? null,
      discountCodeId: discount?.id ?? null,
      discountPercent: discount?.percent ?? null,
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      insuranceCents: totals.insuranceCents,
      feeCents: totals.serviceFeeCents,
      totalCents: totals.totalCents,
      expiresAt: new Date(now.getTime() + HOLD_SECONDS * 1000),
      accessTokenHash: null,
      answers,
    },
    orderLines: lines.map((l) => ({
      ticketId: l.ticket.id,
      dateId: l.dateId,
      quantity: l.quantity,
      holders: l.holders,
      answers: l.answers,
      unitPriceCents: l.ticket.priceCents,
      refundPlaces: l.refundPlaces,
      insuranceCents:
        l.refundPlaces *
        refundInsuranceCentsPerPlace(discountedUnitPriceCents(l.ticket.priceCents, discount?.percent ?? null)),
    })),
  };
}

/**
 * An order checked against the event's sale metadata, which may be a copy a few seconds old:
 * a refusal is only given on a fresh read, and the places are taken only if the database still
 * has the sale the order was checked against (its fingerprint); otherwise it starts again.
 */
export async function createOrder(
  deps: CheckoutDeps,
  viewer: SignedInUser | null,
  input: CreateOrderRequest,
): Promise<OrderCreated> {
  const now = deps.clock.now();
  if (!isUuid(input.eventId)) throw eventNotFound();
  let { sale, cached } = await deps.sales.get(deps.db, input.eventId);
  for (let round = 1; ; round++) {
    let plan: Plan;
    try {
      if (!sale) throw eventNotFound();
      plan = await planOrder(deps, sale, viewer, input, now);
    } catch (error) {
      if (!cached) throw error;
      sale = await deps.sales.fresh(deps.db, input.eventId);
      cached = false;
      continue;
    }
    try {
      const placed =
        plan.totals.totalCents === 0 ? await placeFreeOrder(deps, plan, now) : await holdPlaces(deps, plan, now);
      return {
        id: placed.id,
        expiresAt: plan.order.expiresAt.toISOString(),
        totalCents: plan.order.totalCents,
        provider: placed.provider,
        status: placed.status,
      };
    } catch (error) {
      // An organiser changed the sale meanwhile: check the order again against what it is now.
      if (!(error instanceof StaleSale) || round >= 3) throw error;
      sale = await deps.sales.fresh(deps.db, input.eventId);
      cached = false;
    }
  }
}

/** A paid order: its places held for 180 s, in one round trip while places remain. */
async function holdPlaces(deps: CheckoutDeps, plan: Plan, now: Date) {
  const request = {
    sale: plan.sale,
    userId: plan.userId,
    email: plan.buyer.email,
    now,
    afterReclaim: false,
    lines: plan.orderLines,
    giftTicketId: plan.gift?.id ?? null,
    datePlaces: datePlacesOf(plan.sale, plan.orderLines, plan.gift?.id ?? null),
    order: { ...plan.order, provider: plan.provider },
  };
  let { outcome, id } = await holdOrder(deps.db, request);
  if (outcome === 'live_hold' && plan.userId) {
    // The buyer started again (another tab, a reload): their earlier hold of the event goes back first.
    for (const previous of await findLiveHolds(deps.db, plan.userId, plan.sale.event.id, now)) {
      await releaseOrder(deps.db, previous);
    }
    ({ outcome, id } = await holdOrder(deps.db, request));
  }
  if (outcome === 'live_hold') throw new AppError('HOLD_IN_PROGRESS', m.holdInProgress, 409);
  if (outcome === 'expired_holds') {
    // Expired holds may give places back; they are reclaimed in a transaction of their own.
    await reclaimExpiredHolds(deps.db, plan.sale.event.id, now);
    ({ outcome, id } = await holdOrder(deps.db, { ...request, afterReclaim: true }));
  }
  if (outcome === 'stale') throw new StaleSale();
  if (outcome === 'no_account') throw accountRequired();
  if (outcome === 'one_free_ticket') throw oneFreeTicket(false);
  if (outcome === 'promo_used') throw promoUsed();
  if (outcome === 'promo_exhausted') throw promoExhausted();
  if (outcome !== 'held') throw soldOut();
  holdsPlaced.inc();
  // Before the buyer can pay: the invoices, issued after the payment, read it.
  if (plan.company) await setOrderCompanyInvoice(deps.db, id, plan.company);
  return { id, provider: plan.provider, status: 'awaiting_payment' as const };
}

/** An order that costs nothing: sold at once, its participations issued in the same transaction. */
async function placeFreeOrder(deps: CheckoutDeps, plan: Plan, now: Date) {
  const giftLine = plan.gift
    ? [
        {
          ticketId: plan.gift.id,
          // The gift's place is for the order's first date, as the hold counts it.
          dateId: plan.orderLines[0]?.dateId ?? null,
          quantity: 1,
          unitPriceCents: 0,
          refundPlaces: 0,
          insuranceCents: 0,
          isGift: true,
        },
      ]
    : [];
  const { id } = await placeSettledOrder(deps, {
    ...plan.order,
    eventId: plan.sale.event.id,
    userId: plan.userId,
    buyerEmail: plan.buyer.email,
    provider: 'free',
    ticketCount: plan.lines.reduce((sum, l) => sum + l.quantity, 0),
    lines: [...plan.orderLines, ...giftLine],
    fingerprint: plan.sale.fingerprint,
    isFreeEvent: plan.isFreeEvent,
    source: 'web',
    now,
  });
  return { id, provider: 'free' as const, status: 'paid' as const };
}

/** The promo-code check of the ticket step: the code's percentage, or the spec's refusal. */
export async function checkDiscount(
  deps: AppDeps,
  viewer: SignedInUser | null,
  eventId: string,
  code: string,
): Promise<{ percent: number }> {
  if (!code.trim()) throw badRequest(m.promoRequired, 'code');
  if (!isUuid(eventId)) throw eventNotFound();
  const discount = await loadDiscount(deps, eventId, code, deps.clock.now(), viewer?.id ?? null);
  if (!discount) throw badRequest(m.promoInvalid, 'code');
  return { percent: discount.percent };
}
