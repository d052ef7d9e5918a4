import {
  type BuyerInput,
  type CreateOrderRequest,
  checkoutFr,
  discountedUnitPriceCents,
  fr,
  HOLD_SECONDS,
  normalizeEmail,
  type OrderCreated,
  orderTotals,
  refundInsuranceCentsPerPlace,
} from '@guichet/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { discountCodes, events, participations, shareLinks, tickets } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/tokens';
import type { UserRow } from '../auth/repository';
import { findUserByEmail } from '../auth/repository';
import { canManageEvent } from '../events/service';
import { assertBuyer } from './buyer';
import { insertOrderWithLines } from './hot-path';
import { hasExpiredHolds, hasPlacesFor, reclaimExpiredHolds, takePlaces } from './inventory';
import { issueParticipations } from './issue';
import { type CheckedLine, checkLines, soldOut } from './lines';
import { type Payments, providerFor } from './payment-service';

const m = checkoutFr;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const eventNotFound = () => new AppError('EVENT_NOT_FOUND', fr.events.notFoundText, 404);

class NoPlaces extends Error {}

export type CheckoutDeps = AppDeps & { payments: Payments };

async function loadEventForBuyer(deps: AppDeps, input: CreateOrderRequest, viewer: UserRow | null) {
  if (!uuid.test(input.eventId)) throw eventNotFound();
  const event = await deps.db.query.events.findFirst({
    where: and(eq(events.id, input.eventId), isNull(events.deletedAt)),
  });
  if (!event) throw eventNotFound();
  const link = input.shareKey
    ? await deps.db.query.shareLinks.findFirst({
        where: and(eq(shareLinks.key, input.shareKey), eq(shareLinks.eventId, event.id)),
      })
    : undefined;
  const participates = viewer
    ? Boolean(
        await deps.db.query.participations.findFirst({
          where: and(
            eq(participations.eventId, event.id),
            eq(participations.userId, viewer.id),
            isNull(participations.cancelledAt),
          ),
        }),
      )
    : false;
  if (!event.isPublic && !link && !participates && !canManageEvent(viewer, event.organizerId)) throw eventNotFound();
  return { event, visibleHidden: new Set(link?.ticketIds ?? []) };
}

/** Who pays: the logged-in user, or for a guest the account of the e-mail given (created beforehand). */
async function resolveBuyer(
  deps: AppDeps,
  viewer: UserRow | null,
  given: BuyerInput | undefined,
  needsStudies: boolean,
) {
  const now = deps.clock.now();
  if (viewer) {
    const buyer = {
      email: viewer.email,
      firstName: given?.firstName?.trim() || viewer.firstName,
      lastName: given?.lastName?.trim() || viewer.lastName,
      birthDate: viewer.birthDate,
      studies: given?.studies ?? null,
    };
    assertBuyer(buyer, { needsStudies, now });
    return { user: viewer, buyer };
  }
  if (!given) throw badRequest(m.emailRequired, 'buyer.email');
  assertBuyer(given, { needsStudies, now });
  const user = await findUserByEmail(deps.db, normalizeEmail(given.email));
  if (!user || user.deletedAt) throw new AppError('ACCOUNT_REQUIRED', m.accountRequired, 400, 'buyer.email');
  return { user, buyer: { ...given, email: user.email } };
}

export async function loadDiscount(deps: AppDeps, eventId: string, code: string | null | undefined) {
  const wanted = code?.trim();
  if (!wanted) return null;
  const discount = await deps.db.query.discountCodes.findFirst({
    where: and(eq(discountCodes.eventId, eventId), sql`lower(${discountCodes.code}) = lower(${wanted})`),
  });
  if (!discount || wanted.toLowerCase() === 'no') throw badRequest(m.promoInvalid, 'discountCode');
  if (!discount.isEnabled) throw badRequest(m.promoDisabled, 'discountCode');
  if (discount.used >= discount.quantity) throw badRequest(m.promoExhausted, 'discountCode');
  return discount;
}

