/**
 * Prices, refund insurance, service fees and organiser commissions, in integer cents.
 * Rates are in basis points (1 % = 100 bps) so that every computation stays in integers;
 * rounding is half up, done once per amount (1-attendee.md §9, 2-organiser.md §9).
 */

import { addVat, PLATFORM_VAT_RATE } from './vat';

/** The providers an event may be paid through: the card provider, the bank, and the bank's sandbox. */
export const PAYMENT_PROVIDERS = ['sandbox', 'etransactions', 'stripe'] as const;
export type FeeProvider = (typeof PAYMENT_PROVIDERS)[number];
export type Rate = { bps: number; fixedCents: number };

/** What the buyer pays when the organiser passes the fees on: a percentage plus a fixed part per ticket. */
const SERVICE_FEE_RATES: Readonly<Record<FeeProvider, Rate>> = {
  stripe: { bps: 280, fixedCents: 40 },
  etransactions: { bps: 180, fixedCents: 30 },
  // The sandbox speaks the bank's protocol, so it charges what the bank would.
  sandbox: { bps: 180, fixedCents: 30 },
};

/** The organiser's commission; the reduced rate is per organiser (data, not code). */
export const STANDARD_COMMISSION: Rate = { bps: 180, fixedCents: 30 };
export const REDUCED_COMMISSION: Rate = { bps: 140, fixedCents: 25 };

