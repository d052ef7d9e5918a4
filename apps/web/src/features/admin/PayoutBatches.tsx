import { adminFr, formatEuros, type PayoutBatch } from '@guichet/shared';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconStack2 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  adminKeys,
  fetchBatchSepaFile,
  useAdminPayouts,
  useCreatePayoutBatch,
  usePayoutBatches,
} from '../../api/admin';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataList } from '../../ui/DataList';
import { mutationDialog } from '../../ui/mutation-dialog';
import { Panel } from '../../ui/Panel';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { fileNameFromDisposition } from '../follow-up/download-name';
import { BatchPaidModal } from './BatchPaidModal';
import { shortDateTime } from './format';

const m = adminFr.payouts;

/**
 * The batches for the bank: the payouts to send are put in a batch (after a confirmation), whose
 * SEPA file is downloaded — always the same file — then the batch is marked paid with the bank's
 * reference.
 */
export function PayoutBatches() {
  const requested = useAdminPayouts('requested');
  const batches = usePayoutBatches();
  const [confirming, setConfirming] = useState(false);
  const create = mutationDialog(useCreatePayoutBatch(), () => setConfirming(false));
  const [paying, setPaying] = useState<PayoutBatch | null>(null);
  const pending = requested.data ?? [];
  const total = pending.reduce((sum, payout) => sum + payout.amountCents, 0);

  return (
    <Panel title={m.batches} gap="md">
      <Text size="sm" c="dimmed">
        {m.batchHint}
      </Text>
      {pending.length > 0 && (
        <Group justify="space-between" gap="sm">
          <Text fw={600}>{m.total(pending.length, formatEuros(total))}</Text>
          <Button leftSection={<IconStack2 size={18} aria-hidden />} onClick={() => setConfirming(true)}>
            {m.createBatch}
          </Button>
        </Group>
      )}
      <QueryState
        query={batches}
        errorTitle={adminFr.common.loadFailed}
        isEmpty={(list) => list.length === 0}
        empty={m.batchesEmpty}
      >
        {(list) => <BatchList batches={list} onPay={setPaying} />}
      </QueryState>
      {confirming && (
        <ConfirmDialog
          title={m.createBatchTitle}
          confirmLabel={m.createBatch}
          {...create.props}
          onConfirm={() =>
            create.send(
              pending.map((payout) => payout.id),
              (batch) => m.batchCreated(batch.payoutIds.length),
            )
          }
        >
          {m.createBatchText(pending.length, formatEuros(total))}
        </ConfirmDialog>
      )}
      {paying && <BatchPaidModal batch={paying} onClose={() => setPaying(null)} />}
    </Panel>
  );
}

function BatchList({ batches, onPay }: { batches: PayoutBatch[]; onPay: (batch: PayoutBatch) => void }) {
  const label = (batch: PayoutBatch) => m.batchLabel(shortDateTime(batch.createdAt));
  const total = (batch: PayoutBatch) => (
    <Text fw={700} inherit style={{ whiteSpace: 'nowrap' }}>
      {formatEuros(batch.totalCents)}
    </Text>
  );
  return (
    <DataList
      items={batches}
      itemKey={(batch) => batch.id}
      cardLabel={label}
      card={(batch) => (
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600}>{label(batch)}</Text>
            {total(batch)}
          </Group>
          <Text size="sm">{m.batchCount(batch.payoutCount)}</Text>
          <BatchStates batch={batch} />
          <BatchActions batch={batch} onPay={onPay} />
        </Stack>
      )}
      minWidth={760}
      columns={[
        { header: m.batchCreatedAt, cell: (batch) => <Text fw={600}>{label(batch)}</Text> },
        { header: m.batchPayouts, align: 'right', cell: (batch) => batch.payoutCount },
        { header: m.batchTotal, align: 'right', cell: total },
        { header: m.status, cell: (batch) => <BatchStates batch={batch} /> },
        {
          header: adminFr.common.actions,
          hideHeader: true,
          cell: (batch) => <BatchActions batch={batch} onPay={onPay} />,
        },
      ]}
    />
  );
}

function BatchStates({ batch }: { batch: PayoutBatch }) {
  return (
    <Stack gap={4} align="flex-start">
      <Badge variant="light" color={batch.downloadedAt ? 'blue' : 'yellow'}>
        {batch.downloadedAt ? m.downloaded(shortDateTime(batch.downloadedAt)) : m.notDownloaded}
      </Badge>
      <Badge variant="light" color={batch.paidAt ? 'teal' : 'gray'}>
        {batch.paidAt && batch.bankReference
          ? m.batchPaid(shortDateTime(batch.paidAt), batch.bankReference)
          : m.batchNotPaid}
      </Badge>
    </Stack>
  );
}

function BatchActions({ batch, onPay }: { batch: PayoutBatch; onPay: (batch: PayoutBatch) => void }) {
  const client = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const label = m.batchLabel(shortDateTime(batch.createdAt));

  const download = async () => {
    setDownloading(true);
    try {
      const file = await fetchBatchSepaFile(batch.id);
      const url = URL.createObjectURL(file.blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = fileNameFromDisposition(file.disposition, 'virements.xml');
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      // The first download marks the batch sent.
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.batches }),
        client.invalidateQueries({ queryKey: adminKeys.audit }),
      ]);
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Group gap="xs" justify="flex-end">
      <Button
        size="xs"
        variant={batch.downloadedAt ? 'default' : 'filled'}
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={downloading}
        onClick={() => void download()}
        aria-label={`${m.downloadSepa} : ${label}`}
      >
        {m.downloadSepa}
      </Button>
      {batch.downloadedAt && !batch.paidAt && (
        <Button size="xs" onClick={() => onPay(batch)} aria-label={`${m.markBatchPaid} : ${label}`}>
          {m.markBatchPaid}
        </Button>
      )}
    </Group>
  );
}
