import { formatEuros, invoicesFr } from '@guichet/shared';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useOrderInvoices } from '../../api/invoices';
import { CompanyInvoiceDialog } from './CompanyInvoiceDialog';

const m = invoicesFr.list;

/**
 * An order's invoices and credit notes, each to download as PDF; nothing while there are none. Its
 * buyer (`canAskCompany`, on /myTickets) may ask for them in a company's name.
 */
export function OrderInvoices({ orderId, canAskCompany = false }: { orderId: string | null; canAskCompany?: boolean }) {
  const invoices = useOrderInvoices(orderId);
  const [asking, setAsking] = useState(false);
  if (!orderId || !invoices.data?.length) return null;
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
      {canAskCompany && (
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconBuilding size={16} aria-hidden />}
            onClick={() => setAsking(true)}
          >
            {invoicesFr.company.action}
          </Button>
        </Group>
      )}
      {asking && <CompanyInvoiceDialog orderId={orderId} onClose={() => setAsking(false)} />}
    </Stack>
  );
}
