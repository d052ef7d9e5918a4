import { fr } from '@guichet/shared';
import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { QrCodeImage, useQrCodeDataUrl } from '../shell/QrCodeImage';

const QR_SIZE = 230;

/** The event's link, a copy button, and a QR code of the link to download as PNG. */
export function ShareModal({
  opened,
  onClose,
  url,
  title,
}: {
  opened: boolean;
  onClose: () => void;
  url: string;
  title: string;
}) {
  const qr = useQrCodeDataUrl(url, QR_SIZE);
  return (
    <Modal opened={opened} onClose={onClose} title={fr.events.shareTitle} centered>
      <Stack>
        <TextInput label={fr.events.eventLink} value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
        <CopyButton value={url}>
          {({ copy }) => (
            <Button
              leftSection={<IconCopy size={16} />}
              onClick={() => {
                copy();
                notifications.show({ message: fr.events.linkCopied, color: 'teal' });
              }}
            >
              {fr.events.copyLink}
            </Button>
          )}
        </CopyButton>
        <Group justify="center">
          <QrCodeImage value={url} size={QR_SIZE} alt={fr.events.qrAlt(title)} />
        </Group>
        <Text size="sm" c="dimmed" ta="center">
          {fr.events.qrHelp}
        </Text>
        <Button
          component="a"
          href={qr ?? undefined}
          download={`${title.replace(/[^\p{L}\p{N}]+/gu, '-')}-qr.png`}
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={!qr}
        >
          {fr.events.downloadQr}
        </Button>
      </Stack>
    </Modal>
  );
}
