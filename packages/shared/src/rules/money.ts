const euro = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A price in cents as shown to users: 2 decimals and the euro sign, e.g. "12,50 €". */
export function formatEuros(cents: number): string {
  return `${euro.format(cents / 100)} €`;
}
