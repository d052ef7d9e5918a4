import { type DeclarationFigures, formatDateTime, formatEuros, invoicesFr, isCnmCategory } from '@guichet/shared';
import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { declarationsExportUrl, useEventDeclarations } from '../../api/declarations';
import { useManagedEvent } from '../../api/organiser';
import { EmptyState } from '../../ui/EmptyState';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { downloadFile } from '../follow-up/download';
import { monthOptions } from './months';

const m = invoicesFr.declarations;
const ALL = 'all';

/**
 * The Déclarations section (issue 29): per Paris month or for all, the ticket revenue excluding
 * VAT and the VAT collected per rate, the places paid and free, and the CNM tax where the
 * event's category bears it; the same figures as xlsx and CSV files. An event of several dates
 * (issue 32) shows them for all its dates, then per date, then for its passes apart.
 */
export default function DeclarationsTab({ eventId }: { eventId: string }) {
  const [month, setMonth] = useState<string | null>(null);
  const event = useManagedEvent(eventId);
  const declarations = useEventDeclarations(eventId, month);
  const headingId = useId();
  const dateEnd = event.data?.dateEnd;
  const months = useMemo(() => monthOptions(new Date(), dateEnd ? new Date(dateEnd) : null), [dateEnd]);
  // Until the event is read, a CNM base above 0 is what says the category is concerned.
  const isCnm = event.data ? isCnmCategory(event.data.type) : (declarations.data?.cnmBaseCents ?? 0) !== 0;

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={3} size="h4" id={headingId}>
            {m.title}
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            {m.intro}
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end" w={{ base: '100%', sm: 'auto' }}>
          <NativeSelect
            label={m.periodLabel}
            value={month ?? ALL}
            onChange={(change) => setMonth(change.currentTarget.value === ALL ? null : change.currentTarget.value)}
            data={[{ value: ALL, label: m.allMonths }, ...months.map((value) => ({ value, label: m.month(value) }))]}
            w={{ base: '100%', xs: 220 }}
          />
          <ExportButton url={declarationsExportUrl(eventId, 'xlsx', month)} format="xlsx" label={m.exportXlsx} />
          <ExportButton url={declarationsExportUrl(eventId, 'csv', month)} format="csv" label={m.exportCsv} />
        </Group>
      </Group>
      <QueryState query={declarations} errorTitle={m.loadFailed}>
        {(data) => (
          <Stack
            gap="md"
            aria-busy={declarations.isPlaceholderData}
            style={{ opacity: declarations.isPlaceholderData ? 0.6 : 1 }}
          >
            {data.dates.length > 0 && (
              <Title order={4} size="h5">
                {m.allDates}
              </Title>
            )}
            <FiguresBlock figures={data} isCnm={isCnm} />
            {data.dates.map((date) => (
              <Stack
                key={date.dateId}
                gap="sm"
                component="section"
                aria-label={m.dateTitle(formatDateTime(date.dateBegin), date.isCancelled)}
              >
                <Title order={4} size="h5">
                  {m.dateTitle(formatDateTime(date.dateBegin), date.isCancelled)}
                </Title>
                <FiguresBlock figures={date} isCnm={isCnm} />
              </Stack>
            ))}
            {data.passes && (
              <Stack gap="sm" component="section" aria-label={m.passesTitle}>
                <Title order={4} size="h5">
                  {m.passesTitle}
                </Title>
                <FiguresBlock figures={data.passes} isCnm={isCnm} />
              </Stack>
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

/** One block of figures: the rates, the places, the CNM tax. */
function FiguresBlock({ figures, isCnm }: { figures: DeclarationFigures; isCnm: boolean }) {
  return (
    <>
      {figures.rates.length === 0 ? <EmptyState>{m.empty}</EmptyState> : <RatesTable declarations={figures} />}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Figure label={m.paidTickets} value={String(figures.paidTickets)} />
        <Figure label={m.freeTickets} value={String(figures.freeTickets)} />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={4} size="h5">
            {m.cnmTitle}
          </Title>
          {isCnm ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Figure label={m.cnmBase} value={formatEuros(figures.cnmBaseCents)} bare />
              <Figure label={m.cnmTax} value={formatEuros(figures.cnmTaxCents)} bare />
            </SimpleGrid>
          ) : (
            <Text size="sm">{m.cnmNotConcerned}</Text>
          )}
        </Stack>
      </Paper>
    </>
  );
}

function RatesTable({ declarations }: { declarations: DeclarationFigures }) {
  const revenue = declarations.rates.reduce((sum, row) => sum + row.revenueExclVatCents, 0);
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder verticalSpacing="sm" captionSide="top">
        <Table.Caption ta="left">{m.ratesCaption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{m.columns.rate}</Table.Th>
            <Table.Th scope="col" ta="right">
              {m.columns.revenue}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {m.columns.vat}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {declarations.rates.map((row) => (
            <Table.Tr key={row.vatRate}>
              <Table.Th scope="row" fw="normal">
                {m.rate(row.vatRate)}
              </Table.Th>
              <Table.Td ta="right">{formatEuros(row.revenueExclVatCents)}</Table.Td>
              <Table.Td ta="right">{formatEuros(row.vatCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">{m.total}</Table.Th>
            <Table.Td ta="right">{formatEuros(revenue)}</Table.Td>
            <Table.Td ta="right">{formatEuros(declarations.vatCents)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One figure and what it counts; `bare` inside a card that already has its border. */
function Figure({ label, value, bare = false }: { label: string; value: string; bare?: boolean }) {
  const body = (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Stack>
  );
  return bare ? (
    body
  ) : (
    <Paper withBorder p="md" radius="md">
      {body}
    </Paper>
  );
}

function ExportButton({ url, format, label }: { url: string; format: 'xlsx' | 'csv'; label: string }) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadFile(url, `declarations.${format}`);
    } catch {
      toast(m.exportFailed, 'error');
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} aria-hidden />}
      loading={pending}
      onClick={() => void download()}
    >
      {label}
    </Button>
  );
}
