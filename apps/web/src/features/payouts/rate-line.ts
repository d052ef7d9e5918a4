import { formatEuros, payoutsFr } from '@guichet/shared';

const percent = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** "1,8 % + 0,30 € HT par billet vendu": basis points shown as a percentage, for display only. */
export function rateLine(rate: { rateBps: number; fixedCents: number }): string {
  return payoutsFr.rates.rateLine(percent.format(rate.rateBps / 100), formatEuros(rate.fixedCents));
}
