import { paymentFr } from '@guichet/shared';
import { Button, Modal, Stack, Text } from '@mantine/core';

/**
 * The modals that end a payment attempt (1-attendee.md §4): they cannot be dismissed, only the
 * page reloaded, so that the buyer starts again from fresh availability.
 */
export function ReloadModal({ opened, title, body }: { opened: boolean; title: string; body: string }) {
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      title={title}
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <Stack>
        <Text>{body}</Text>
        <Button onClick={() => window.location.reload()} data-autofocus>
          {paymentFr.reloadPage}
        </Button>
      </Stack>
    </Modal>
  );
}
