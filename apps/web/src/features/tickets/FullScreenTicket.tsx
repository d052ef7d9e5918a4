import { accountFr, type MyParticipation, TICKET_QR_OPTIONS } from '@guichet/shared';
import { Button, Modal, Stack, Text, Title } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { useEffect } from 'react';
import { QrCodeImage } from '../shell/QrCodeImage';

const m = accountFr.myTickets;

/**
 * The ticket as the door wants it: the QR code as large as the screen allows, black on white
 * whatever the theme, the screen kept awake where the browser can (Screen Wake Lock).
 */
export function FullScreenTicket({
  opened,
  onClose,
  participation,
  code,
  shortCode,
}: {
  opened: boolean;
  onClose: () => void;
  participation: MyParticipation;
  code: string;
  shortCode: string;
}) {
  const { width, height } = useViewportSize();
  const size = Math.max(200, Math.min(width - 32, height - 260, 720));
  useEffect(() => {
    if (!opened || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | undefined;
    let released = false;
    navigator.wakeLock
      .request('screen')
      .then((sentinel) => {
        if (released) void sentinel.release();
        else lock = sentinel;
      })
      .catch(() => {});
    return () => {
      released = true;
      void lock?.release();
    };
  }, [opened]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      withCloseButton={false}
      title={participation.eventTitle}
      styles={{ content: { background: '#ffffff', color: '#000000' }, header: { display: 'none' } }}
    >
      <Stack align="center" gap="sm" py="md">
        <Title order={2} size="h3" ta="center" c="#000000">
          {participation.eventTitle}
        </Title>
        <Text c="#000000" ta="center">
          {participation.firstName} {participation.lastName} · {participation.ticketTitle}
        </Text>
        <QrCodeImage value={code} size={size} alt={m.qrAlt(participation.eventTitle)} options={TICKET_QR_OPTIONS} />
        <Text ff="monospace" size="xl" fw={700} c="#000000" aria-label={`${m.shortCode} ${shortCode}`}>
          {shortCode}
        </Text>
        <Text size="sm" c="#333333" ta="center">
          {m.fullScreenHelp}
        </Text>
        <Button variant="filled" color="dark" onClick={onClose} data-autofocus>
          {m.close}
        </Button>
      </Stack>
    </Modal>
  );
}
