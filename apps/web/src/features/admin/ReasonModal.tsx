import { adminFr, firstReasonError, REASON_MAX_LENGTH } from '@guichet/shared';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';

const m = adminFr.common;

/** Asks for the reason of a refusal (verification, payout) or of a ban, then confirms. */
export function ReasonModal({
  title,
  label = m.reason,
  confirmLabel = m.confirm,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  label?: string;
  confirmLabel?: string;
  pending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': m.cancel }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const problem = firstReasonError(reason);
          setInvalid(problem);
          if (!problem) onConfirm(reason.trim());
        }}
      >
        <Stack>
          <Textarea
            label={label}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={invalid}
            autosize
            minRows={3}
            maxLength={REASON_MAX_LENGTH}
            data-autofocus
            required
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {m.cancel}
            </Button>
            <Button type="submit" color="red.8" loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
