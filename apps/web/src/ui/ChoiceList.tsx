import { Accordion, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Choice = { id: string; title: string; priceCents: number; isMultipart: boolean; description?: string | null };

/**
 * Tickets to choose from, each a panel that opens on its description and what `panel` adds (its
 * options, its count). The head says the title, the mark under it (beside it, a long title cut
 * 'Plus que 2 places' short) and the price, 'from' for a ticket with options. With `onChange`
 * one ticket is open at a time, the chosen one; without, any may be opened, to read.
 */
export function ChoiceList<T extends Choice>({
  items,
  value,
  onChange,
  price,
  fromPrice,
  noDescription,
  mark,
  isDisabled,
  panel,
  priceNote,
}: {
  items: T[];
  value?: string | null;
  onChange?: (id: string | null) => void;
  price: (cents: number) => string;
  fromPrice: string;
  noDescription: string;
  mark: (item: T) => ReactNode;
  isDisabled?: (item: T) => boolean;
  panel?: (item: T) => ReactNode;
  /** A line under the price (the VAT it includes). */
  priceNote?: (item: T) => ReactNode;
}) {
  const entries = items.map((item) => (
    <Accordion.Item key={item.id} value={item.id}>
      <Accordion.Control disabled={isDisabled?.(item)}>
        <Group justify="space-between" wrap="nowrap" pr="sm">
          <Stack gap={4} align="flex-start">
            <Text fw={600}>{item.title}</Text>
            {mark(item)}
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              {item.isMultipart ? `${fromPrice} ${price(item.priceCents)}` : price(item.priceCents)}
            </Text>
            {priceNote?.(item)}
          </Stack>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        {/* The chosen ticket's panel only: its count and options belong to the one being bought. */}
        {(!onChange || value === item.id) && (
          <Stack gap="md">
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
              {item.description || noDescription}
            </Text>
            {panel?.(item)}
          </Stack>
        )}
      </Accordion.Panel>
    </Accordion.Item>
  ));
  if (!onChange) {
    return (
      <Accordion variant="separated" multiple>
        {entries}
      </Accordion>
    );
  }
  // No height animation: the panel grows as the choice goes on (count, refund option), and an
  // animated panel measured mid-change stays clipped.
  return (
    <Accordion variant="separated" value={value ?? null} onChange={onChange} transitionDuration={0}>
      {entries}
    </Accordion>
  );
}
