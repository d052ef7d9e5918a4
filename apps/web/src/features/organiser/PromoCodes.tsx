import {
  firstDiscountError,
  LIMITS,
  type ManagedDiscount,
  type ManagedEvent,
  organiserFr,
  PROMO_CODE_QUANTITY,
} from '@guichet/shared';
import { Button, Group, NumberInput, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAddDiscount, useUpdateDiscount } from '../../api/organiser';
import { DataTable } from '../../ui/DataTable';
import { Section } from '../../ui/Section';
import { toastFailure } from './toast-failure';
import { quantityError, type Typed, typedValue } from './typed-number';

const f = organiserFr.form;

/** A code's quantity: the server refuses one under its uses, and the field then shows the quantity kept. */
function PromoQuantity({
  discount,
  onChange,
}: {
  discount: ManagedDiscount;
  onChange(quantity: number, onError: () => void): void;
}) {
  const [value, setValue] = useState<Typed>(discount.quantity);
  useEffect(() => setValue(discount.quantity), [discount.quantity]);
  const invalid = quantityError(value) !== undefined;
  return (
    <NumberInput
      aria-label={`${f.promoQuantity} ${discount.code}`}
      value={value}
      onChange={setValue}
      error={invalid && organiserFr.promo.quantityInvalid}
      w={110}
      onBlur={() => {
        const typed = typedValue(value);
        if (typed === null) setValue(discount.quantity);
        else if (!invalid && typed !== discount.quantity) onChange(typed, () => setValue(discount.quantity));
      }}
    />
  );
}

/** Promo codes of a paid event: created single-use with 10,000 uses; the quantity never drops below the uses. */
export function PromoCodes({ event }: { event: ManagedEvent }) {
  const add = useAddDiscount(event.id);
  const update = useUpdateDiscount(event.id);
  const [code, setCode] = useState('');
  const [percent, setPercent] = useState<Typed>('');
  const [quantity, setQuantity] = useState<Typed>(PROMO_CODE_QUANTITY);
  const [error, setError] = useState<string | null>(null);
  // The add button waits for the code, the reduction and the quantity.
  const ready = code.trim() !== '' && typedValue(percent) !== null && typedValue(quantity) !== null;

  const submit = () => {
    const input = {
      code,
      discountPercent: typedValue(percent),
      quantity: typedValue(quantity) ?? Number.NaN,
      isEnabled: true,
      isSingleUse: true,
    };
    const local = firstDiscountError(
      input,
      event.discounts.map((d) => d.code),
    );
    setError(local?.message ?? null);
    if (local) return;
    add.mutate(input, {
      onSuccess: () => {
        setCode('');
        setPercent('');
        setQuantity(PROMO_CODE_QUANTITY);
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <Section title={f.sectionPromo}>
      {event.discounts.length === 0 ? (
        <Text c="dimmed">{f.noPromo}</Text>
      ) : (
        <DataTable
          items={event.discounts}
          itemKey={(d) => d.id}
          minWidth={420}
          columns={[
            { header: f.promoCode, cell: (d) => <strong>{d.code}</strong> },
            { header: f.promoPercent, cell: (d) => `${d.percent} %` },
            { header: f.promoUses, cell: (d) => d.used },
            {
              header: f.promoQuantity,
              cell: (d) => (
                <PromoQuantity
                  discount={d}
                  onChange={(quantity, onError) =>
                    update.mutate(
                      { id: d.id, changes: { quantity } },
                      {
                        onError: (failure) => {
                          onError();
                          toastFailure(failure);
                        },
                      },
                    )
                  }
                />
              ),
            },
            {
              header: f.promoEnabled,
              cell: (d) => (
                <Switch
                  aria-label={`${f.promoEnabled} ${d.code}`}
                  checked={d.isEnabled}
                  onChange={(e) =>
                    update.mutate(
                      { id: d.id, changes: { isEnabled: e.currentTarget.checked } },
                      { onError: toastFailure },
                    )
                  }
                />
              ),
            },
          ]}
        />
      )}
      <Group align="flex-end" wrap="wrap">
        {/* No maxLength, min or max: a value out of bounds is shown with the rule's message, never changed. */}
        <TextInput
          label={f.promoCode}
          value={code}
          description={f.characters(code.trim().length, LIMITS.promoCode)}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <NumberInput label={f.promoPercent} value={percent} onChange={setPercent} w={130} />
        <NumberInput label={f.promoQuantity} value={quantity} onChange={setQuantity} w={130} />
        <Button disabled={!ready} loading={add.isPending} onClick={submit}>
          {f.promoAdd}
        </Button>
      </Group>
      {error && (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Section>
  );
}
