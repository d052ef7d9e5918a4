import { QR_CODE_SIZE } from '@guichet/shared';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { CopyToastButton } from '../../ui/CopyToastButton';
import { QrCodeImage, useQrCodeDataUrl } from './QrCodeImage';

/** 1-attendee.md §9: a link's QR code is 230 px. */
const QR_SIZE = QR_CODE_SIZE.link;

/**
 * A link to hand out (an event's, a private link): the link to copy, its QR code, and the QR code
 * as a PNG named after `title` and `fileSuffix`. Its parent lays the pieces out in a Stack.
 */
export function LinkWithQrCode({
  url,
  title,
  fileSuffix,
  texts,
  copyVariant,
}: {
  url: string;
  title: string;
  fileSuffix: string;
  texts: {
    link: string;
    copy: string;
    copied: string;
    qrAlt: (title: string) => string;
    qrHelp: string;
    downloadQr: string;
  };
  copyVariant?: 'light';
}) {
  const qr = useQrCodeDataUrl(url, QR_SIZE);
  return (
    <>
      <TextInput label={texts.link} value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
      <CopyToastButton value={url} label={texts.copy} copied={texts.copied} variant={copyVariant} />
      <Group justify="center">
        <QrCodeImage value={url} size={QR_SIZE} alt={texts.qrAlt(title)} />
      </Group>
      <Text size="sm" c="dimmed" ta="center">
        {texts.qrHelp}
      </Text>
      <Button
        component="a"
        href={qr ?? undefined}
        download={`${title.replace(/[^\p{L}\p{N}]+/gu, '-')}-${fileSuffix}.png`}
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        disabled={!qr}
      >
        {texts.downloadQr}
      </Button>
    </>
  );
}
