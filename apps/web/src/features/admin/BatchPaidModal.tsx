import { adminFr, formatEuros, type PayoutBatch } from '@guichet/shared';
import { Text } from '@mantine/core';
import { useMarkBatchPaid } from '../../api/admin';
import { PromptDialog } from '../../ui/PromptDialog';
import { toast } from '../../ui/toast';
import { shortDateTime } from './format';

const m = adminFr.payouts;

/** The bank carried out the batch's file: its reference marks every payout of the batch paid. */
export function BatchPaidModal({ batch, onClose }: { batch: PayoutBatch; onClose: () => void }) {
  const markPaid = useMarkBatchPaid();
  return (
    <PromptDialog
      title={m.markBatchPaidTitle}
      intro={
        <>
          <Text fw={600}>{m.batchLabel(shortDateTime(batch.createdAt))}</Text>
          <Text>{m.markBatchPaidText(batch.payoutCount, formatEuros(batch.totalCents))}</Text>
        </>
      }
      label={m.bankReference}
      maxLength={200}
      check={(reference) => (reference.trim() ? null : m.bankReferenceRequired)}
      confirmLabel={m.markBatchPaid}
      pending={markPaid.isPending}
      error={markPaid.error?.message ?? null}
      onClose={onClose}
      onConfirm={(bankReference) =>
        markPaid.mutate(
          { batchId: batch.id, bankReference },
          {
            onSuccess: () => {
              toast(m.batchPaidDone);
              onClose();
            },
          },
        )
      }
    />
  );
}
