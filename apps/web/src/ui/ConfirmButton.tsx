import { Button, type ButtonProps } from '@mantine/core';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

type DialogProps = Omit<ComponentProps<typeof ConfirmDialog>, 'opened' | 'onClose' | 'onConfirm' | 'children'>;

/**
 * A button that asks before it acts (leave an event, delete an account or an event, ask for a
 * refund): `text` is the question; `onConfirm` gets the means to close the dialog, for when the
 * action has succeeded. `onClose` runs when the dialog closes (to forget a refusal).
 */
export function ConfirmButton({
  label,
  button,
  text,
  onConfirm,
  onClose,
  ...dialog
}: DialogProps & {
  label: string;
  button?: ButtonProps & { className?: string };
  text: ReactNode;
  onConfirm: (close: () => void) => void;
  onClose?: () => void;
}) {
  const [opened, setOpened] = useState(false);
  const close = () => {
    setOpened(false);
    onClose?.();
  };
  return (
    <>
      <Button {...button} onClick={() => setOpened(true)}>
        {label}
      </Button>
      <ConfirmDialog {...dialog} opened={opened} onClose={close} onConfirm={() => onConfirm(close)}>
        {text}
      </ConfirmDialog>
    </>
  );
}
