import { invoicesFr, type TicketRead } from '@guichet/shared';
import { Text } from '@mantine/core';

/** The VAT a paid ticket's price includes, under the price; nothing for a free one. */
export function VatNote({ ticket }: { ticket: Pick<TicketRead, 'priceCents' | 'vatRate'> }) {
  if (ticket.priceCents === 0) return null;
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {invoicesFr.vat.included(ticket.vatRate)}
    </Text>
  );
}