/** Refund insurance: a flat price per place under the threshold, a percentage from it. */
const REFUND_INSURANCE = { flatCents: 120, thresholdCents: 5000, bps: 600 } as const;

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of cents ≥ 0`);
}

/**
 * A price typed in euros, in cents: rounded to the cent, half up (2-organiser.md §5 "ticket price
 * step 0.01 rounded to 2 decimals"). The browser's price inputs and the API both go through it, so
 * the price shown is the price saved. 12.345 × 100 is 1234.4999… in binary floats: the product is
 * cut to 12 significant digits first, which gives back the decimal that was typed.
 */
export function eurosToCents(euros: number): number {
  return Math.round(Number((euros * 100).toPrecision(12)));
}

/** value × numerator / denominator, rounded half up, exact for non-negative integers. */
export function mulDivHalfUp(value: number, numerator: number, denominator: number): number {
  return Math.floor((2 * value * numerator + denominator) / (2 * denominator));
}

/** The ticket price after a promo percentage (1–100), rounded half up; null or 0 means no discount. */
export function discountedUnitPriceCents(priceCents: number, percent: number | null): number {
  assertCents('priceCents', priceCents);
  if (!percent) return priceCents;
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError('percent must be 1–100');
  return Math.max(0, mulDivHalfUp(priceCents, 100 - percent, 100));
}

/**
 * The refund option, per place, from the price after discount. A free place costs nothing to insure
 * (there is nothing to refund). The spec's one event with a fixed 13 € is not reproduced.
 */
export function refundInsuranceCentsPerPlace(discountedUnitPriceCents: number): number {
  assertCents('discountedUnitPriceCents', discountedUnitPriceCents);
  if (discountedUnitPriceCents === 0) return 0;
  if (discountedUnitPriceCents < REFUND_INSURANCE.thresholdCents) return REFUND_INSURANCE.flatCents;
  return mulDivHalfUp(discountedUnitPriceCents, REFUND_INSURANCE.bps, 10_000);
}

/** The buyer's service fee on the ticket subtotal (after discount); nothing to pay means no fee. */
export function serviceFeeCents(input: { provider: FeeProvider; subtotalCents: number; ticketCount: number }): number {
  assertCents('subtotalCents', input.subtotalCents);
  assertCents('ticketCount', input.ticketCount);
  if (input.subtotalCents === 0) return 0;
  const rate = SERVICE_FEE_RATES[input.provider];
  return mulDivHalfUp(input.subtotalCents, rate.bps, 10_000) + rate.fixedCents * input.ticketCount;
}

type OrderLineInput = { unitPriceCents: number; quantity: number; refundPlaces: number };
type OrderLineTotals = OrderLineInput & {
  discountedUnitPriceCents: number;
  /** What the discount takes off this line. */
  discountCents: number;
  /** Tickets of this line after discount. */
  subtotalCents: number;
  insuranceCents: number;
};
type OrderTotals = {
  /** Tickets after discount. */
  subtotalCents: number;
  discountCents: number;
  insuranceCents: number;
  serviceFeeCents: number;
  totalCents: number;
  lines: OrderLineTotals[];
};

/**
 * The side basket: tickets after discount, refund insurance, service fee, total. The fee applies to
 * the ticket subtotal only; insurance is not subject to it.
 */
export function orderTotals(input: {
  lines: OrderLineInput[];
  discountPercent: number | null;
  provider: FeeProvider;
  attendeePaysFees: boolean;
}): OrderTotals {
  const lines = input.lines.map((line): OrderLineTotals => {
    assertCents('quantity', line.quantity);
    assertCents('refundPlaces', line.refundPlaces);
    if (line.refundPlaces > line.quantity) throw new RangeError('refundPlaces must not exceed quantity');
    const discounted = discountedUnitPriceCents(line.unitPriceCents, input.discountPercent);
    return {
      ...line,
      discountedUnitPriceCents: discounted,
      discountCents: (line.unitPriceCents - discounted) * line.quantity,
      subtotalCents: discounted * line.quantity,
      insuranceCents: line.refundPlaces ? refundInsuranceCentsPerPlace(discounted) * line.refundPlaces : 0,
    };
  });
  const sum = (pick: (line: OrderLineTotals) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const subtotalCents = sum((line) => line.subtotalCents);
  const insuranceCents = sum((line) => line.insuranceCents);
  const fee = input.attendeePaysFees
    ? serviceFeeCents({ provider: input.provider, subtotalCents, ticketCount: sum((line) => line.quantity) })
    : 0;
  return {
    subtotalCents,
    discountCents: sum((line) => line.discountCents),
    insuranceCents,
    serviceFeeCents: fee,
    totalCents: subtotalCents + insuranceCents + fee,
    lines,
  };
}

/** The organiser's commission on one ticket: percentage (half up) plus the fixed fee; free tickets pay none. */
export function organiserCommissionCents(priceCents: number, rate: Rate = STANDARD_COMMISSION): number {
  assertCents('priceCents', priceCents);
  if (priceCents === 0) return 0;
  return mulDivHalfUp(priceCents, rate.bps, 10_000) + rate.fixedCents;
}

/**
 * The commission on one ticket with its VAT: the commission is quoted HT and the platform sells it
 * to the organiser at 20 % (docs/decisions.md, "Invoices and VAT"). The invoice of a payout adds the
 * VAT once on the sum of its commissions, so a payout may differ from the sum of these by a cent
 * per ticket at most.
 */
export function organiserCommissionInclVatCents(priceCents: number, rate: Rate = STANDARD_COMMISSION): number {
  return addVat(organiserCommissionCents(priceCents, rate), PLATFORM_VAT_RATE).inclVatCents;
}

/** Gain = price minus the commission with its VAT (negative for a price below the fee). */
export function organiserGainCents(priceCents: number, rate: Rate = STANDARD_COMMISSION): number {
  return priceCents - organiserCommissionInclVatCents(priceCents, rate);
}

/**
 * Price to set for a desired net = desired amount + the commission on the desired amount (the
 * percentage and the fixed fee, as the spec words it) with its VAT; so the gain of that price falls
 * slightly short of the desired amount: the commission is then taken on the higher price.
 */
export function priceForDesiredNet(desiredNetCents: number, rate: Rate = STANDARD_COMMISSION): number {
  assertCents('desiredNetCents', desiredNetCents);
  if (desiredNetCents === 0) return 0;
  const commission = mulDivHalfUp(desiredNetCents, rate.bps, 10_000) + rate.fixedCents;
  return desiredNetCents + addVat(commission, PLATFORM_VAT_RATE).inclVatCents;
}
