import { fr } from '@guichet/shared';
import { Button, Group, type MantineColor, type MantineSize, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from './FormError';

/**
 * A question before an action that cannot be taken back: the text (or the fields it needs), the
 * server's refusal, Cancel and the action. A form, so that Enter in a field confirms; its submit
 * stops here, since React bubbles it through the portal to a form the dialog was opened from.
 */
export function ConfirmDialog({
  opened = true,
  title,
  children,
  confirmLabel = fr.common.confirm,
  cancelLabel = fr.common.cancel,
  color,
  size,
  pending = false,
  error = null,
  onClose,
  onConfirm,
}: {
  opened?: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  color?: MantineColor;
  size?: MantineSize;
  pending?: boolean;
  error?: string | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          onConfirm();
        }}
      >
        <Stack>
          {typeof children === 'string' ? <Text>{children}</Text> : children}
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {cancelLabel}
            </Button>
            <Button type="submit" color={color} loading={pending} data-autofocus>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
