import { invoicesFr, VAT_RATES, type VatRate } from '@guichet/shared';
import { Select } from '@mantine/core';

const m = invoicesFr.vat;
const data = VAT_RATES.map((rate) => ({ value: rate, label: m.rates[rate] }));

/** The VAT rate of a ticket or an option; its price stays TTC. */
export function VatRateSelect({
  value,
  onChange,
  disabled,
}: {
  value: VatRate;
  onChange(rate: VatRate): void;
  disabled?: boolean;
}) {
  return (
    <Select
      label={m.label}
      description={m.help}
      data={data}
      value={value}
      allowDeselect={false}
      disabled={disabled}
      onChange={(rate) => rate && onChange(rate as VatRate)}
    />
  );
}
