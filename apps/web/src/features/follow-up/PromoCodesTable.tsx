import { followUpFr, formatEuros, type PromoStats } from '@guichet/shared';
import { DataTable } from '../../ui/DataTable';

const m = followUpFr.stats;

/** Each promo code with its percentage, its uses and the discount it gave. */
export function PromoCodesTable({ codes, labelledBy }: { codes: PromoStats[]; labelledBy?: string }) {
  return (
    <DataTable
      items={codes}
      itemKey={(code) => code.code}
      minWidth={320}
      fz="sm"
      labelledBy={labelledBy}
      columns={[
        { header: m.promoColumns.code, cell: (code) => `${code.code} - ${code.percent} %` },
        { header: m.promoColumns.uses, align: 'right', cell: (code) => code.uses },
        { header: m.promoColumns.discount, align: 'right', cell: (code) => formatEuros(code.discountCents) },
      ]}
    />
  );
}
