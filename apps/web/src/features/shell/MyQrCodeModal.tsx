import { fr, QR_CODE_SIZE } from '@guichet/shared';
import { Modal } from '@mantine/core';
import { QrCodeImage } from './QrCodeImage';

/** The user's own QR code (their id), size 200 at the highest correction level. */
export default function MyQrCodeModal({ userId, onClose }: { userId: string; onClose: () => void }) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={fr.shell.myQrCodeTitle}
      centered
      size="auto"
      closeButtonProps={{ 'aria-label': fr.common.close }}
    >
      <QrCodeImage value={userId} size={QR_CODE_SIZE.code} alt={fr.shell.myQrCodeTitle} />
    </Modal>
  );
}
