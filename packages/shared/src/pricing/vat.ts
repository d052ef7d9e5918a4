/**
 * VAT on what is sold (docs/decisions.md, "Invoices and VAT"). Prices are TTC, as buyers see
 * them; the VAT inside a price is worked out per invoice line, in integer cents.
 */

/** The rates an admission ticket or an option may carry; `none`: the seller is under the franchise. */
export const VAT_RATES = ['5.5', '10', '20', '2.1', 'none'] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** Basis points (1 % = 100): every computation stays in integers. */
const VAT_RATE_BPS: Readonly<Record<VatRate, number>> = {
  '5.5': 550,
  '10': 1_000,
  '20': 2_000,
  '2.1': 210,
  none: 0,
};

/** The platform's own sales (service fees, refund option, the organiser's commission). */
export const PLATFORM_VAT_RATE: VatRate = '20';

/** Concerts, shows and sports at 5,5 % (art. 278-0 bis CGI); fairs and exhibitions at 10 %; the rest at 20 %. */
const DEFAULT_RATE_BY_CATEGORY: Readonly<Record<string, VatRate>> = {
  Concert: '5.5',
  Festival: '5.5',
  Spectacle: '5.5',
  Sport: '5.5',
  Exposition: '10',
  Salon: '10',
};

/** The rate a new ticket of an event of `category` starts with; the organiser may change it. */
export function defaultVatRate(category: string | null | undefined): VatRate {
  return (category && DEFAULT_RATE_BY_CATEGORY[category]) || '20';
}

/** Categories whose ticket revenue bears the CNM tax (popular music and variety shows). */
const CNM_CATEGORIES: ReadonlySet<string> = new Set(['Concert', 'Festival']);
/** The CNM tax: 3,5 % of the ticket revenue excluding VAT (CIBS L452-14). */
export const CNM_TAX_BPS = 350;

export function isCnmCategory(category: string | null | undefined): boolean {
  return !!category && CNM_CATEGORIES.has(category);
}

export type VatSplit = { exclVatCents: number; vatCents: number; inclVatCents: number };

/**
 * The VAT inside an amount TTC: HT = TTC / (1 + rate), rounded half up to the cent, and the VAT
 * is what remains, so HT + VAT is always the price paid. Each invoice line is split once; the
 * totals are the sums of the lines (the rounding cent stays on its line).
 */
export function splitVat(inclVatCents: number, rate: VatRate): VatSplit {
  if (!Number.isSafeInteger(inclVatCents)) throw new RangeError('inclVatCents must be a whole number of cents');
  const bps = VAT_RATE_BPS[rate];
  const magnitude = Math.abs(inclVatCents);
  const excl = Math.floor((2 * magnitude * 10_000 + (10_000 + bps)) / (2 * (10_000 + bps)));
  const exclVatCents = Math.sign(inclVatCents) * excl || 0;
  return { exclVatCents, vatCents: inclVatCents - exclVatCents, inclVatCents };
}

/** The VAT of a sum of lines, per rate, in the order the rates are listed. */
export function vatByRate(lines: { vatRate: VatRate; exclVatCents: number; vatCents: number }[]) {
  return VAT_RATES.flatMap((vatRate) => {
    const of = lines.filter((line) => line.vatRate === vatRate);
    if (of.length === 0) return [];
    return [
      {
        vatRate,
        exclVatCents: of.reduce((sum, line) => sum + line.exclVatCents, 0),
        vatCents: of.reduce((sum, line) => sum + line.vatCents, 0),
      },
    ];
  });
}

/** The CNM tax on a revenue excluding VAT, rounded half up. */
export function cnmTaxCents(revenueExclVatCents: number): number {
  return Math.floor((2 * revenueExclVatCents * CNM_TAX_BPS + 10_000) / 20_000);
}

/**
 * The VAT on top of an amount HT, rounded half up: what a price quoted HT (the organiser's
 * commission) costs TTC. HT + VAT is the TTC amount.
 */
export function addVat(exclVatCents: number, rate: VatRate): VatSplit {
  if (!Number.isSafeInteger(exclVatCents) || exclVatCents < 0) {
    throw new RangeError('exclVatCents must be a whole number of cents ≥ 0');
  }
  const vatCents = Math.floor((2 * exclVatCents * VAT_RATE_BPS[rate] + 10_000) / 20_000);
  return { exclVatCents, vatCents, inclVatCents: exclVatCents + vatCents };
}
