import { ticketsFr } from '@guichet/shared';
import { IconDoorExit } from '@tabler/icons-react';
import { useLeaveEvent } from '../../api/participations';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { toast } from '../../ui/toast';

const m = ticketsFr.leave;

/**
 * 'Quitter l'événement' and its confirmation. Only free participations can be left; the server
 * refuses a holder of a paid ticket with the same message shown here.
 */
export function LeaveEventButton({ eventId }: { eventId: string }) {
  const leave = useLeaveEvent(eventId);
  return (
    <ConfirmButton
      label={m.button}
      button={{
        variant: 'subtle',
        color: 'red',
        size: 'compact-sm',
        leftSection: <IconDoorExit size={16} aria-hidden />,
      }}
      title={m.title}
      text={m.text}
      confirmLabel={m.confirm}
      color="red.9"
      pending={leave.isPending}
      error={leave.error?.message ?? null}
      onClose={leave.reset}
      onConfirm={(close) =>
        leave.mutate(undefined, {
          onSuccess: () => {
            close();
            toast(m.done);
          },
        })
      }
    />
  );
}
