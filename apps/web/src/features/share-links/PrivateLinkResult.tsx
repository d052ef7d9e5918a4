import { QR_CODE_SIZE, ticketsFr } from '@guichet/shared';
import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { toast } from '../../ui/toast';
import { QrCodeImage, useQrCodeDataUrl } from '../shell/QrCodeImage';

const m = ticketsFr.privateLink;
/** 1-attendee.md §9: a link's QR code is 230 px. */
const QR_SIZE = QR_CODE_SIZE.link;

/** The generated private link: copy it, or hand out its QR code as a PNG. */
export function PrivateLinkResult({ url, title }: { url: string; title: string }) {
  const qr = useQrCodeDataUrl(url, QR_SIZE);
  return (
    <Stack gap="sm">
      <TextInput label={m.linkLabel} value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
      <CopyButton value={url}>
        {({ copy }) => (
          <Button
            leftSection={<IconCopy size={16} aria-hidden />}
            variant="light"
            onClick={() => {
              copy();
              toast(m.copied);
            }}
          >
            {m.copy}
          </Button>
        )}
      </CopyButton>
      <Group justify="center">
        <QrCodeImage value={url} size={QR_SIZE} alt={m.qrAlt(title)} />
      </Group>
      <Text size="sm" c="dimmed" ta="center">
        {m.qrHelp}
      </Text>
      <Button
        component="a"
        href={qr ?? undefined}
        download={`${title.replace(/[^\p{L}\p{N}]+/gu, '-')}-lien-prive-qr.png`}
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        disabled={!qr}
      >
        {m.downloadQr}
      </Button>
    </Stack>
  );
}
