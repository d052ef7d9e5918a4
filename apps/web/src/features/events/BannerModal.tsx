import { Image, Modal } from '@mantine/core';

/** The banner enlarged, whole (a chunk of its own: the modal's code loads when it is opened). */
export default function BannerModal({
  opened,
  onClose,
  title,
  src,
  alt,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  src: string;
  alt: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} size="xl" centered title={title}>
      <Image src={src} alt={alt} />
    </Modal>
  );
}
