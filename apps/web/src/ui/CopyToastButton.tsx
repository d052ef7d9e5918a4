import { Button, CopyButton } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { toast } from './toast';

/** Copies `value` to the clipboard and says so in a toast (a link, a token, a secret). */
export function CopyToastButton({
  value,
  label,
  copied,
  variant,
}: {
  value: string;
  label: string;
  copied: string;
  variant?: 'light';
}) {
  return (
    <CopyButton value={value}>
      {({ copy }) => (
        <Button
          leftSection={<IconCopy size={16} aria-hidden />}
          variant={variant}
          onClick={() => {
            copy();
            toast(copied);
          }}
        >
          {label}
        </Button>
      )}
    </CopyButton>
  );
}