export async function createOrder(
  deps: CheckoutDeps,
  viewer: UserRow | null,
  input: CreateOrderRequest,
): Promise<OrderCreated> {
  const now = deps.clock.now();
  const { event, visibleHidden } = await loadEventForBuyer(deps, input, viewer);
  if (!event.isOpen || event.dateEnd <= now) throw new AppError('TICKETING_CLOSED', m.ticketingClosed, 409);
  const allTickets = await deps.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.eventId, event.id), isNull(tickets.deletedAt)));
  const lines = checkLines(input.lines, { event, tickets: allTickets, visibleHidden, now });
  if (input.acceptTerms === false) throw badRequest(m.termsRequired, 'acceptTerms');
  const [{ user, buyer }, discount] = await Promise.all([
    resolveBuyer(deps, viewer, input.buyer, event.isNeedsUserStudies),
    loadDiscount(deps, event.id, input.discountCode),
  ]);
  const places = lines.map((l) => ({ ticketId: l.ticket.id, quantity: l.quantity }));
  // A sold-out sale answers most buyers: tell them from the row just read, unless expired holds
  // could give places back (then they are reclaimed first).
  if (lines.some((l) => l.ticket.sold + l.ticket.held + l.quantity > l.ticket.quantity)) {
    if (!(await hasExpiredHolds(deps.db, event.id, now))) throw soldOut();
    await deps.db.transaction((tx) => reclaimExpiredHolds(tx, event.id, now));
  }
  const isFreeEvent = allTickets.every((t) => t.priceCents === 0);

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
  const free = totals.totalCents === 0;
  const accessToken = viewer ? undefined : randomToken();

  const attempt = () =>
    deps.db.transaction(async (tx) => {
      if (isFreeEvent) await assertNoOtherFreeTicket(tx, event.id, user.id, lines);
      const values = {
        reference: `G${now.getTime().toString(36).toUpperCase()}${randomToken()
          .slice(0, 10)
          .replace(/[^A-Za-z0-9]/g, 'X')}`,
        eventId: event.id,
        userId: user.id,
        buyerEmail: buyer.email,
        buyerFirstName: buyer.firstName.trim(),
        buyerLastName: buyer.lastName.trim(),
        buyerBirthDate: buyer.birthDate,
        studies: buyer.studies ?? null,
        status: free ? ('paid' as const) : ('awaiting_payment' as const),
        provider: free ? ('free' as const) : provider,
        discountCodeId: discount?.id ?? null,
        discountPercent: discount?.percent ?? null,
        subtotalCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        insuranceCents: totals.insuranceCents,
        feeCents: totals.serviceFeeCents,
        totalCents: totals.totalCents,
        ticketCount: lines.reduce((sum, l) => sum + l.quantity, 0),
        expiresAt: new Date(now.getTime() + HOLD_SECONDS * 1000),
        accessTokenHash: accessToken ? sha256(accessToken) : null,
        paidAt: free ? now : null,
      };
      const id = await insertOrderWithLines(tx, {
        ...values,
        lines: lines.map((l) => ({
          ticketId: l.ticket.id,
          quantity: l.quantity,
          unitPriceCents: l.ticket.priceCents,
          refundPlaces: l.refundPlaces,
          insuranceCents:
            l.refundPlaces *
            refundInsuranceCentsPerPlace(discountedUnitPriceCents(l.ticket.priceCents, discount?.percent ?? null)),
        })),
      });
      const order = { id, ...values };
      // The locking statements come last, so that rows stay locked as briefly as possible.
      if (
        !(await takePlaces(tx, {
          eventId: event.id,
          cap: event.nbMaxParticipants,
          lines: places,
          into: free ? 'sold' : 'held',
        }))
      ) {
        throw new NoPlaces();
      }
      if (free) await issueParticipations(tx, order, lines, discount?.id ?? null, deps.config);
      return order;
    });

  let order: Awaited<ReturnType<typeof attempt>>;
  try {
    order = await attempt();
  } catch (error) {
    if (!(error instanceof NoPlaces)) throw error;
    // Another buyer was faster. Expired holds may still give places back: a concurrent buyer's
    // reclaim has committed by the time ours returns (both lock the same order rows).
    await deps.db.transaction((tx) => reclaimExpiredHolds(tx, event.id, now));
    if (!(await hasPlacesFor(deps.db, places))) throw soldOut();
    try {
      order = await attempt();
    } catch (retry) {
      throw retry instanceof NoPlaces ? soldOut() : retry;
    }
  }
  return {
    id: order.id,
    expiresAt: order.expiresAt.toISOString(),
    totalCents: order.totalCents,
    provider: order.provider,
    status: order.status,
    ...(accessToken && { accessToken }),
  };
}

/** Free events: one ticket per account, checked under a lock on that account and event. */
async function assertNoOtherFreeTicket(tx: AppDeps['db'], eventId: string, userId: string, lines: CheckedLine[]) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${eventId}:${userId}`}))`);
  const held = await tx.query.participations.findFirst({
    where: and(
      eq(participations.eventId, eventId),
      eq(participations.userId, userId),
      isNull(participations.cancelledAt),
    ),
  });
  const total = lines.reduce((sum, l) => sum + l.quantity, 0);
  if (held || total > 1) throw new AppError('ONE_FREE_TICKET', m.freeEventOneTicket, 409);
}

/** The promo-code check of the ticket step: the code's percentage, or the spec's refusal. */
export async function checkDiscount(deps: AppDeps, eventId: string, code: string): Promise<{ percent: number }> {
  if (!code.trim()) throw badRequest(m.promoRequired, 'code');
  if (!uuid.test(eventId)) throw eventNotFound();
  const discount = await loadDiscount(deps, eventId, code);
  if (!discount) throw badRequest(m.promoInvalid, 'code');
  return { percent: discount.percent };
}
