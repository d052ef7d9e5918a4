import { adminFr } from '@guichet/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

/** A yes-or-no question before a back-office action that cannot be taken back from this page. */
export function ConfirmModal({
  title,
  text,
  confirmLabel,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': adminFr.common.cancel }}>
      <Stack>
        <Text>{text}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {adminFr.common.cancel}
          </Button>
          <Button loading={pending} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
