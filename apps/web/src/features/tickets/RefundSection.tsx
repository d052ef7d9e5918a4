import { accountFr, formatDateTime, type MyParticipation, refundStateOf } from '@guichet/shared';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useRequestRefund } from '../../api/participations';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { toast } from '../../ui/toast';

const m = accountFr.myTickets;

/** The refund part of a ticket card (1-attendee.md §4 "Refund on a ticket card"). */
export function RefundSection({ participation }: { participation: MyParticipation }) {
  const state = refundStateOf(participation, new Date());
  if (state === 'notRefundable') {
    return (
      <Text size="sm" c="dimmed">
        {m.notRefundable}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge color="teal" variant="light">
          {m.refundable}
        </Badge>
        <Text size="sm">{m.refundPlaces(participation.refundPlaces)}</Text>
      </Group>
      {state === 'deadlinePassed' && <Text size="sm">{m.deadlinePassed}</Text>}
      {state === 'requested' && <Text size="sm">{m.alreadyRequested}</Text>}
      {state === 'available' && <RefundRequest participation={participation} />}
    </Stack>
  );
}

function RefundRequest({ participation }: { participation: MyParticipation }) {
  // The spec disables the button after the click, whatever the answer: a second request would be refused anyway.
  const [clicked, setClicked] = useState(false);
  const request = useRequestRefund(participation.id);
  const deadline = participation.dateMaxRefund ?? participation.dateBegin;

  const confirm = (close: () => void) => {
    setClicked(true);
    close();
    request.mutate(undefined, { onSuccess: ({ message }) => toast(message) });
  };

  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" c="dimmed">
        {m.refundUntil(formatDateTime(deadline))}
      </Text>
      <ConfirmButton
        label={m.requestButton}
        button={{ variant: 'light', disabled: clicked, loading: request.isPending }}
        title={m.confirmTitle}
        text={m.confirmText}
        confirmLabel={m.confirm}
        cancelLabel={m.cancel}
        onConfirm={confirm}
      />
      {request.error && (
        <Alert color="red" role="alert" p="xs">
          {request.error.message}
        </Alert>
      )}
    </Stack>
  );
}
