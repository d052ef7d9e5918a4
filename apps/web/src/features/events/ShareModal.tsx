import { fr, QR_CODE_SIZE } from '@guichet/shared';
import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { Loading } from '../../ui/Loading';
import { toast } from '../../ui/toast';
import { QrCodeImage, useQrCodeDataUrl } from '../shell/QrCodeImage';

const QR_SIZE = QR_CODE_SIZE.link;

/**
 * The event's link, a copy button, and a QR code of the link to download as PNG. A private
 * event's link is its invitation link (`url` is null while it is fetched).
 */
export function ShareModal({
  opened,
  onClose,
  url,
  title,
  isPrivate = false,
  failed = false,
}: {
  opened: boolean;
  onClose: () => void;
  url: string | null;
  title: string;
  isPrivate?: boolean;
  /** The invitation link could not be made. */
  failed?: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={fr.events.shareTitle} centered>
      {url ? (
        <ShareContent url={url} title={title} isPrivate={isPrivate} />
      ) : failed ? (
        <Alert color="red" role="alert">
          {fr.events.shareFailed}
        </Alert>
      ) : (
        <Loading />
      )}
    </Modal>
  );
}

function ShareContent({ url, title, isPrivate }: { url: string; title: string; isPrivate: boolean }) {
  const qr = useQrCodeDataUrl(url, QR_SIZE);
  return (
    <Stack>
      {isPrivate && (
        <Alert color="blue" variant="light">
          {fr.events.privateShareNote}
        </Alert>
      )}
      <TextInput label={fr.events.eventLink} value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
      <CopyButton value={url}>
        {({ copy }) => (
          <Button
            leftSection={<IconCopy size={16} />}
            onClick={() => {
              copy();
              toast(fr.events.linkCopied);
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
  );
}
