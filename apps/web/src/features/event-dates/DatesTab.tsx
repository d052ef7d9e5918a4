import { type ConsoleEventDate, type EventDateStatus, eventDatesFr, formatDateTime } from '@guichet/shared';
import { Badge, Button, Group, Menu, Paper, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDots, IconPlus, IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { useCancelEventDate, useConsoleEventDates, useDateOrders, useDeleteEventDate } from '../../api/event-dates';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { mutationDialog } from '../../ui/mutation-dialog';
import { QueryState } from '../../ui/QueryState';
import { Section } from '../../ui/Section';
import { DateForm, MoveForm } from './DateForm';
import { hasSales } from './dates';
import { MessageInput } from './fields';
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

const statusColor: Record<EventDateStatus, string> = { onsale: 'teal', soldOut: 'red', cancelled: 'gray' };

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
          rows.length === 0 ? <Text c="dimmed">{m.empty}</Text> : <DatesList rows={rows} onAction={setDialog} />
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

type ListProps = { rows: ConsoleEventDate[]; onAction: (dialog: Dialog) => void };

/** A table on wide screens; on phones, a card per date, so that its status and actions stay in view. */
function DatesList(props: ListProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return narrow ? <DatesCards {...props} /> : <DatesTable {...props} />;
}

/** What can be done to a date: edit, move, delete (before sales, not the last one), cancel. */
function DateActions({ date, rows, onAction }: ListProps & { date: ConsoleEventDate }) {
  if (date.status === 'cancelled') return null;
  const live = rows.filter((row) => row.status !== 'cancelled');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" aria-label={m.actionsOf(formatDateTime(date.dateBegin))}>
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
  );
}

function StatusBadge({ date }: { date: ConsoleEventDate }) {
  return (
    <Badge variant="light" color={statusColor[date.status]}>
      {m.status[date.status]}
    </Badge>
  );
}

function DatesCards({ rows, onAction }: ListProps) {
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rows.map((date) => (
        <Paper key={date.id} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700} size="sm">
                {formatDateTime(date.dateBegin)}
              </Text>
              <Text size="xs" c="dimmed">
                {m.columns.end} : {formatDateTime(date.dateEnd)}
              </Text>
              {date.movedFrom && (
                <Text size="xs" c="dimmed">
                  {m.movedFrom(formatDateTime(date.movedFrom))}
                </Text>
              )}
              <Text size="sm">
                {m.columns.capacity} : {date.capacity ?? m.noCapacity} · {m.columns.sold} : {date.sold}
              </Text>
              <StatusBadge date={date} />
            </Stack>
            <DateActions date={date} rows={rows} onAction={onAction} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function DatesTable({ rows, onAction }: ListProps) {
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
                  <StatusBadge date={date} />
                </Table.Td>
                <Table.Td ta="right">
                  <DateActions date={date} rows={rows} onAction={onAction} />
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
        <MessageInput value={message} onChange={setMessage} />
      </Stack>
    </ConfirmDialog>
  );
}
