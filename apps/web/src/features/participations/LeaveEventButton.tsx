import { ticketsFr } from '@guichet/shared';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDoorExit } from '@tabler/icons-react';
import { useLeaveEvent } from '../../api/participations';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
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
      <ConfirmDialog
        opened={opened}
        title={m.title}
        confirmLabel={m.confirm}
        color="red.9"
        pending={leave.isPending}
        error={leave.error?.message ?? null}
        onClose={close}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => {
              modal.close();
              toast(m.done);
            },
          })
        }
      >
        {m.text}
      </ConfirmDialog>
    </>
  );
}
