import { formatEuros, invoicesFr } from '@guichet/shared';
import { Anchor, Group, Stack, Text } from '@mantine/core';

const m = invoicesFr.commission;

/**
 * The commission a payout deducted, TTC, and the link to its invoice; nothing for a payout that
 * invoiced none. `name` tells apart the links of a list (the payout's date, and its event's title
 * where several events are listed); `isStacked` puts the link under a shorter line, right-aligned
 * (a table's amount column).
 */
export function PayoutCommission({
  payout,
  name,
  isStacked = false,
}: {
  payout: { commissionInclVatCents: number; commissionInvoiceUrl: string | null };
  name: { date: string; eventTitle?: string };
  isStacked?: boolean;
}) {
  if (!payout.commissionInvoiceUrl) return null;
  const Layout = isStacked ? Stack : Group;
  return (
    <Layout
      {...(isStacked ? { gap: 0, align: 'flex-end' } : { gap: 'xs', justify: 'space-between' })}
      data-testid="payout-commission"
    >
      {isStacked ? (
        <Text size="xs" c="dimmed" ta="right" style={{ whiteSpace: 'nowrap' }}>
          {m.payoutLineShort(formatEuros(payout.commissionInclVatCents))}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          {m.payoutLine(formatEuros(payout.commissionInclVatCents))}
        </Text>
      )}
      <Anchor
        href={payout.commissionInvoiceUrl}
        size="xs"
        download
        aria-label={m.downloadLabel(name.date, name.eventTitle)}
      >
        {m.download}
      </Anchor>
    </Layout>
  );
}
