import { formatEuros, invoicesFr } from '@guichet/shared';
import { Anchor, Group, Text } from '@mantine/core';

const m = invoicesFr.commission;

/**
 * The commission a payout deducted, TTC, and the link to its invoice; nothing for a payout that
 * invoiced none. `name` tells apart the links of a list (the payout's date, and its event's title
 * where several events are listed).
 */
export function PayoutCommission({
  payout,
  name,
}: {
  payout: { commissionInclVatCents: number; commissionInvoiceUrl: string | null };
  name: { date: string; eventTitle?: string };
}) {
  if (!payout.commissionInvoiceUrl) return null;
  return (
    <Group justify="space-between" gap="xs" data-testid="payout-commission">
      <Text size="xs" c="dimmed">
        {m.payoutLine(formatEuros(payout.commissionInclVatCents))}
      </Text>
      <Anchor
        href={payout.commissionInvoiceUrl}
        size="xs"
        download
        aria-label={m.downloadLabel(name.date, name.eventTitle)}
      >
        {m.download}
      </Anchor>
    </Group>
  );
}
