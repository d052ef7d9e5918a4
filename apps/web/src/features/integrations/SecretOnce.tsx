import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CopyToastButton } from '../../ui/CopyToastButton';

/** A secret shown once (a token, a signing secret): the warning, the value, copy, and done. */
export function SecretOnce({
  label,
  value,
  warning,
  copyLabel,
  copied,
  doneLabel,
  onDone,
}: {
  label: string;
  value: string;
  warning: string;
  copyLabel: string;
  copied: string;
  doneLabel: string;
  onDone: () => void;
}) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        {warning}
      </Alert>
      <TextInput
        label={label}
        value={value}
        readOnly
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="secret-once"
      />
      <Group justify="space-between" wrap="wrap">
        <CopyToastButton value={value} label={copyLabel} copied={copied} variant="light" />
        <Button variant="default" onClick={onDone}>
          {doneLabel}
        </Button>
      </Group>
    </Stack>
  );
}
