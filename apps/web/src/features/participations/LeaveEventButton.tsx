import { fr, ticketsFr } from '@guichet/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDoorExit } from '@tabler/icons-react';
import { useLeaveEvent } from '../../api/participations';
import { toast } from '../../ui/toast';

const m = ticketsFr.leave;

/**
 * 'Quitter l'événement' and its confirmation. Only free participations can be left; the server
 * refuses a holder of a paid ticket with the same message shown here.
 */
export function LeaveEventButton({ eventId }: { eventId: string }) {
  const [opened, modal] = useDisclosure(false);
  const leave = useLeaveEvent(eventId);

  const close = () => {
    leave.reset();
    modal.close();
  };

  return (
    <>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        leftSection={<IconDoorExit size={16} aria-hidden />}
        onClick={modal.open}
      >
        {m.button}
      </Button>
      <Modal opened={opened} onClose={close} title={m.title} centered>
        <Stack>
          <Text>{m.text}</Text>
          {leave.isError && (
            <Alert color="red" role="alert">
              {leave.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {fr.common.cancel}
            </Button>
            <Button
              color="red.9"
              loading={leave.isPending}
              onClick={() =>
                leave.mutate(undefined, {
                  onSuccess: () => {
                    modal.close();
                    toast(m.done);
                  },
                })
              }
            >
              {m.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
