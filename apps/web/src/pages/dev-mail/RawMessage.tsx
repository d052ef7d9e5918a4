import { fr } from '@guichet/shared';
import { Alert, Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { type DevMail, useRawMail } from '../../api/dev-mail';

/** The message as SMTP would have sent it: shown on demand, and downloadable as a .eml file. */
export function RawMessage({ mail }: { mail: DevMail }) {
  const [open, setOpen] = useState(false);
  const raw = useRawMail(mail, open);
  const regionId = useId();
  if (!mail.rawUrl) {
    return (
      <Text size="sm" c="dimmed" mt="md">
        {fr.mail.devMailboxRawPending}
      </Text>
    );
  }
  return (
    <Stack gap="xs" mt="md">
      <Group gap="md">
        <Button
          variant="default"
          size="xs"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen(!open)}
        >
          {fr.mail.devMailboxRaw}
        </Button>
        <Anchor href={mail.rawUrl} download={`message-${mail.id}.eml`} size="sm">
          {fr.mail.devMailboxRawDownload}
        </Anchor>
      </Group>
      {open && (
        <div id={regionId}>
          {raw.isError ? (
            <Alert color="red">{raw.error.message}</Alert>
          ) : (
            <Code
              block
              tabIndex={0}
              role="region"
              aria-label={fr.mail.devMailboxRaw}
              aria-busy={raw.isPending}
              style={{ maxHeight: 420, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            >
              {raw.data ?? ''}
            </Code>
          )}
        </div>
      )}
    </Stack>
  );
}
