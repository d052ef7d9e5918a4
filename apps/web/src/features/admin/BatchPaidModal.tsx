import { adminFr, formatEuros, type PayoutBatch } from '@guichet/shared';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useMarkBatchPaid } from '../../api/admin';
import { toast } from '../../ui/toast';
import { shortDateTime } from './format';

const m = adminFr.payouts;

/** The bank carried out the batch's file: its reference marks every payout of the batch paid. */
export function BatchPaidModal({ batch, onClose }: { batch: PayoutBatch; onClose: () => void }) {
  const markPaid = useMarkBatchPaid();
  const [reference, setReference] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      title={m.markBatchPaidTitle}
      closeButtonProps={{ 'aria-label': adminFr.common.cancel }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reference.trim()) {
            setInvalid(m.bankReferenceRequired);
            return;
          }
          markPaid.mutate(
            { batchId: batch.id, bankReference: reference.trim() },
            {
              onSuccess: () => {
                toast(m.batchPaidDone);
                onClose();
              },
            },
          );
        }}
      >
        <Stack>
          <Text fw={600}>{m.batchLabel(shortDateTime(batch.createdAt))}</Text>
          <Text>{m.markBatchPaidText(batch.payoutCount, formatEuros(batch.totalCents))}</Text>
          <TextInput
            label={m.bankReference}
            value={reference}
            onChange={(event) => {
              setReference(event.currentTarget.value);
              setInvalid(null);
            }}
            error={invalid}
            maxLength={200}
            data-autofocus
            required
          />
          {markPaid.error && (
            <Alert color="red" role="alert">
              {markPaid.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {adminFr.common.cancel}
            </Button>
            <Button type="submit" loading={markPaid.isPending}>
              {m.markBatchPaid}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
