import { fr } from '@guichet/shared';
import { Alert, Modal, Stack } from '@mantine/core';
import { Loading } from '../../ui/Loading';
import { LinkWithQrCode } from '../shell/LinkWithQrCode';

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
  const t = fr.events;
  return (
    <Stack>
      {isPrivate && (
        <Alert color="blue" variant="light">
          {t.privateShareNote}
        </Alert>
      )}
      <LinkWithQrCode
        url={url}
        title={title}
        fileSuffix="qr"
        texts={{ ...t, link: t.eventLink, copy: t.copyLink, copied: t.linkCopied }}
      />
    </Stack>
  );
}
