import { formatEuros, invoicesFr } from '@guichet/shared';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useOrderInvoices } from '../../api/invoices';

const m = invoicesFr.list;

/** An order's invoices and credit notes, each to download as PDF; nothing while there are none. */
export function OrderInvoices({ orderId }: { orderId: string | null }) {
  const invoices = useOrderInvoices(orderId);
  if (!invoices.data?.length) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {m.title}
      </Title>
      {invoices.data.map((invoice) => {
        const name = invoice.kind === 'invoice' ? m.invoice(invoice.number) : m.creditNote(invoice.number);
        return (
          <Group key={invoice.id} gap="sm" justify="space-between" wrap="nowrap">
            <Text size="sm">
              {name} · {formatEuros(invoice.totalCents)}
            </Text>
            <Anchor href={invoice.url} download size="sm" aria-label={`${m.download} : ${name}`}>
              <Group gap={4} wrap="nowrap">
                <IconDownload size={16} aria-hidden />
                {m.download}
              </Group>
            </Anchor>
          </Group>
        );
      })}
    </Stack>
  );
}
