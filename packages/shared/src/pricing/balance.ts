import { discountedUnitPriceCents, organiserCommissionCents, type Rate } from './rules';

/**
 * How the tickets of one price were sold, as the payouts balance reads them from paid orders:
 * the same unit price, promo percentage and channel, summed over orders.
 */
export type SoldTickets = {
  unitPriceCents: number;
  discountPercent: number | null;
  quantity: number;
  /**
   * Paid online: the platform holds the money. A door sale by card bears the commission but the
   * organiser's own terminal took the money (docs/decisions.md, "Money and back office").
   */
  isHeldByPlatform: boolean;
  /** False when the buyer paid the service fee (the event's zero-commission switch) or paid cash. */
  bearsCommission: boolean;
};

export type Balance = {
  /** Tickets paid online, after discount (what the platform holds for the organiser). */
  salesCents: number;
  commissionCents: number;
  refundsCents: number;
  /** Payouts requested, batched or paid (a rejected, cancelled or returned one gives its amount back). */
  payoutsCents: number;
  /** What may be requested now; never below 0. */
  availableCents: number;
};

/** The organiser's net on some tickets (one order's, or an event's): sales held minus the commission. */
export function organiserNetCents(sold: SoldTickets[], rate: Rate): number {
  const parts = salesParts(sold, rate);
  return parts.salesCents - parts.commissionCents;
}

function salesParts(sold: SoldTickets[], rate: Rate) {
  let salesCents = 0;
  let commissionCents = 0;
  for (const group of sold) {
    const price = discountedUnitPriceCents(group.unitPriceCents, group.discountPercent);
    if (group.isHeldByPlatform) salesCents += price * group.quantity;
    // The commission is per ticket (2-organiser.md §9), on the price the buyer paid for it.
    if (group.bearsCommission) commissionCents += organiserCommissionCents(price, rate) * group.quantity;
  }
  return { salesCents, commissionCents };
}

/**
 * Balance available = paid sales − commission − refunds − payouts already requested. `refundsCents`
 * is the tickets' part of what was given back online (the refunds' own rule decides the amounts).
 */
export function payoutBalance(
  sold: SoldTickets[],
  rate: Rate,
  taken: { refundsCents: number; payoutsCents: number },
): Balance {
  const parts = salesParts(sold, rate);
  const net = parts.salesCents - parts.commissionCents - taken.refundsCents - taken.payoutsCents;
  return { ...parts, ...taken, availableCents: Math.max(0, net) };
}
