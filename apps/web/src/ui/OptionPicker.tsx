import { Group, Radio, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

type Option = { id: string; title: string; priceCents: number };

/**
 * The options of a ticket with choices ('Formule', 'Boisson'…), one to pick: each says its
 * title, its price and its mark (sold out, unavailable), and cannot be picked when `isDisabled`.
 */
export function OptionPicker<T extends Option>({
  label,
  options,
  value,
  onChange,
  price,
  mark,
  isDisabled,
}: {
  label: string;
  options: T[];
  value: string | null;
  onChange: (optionId: string) => void;
  price: (cents: number) => string;
  mark: (option: T) => ReactNode;
  isDisabled: (option: T) => boolean;
}) {
  return (
    <Radio.Group label={label} value={value} onChange={onChange}>
      <Stack gap="xs" mt="xs">
        {options.map((option) => (
          <Radio
            key={option.id}
            value={option.id}
            disabled={isDisabled(option)}
            label={
              <Group gap="xs" component="span">
                <span>
                  {option.title} – {price(option.priceCents)}
                </span>
                {mark(option)}
              </Group>
            }
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
