import { ticketsFr } from '@guichet/shared';
import { Stack } from '@mantine/core';
import { LinkWithQrCode } from '../shell/LinkWithQrCode';

const m = ticketsFr.privateLink;

/** The generated private link: copy it, or hand out its QR code as a PNG. */
export function PrivateLinkResult({ url, title }: { url: string; title: string }) {
  return (
    <Stack gap="sm">
      <LinkWithQrCode
        url={url}
        title={title}
        fileSuffix="lien-prive-qr"
        texts={{ ...m, link: m.linkLabel }}
        copyVariant="light"
      />
    </Stack>
  );
}
