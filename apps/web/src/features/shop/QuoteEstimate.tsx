import { formatEuros, quoteTotals, showcaseFr } from '@guichet/shared';
import { Group, Stack, Text } from '@mantine/core';
import type { CartLine } from './cart-store';

const m = showcaseFr.quote;

/** The cart's estimate under the form, with the partners' discount on rentals. */
export function QuoteEstimate({ lines, partner }: { lines: CartLine[]; partner: boolean }) {
  if (lines.length === 0) return null;
  const totals = quoteTotals(
    lines.map((line) => ({ ...line, unitCents: line.priceCents })),
    partner,
  );
  return (
    <Stack gap={2} data-testid="quote-estimate">
      <Group justify="space-between">
        <Text>{showcaseFr.cart.estimate}</Text>
        <Text fw={700}>{formatEuros(totals.subtotalCents)}</Text>
      </Group>
      {totals.discountCents > 0 && (
        <>
          <Group justify="space-between">
            <Text c="teal">{m.discountLine}</Text>
            <Text c="teal" fw={700}>
              -{formatEuros(totals.discountCents)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text>{m.totalLine}</Text>
            <Text fw={700}>{formatEuros(totals.totalCents)}</Text>
          </Group>
        </>
      )}
      <Text size="xs" c="dimmed">
        {showcaseFr.cart.estimateHelp}
      </Text>
    </Stack>
  );
}
