import { type ConsoleEventDate, eventDatesFr, formatDateTime } from '@guichet/shared';
import { Badge, Button, Group, Menu, ScrollArea, Stack, Table, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { IconDots, IconPlus, IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { useCancelEventDate, useConsoleEventDates, useDateOrders, useDeleteEventDate } from '../../api/event-dates';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { mutationDialog } from '../../ui/mutation-dialog';
import { QueryState } from '../../ui/QueryState';
import { Section } from '../../ui/Section';
import { DateForm, MoveForm } from './DateForm';
import { hasSales } from './dates';
import { RepeatForm } from './RepeatForm';

const m = eventDatesFr.console;

type Dialog =
  | { kind: 'add' }
  | { kind: 'repeat' }
  | { kind: 'edit'; date: ConsoleEventDate }
  | { kind: 'move'; date: ConsoleEventDate }
  | { kind: 'cancel'; date: ConsoleEventDate }
  | { kind: 'delete'; date: ConsoleEventDate }
  | null;

const statusColor = { onsale: 'teal', soldOut: 'red', cancelled: 'gray' } as const;

/** The console's Dates tab (issue 32): the dates with their figures, and every change of them. */
export function DatesTab({ eventId }: { eventId: string }) {
  const dates = useConsoleEventDates(eventId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const remove = mutationDialog(useDeleteEventDate(eventId), close);

  return (
    <Section
      title={m.title}
      actions={
        <Group gap="xs">
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ kind: 'add' })}>
            {m.add}
          </Button>
          <Button
            variant="default"
            leftSection={<IconRepeat size={18} aria-hidden />}
            onClick={() => setDialog({ kind: 'repeat' })}
          >
            {m.addRepeat}
          </Button>
        </Group>
      }
    >
      <Text size="sm" c="dimmed">
        {m.intro}
      </Text>
      <QueryState query={dates}>
        {(rows) =>
          rows.length === 0 ? <Text c="dimmed">{m.empty}</Text> : <DatesTable rows={rows} onAction={setDialog} />
        }
      </QueryState>
      {dialog?.kind === 'add' && <DateForm eventId={eventId} date={null} onClose={close} />}
      {dialog?.kind === 'edit' && <DateForm eventId={eventId} date={dialog.date} onClose={close} />}
      {dialog?.kind === 'repeat' && <RepeatForm eventId={eventId} existing={dates.data?.length ?? 0} onClose={close} />}
      {dialog?.kind === 'move' && <MoveForm eventId={eventId} date={dialog.date} onClose={close} />}
      {dialog?.kind === 'cancel' && <CancelDialog eventId={eventId} date={dialog.date} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={m.remove}
          confirmLabel={m.remove}
          cancelLabel={m.close}
          color="red"
          {...remove.props}
          onConfirm={() => remove.send(dialog.date.id, m.removed)}
        >
          {m.removeConfirm}
        </ConfirmDialog>
      )}
    </Section>
  );
}

function DatesTable({ rows, onAction }: { rows: ConsoleEventDate[]; onAction: (dialog: Dialog) => void }) {
  const live = rows.filter((date) => date.status !== 'cancelled');
  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover miw={720} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{m.columns.start}</Table.Th>
            <Table.Th>{m.columns.end}</Table.Th>
            <Table.Th ta="right">{m.columns.capacity}</Table.Th>
            <Table.Th ta="right">{m.columns.sold}</Table.Th>
            <Table.Th>{m.columns.status}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{m.columns.actions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((date) => {
            const cancelled = date.status === 'cancelled';
            return (
              <Table.Tr key={date.id}>
                <Table.Td>
                  <Text size="sm">{formatDateTime(date.dateBegin)}</Text>
                  {date.movedFrom && (
                    <Text size="xs" c="dimmed">
                      {m.movedFrom(formatDateTime(date.movedFrom))}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(date.dateEnd)}</Text>
                </Table.Td>
                <Table.Td ta="right">{date.capacity ?? m.noCapacity}</Table.Td>
                <Table.Td ta="right">{date.sold}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={statusColor[date.status]}>
                    {m.status[date.status]}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  {!cancelled && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          aria-label={m.actionsOf(formatDateTime(date.dateBegin))}
                        >
                          <IconDots size={18} aria-hidden />
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => onAction({ kind: 'edit', date })}>{m.edit}</Menu.Item>
                        <Menu.Item onClick={() => onAction({ kind: 'move', date })}>{m.move}</Menu.Item>
                        {/* Before sales a date is deleted; after, it is cancelled (its orders refunded). */}
                        {!hasSales(date) && live.length > 1 && (
                          <Menu.Item color="red" onClick={() => onAction({ kind: 'delete', date })}>
                            {m.remove}
                          </Menu.Item>
                        )}
                        <Menu.Item color="red" onClick={() => onAction({ kind: 'cancel', date })}>
                          {m.cancel}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** Cancelling names the orders it refunds, counted from the date's participants, and takes a message. */
function CancelDialog({ eventId, date, onClose }: { eventId: string; date: ConsoleEventDate; onClose: () => void }) {
  const orders = useDateOrders(eventId, date.id);
  const cancel = mutationDialog(useCancelEventDate(eventId), onClose);
  const [message, setMessage] = useState('');
  return (
    <ConfirmDialog
      title={`${m.cancelTitle} · ${formatDateTime(date.dateBegin)}`}
      confirmLabel={m.cancelConfirm}
      cancelLabel={m.close}
      color="red"
      {...cancel.props}
      pending={cancel.props.pending || orders.isPending}
      onConfirm={() => cancel.send({ dateId: date.id, input: { message: message.trim() } }, m.cancelledToast)}
    >
      <Stack gap="sm">
        <Text role="status">{orders.data ? m.cancelText(orders.data.count, orders.data.isPartial) : m.counting}</Text>
        <Textarea
          label={m.fields.message}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={3}
        />
      </Stack>
    </ConfirmDialog>
  );
}
