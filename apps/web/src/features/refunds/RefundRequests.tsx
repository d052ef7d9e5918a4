import { formatDateTime, formatEuros, REASON_MAX_LENGTH, refundsFr } from '@guichet/shared';
import { Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { type RefundRequestRow, useDecideRefund, useRefundRequests } from '../../api/refunds';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { mutationDialog } from '../../ui/mutation-dialog';
import { PromptDialog } from '../../ui/PromptDialog';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { refundStatusColor } from './status-color';

const m = refundsFr.console;

/** The holders' refund requests of the event, each accepted (refunded) or refused with a reason. */
export function RefundRequests({ eventId }: { eventId: string }) {
  const requests = useRefundRequests(eventId);
  const [accepting, setAccepting] = useState<RefundRequestRow | null>(null);
  const [refusing, setRefusing] = useState<RefundRequestRow | null>(null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="refund-requests-title">
      <Title order={3} size="h4" id="refund-requests-title">
        {m.title}
      </Title>
      <QueryState query={requests} errorTitle={m.loadError} isEmpty={(rows) => rows.length === 0} empty={m.empty}>
        {(rows) => (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((row) => (
              <Paper key={row.participationId} component="li" withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                    <Text fw={600} truncate>
                      {row.holderName}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {row.holderEmail} · {row.ticketTitle}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {m.requestedOn(formatDateTime(row.requestedAt))}
                    </Text>
                    {row.status === 'refused' && row.reason && (
                      <Text size="xs" c="dimmed">
                        {m.reasonLabel} : {row.reason}
                      </Text>
                    )}
                    {row.status === 'failed' && row.lastError && (
                      <Text size="xs" c="red.5">
                        {m.lastError(row.lastError)}
                      </Text>
                    )}
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatEuros(row.amountCents)}
                      <Text span size="sm" c="dimmed" fw={400}>
                        {' '}
                        · {m.places(row.places)}
                      </Text>
                    </Text>
                    <Badge variant="light" color={refundStatusColor[row.status]}>
                      {m.status[row.status]}
                    </Badge>
                  </Group>
                  {row.status === 'requested' && (
                    <Group gap="xs" w={{ base: '100%', xs: 'auto' }} justify="flex-end">
                      <Button variant="default" size="sm" onClick={() => setRefusing(row)}>
                        {m.refuse}
                        <VisuallyNamed row={row} />
                      </Button>
                      <Button size="sm" onClick={() => setAccepting(row)}>
                        {m.accept}
                        <VisuallyNamed row={row} />
                      </Button>
                    </Group>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </QueryState>
      <AcceptModal eventId={eventId} row={accepting} onClose={() => setAccepting(null)} />
      <RefuseModal eventId={eventId} row={refusing} onClose={() => setRefusing(null)} />
    </Stack>
  );
}

/** Names the holder for screen readers, whose list of buttons would otherwise all read the same. */
function VisuallyNamed({ row }: { row: RefundRequestRow }) {
  return <VisuallyHidden> — {row.holderName}</VisuallyHidden>;
}

function AcceptModal({ eventId, row, onClose }: { eventId: string; row: RefundRequestRow | null; onClose(): void }) {
  const decide = useDecideRefund(eventId);
  return (
    <ConfirmDialog
      opened={row !== null}
      title={m.acceptTitle}
      confirmLabel={m.confirm}
      cancelLabel={m.cancel}
      pending={decide.isPending}
      onClose={onClose}
      onConfirm={() =>
        row &&
        decide.mutate(
          { participationId: row.participationId, accept: true },
          {
            onSuccess: (decision) => {
              toast(decision.status === 'refunded' || decision.status === 'manual' ? m.accepted : m.acceptedPending);
              onClose();
            },
            onError: (error) => toast(error.message, 'error'),
          },
        )
      }
    >
      {row ? m.acceptText(formatEuros(row.amountCents), row.places) : ''}
    </ConfirmDialog>
  );
}

function RefuseModal({ eventId, row, onClose }: { eventId: string; row: RefundRequestRow | null; onClose(): void }) {
  const decide = mutationDialog(useDecideRefund(eventId), onClose);
  return (
    <PromptDialog
      opened={row !== null}
      title={m.refuseTitle}
      label={m.reasonLabel}
      description={m.reasonHelp}
      multiline
      maxLength={REASON_MAX_LENGTH}
      check={(reason) => (reason.trim() ? null : refundsFr.errors.reasonRequired)}
      confirmLabel={m.refuse}
      cancelLabel={m.cancel}
      color="red"
      {...decide.props}
      onConfirm={(reason) => row && decide.send({ participationId: row.participationId, reason }, m.refused)}
    />
  );
}
