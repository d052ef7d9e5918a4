import { type ConsoleEventDate, datesFr, type EventDateInput, eventDatesFr, formatDateTime } from '@guichet/shared';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useAddEventDate, useMoveEventDate, useUpdateEventDate } from '../../api/event-dates';
import { FormError } from '../../ui/FormError';
import { toast } from '../../ui/toast';
import { fromLocalInput, toLocalInput } from '../organiser/datetime';
import { hasSales } from './dates';
import { CapacityInput, MessageInput } from './fields';

const m = eventDatesFr.console;

/** Start and end as typed (local time): the first problem of them, before the server is asked. */
export function timesError(begin: string, end: string): string | null {
  if (!begin || !end) return m.required;
  return new Date(end).getTime() > new Date(begin).getTime() ? null : datesFr.endBeforeStart;
}

function Times({
  begin,
  end,
  disabled,
  onBegin,
  onEnd,
}: {
  begin: string;
  end: string;
  disabled?: boolean;
  onBegin: (value: string) => void;
  onEnd: (value: string) => void;
}) {
  return (
    <Group grow align="flex-start">
      <TextInput
        type="datetime-local"
        label={m.fields.dateBegin}
        withAsterisk
        value={begin}
        disabled={disabled}
        onChange={(event) => onBegin(event.currentTarget.value)}
        data-autofocus
      />
      <TextInput
        type="datetime-local"
        label={m.fields.dateEnd}
        withAsterisk
        value={end}
        disabled={disabled}
        onChange={(event) => onEnd(event.currentTarget.value)}
      />
    </Group>
  );
}

function Buttons({ pending, label, onClose }: { pending: boolean; label: string; onClose: () => void }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onClose}>
        {m.close}
      </Button>
      <Button type="submit" loading={pending}>
        {label}
      </Button>
    </Group>
  );
}

/**
 * Adding a date, or editing one: its times (before sales only: after, a date is moved), its places
 * (empty: no cap of its own) and its refund deadline. The server's refusal is said in the form.
 */
export function DateForm({
  eventId,
  date,
  onClose,
}: {
  eventId: string;
  date: ConsoleEventDate | null;
  onClose: () => void;
}) {
  const add = useAddEventDate(eventId);
  const update = useUpdateEventDate(eventId);
  const locked = date !== null && hasSales(date);
  const [begin, setBegin] = useState(toLocalInput(date?.dateBegin));
  const [end, setEnd] = useState(toLocalInput(date?.dateEnd));
  const [capacity, setCapacity] = useState<string | number>(date?.capacity ?? '');
  const [refund, setRefund] = useState(toLocalInput(date?.dateMaxRefund));
  const [error, setError] = useState<string | null>(null);
  const pending = add.isPending || update.isPending;
  const failure = error ?? add.error?.message ?? update.error?.message ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = locked ? null : timesError(begin, end);
    setError(problem);
    if (problem) return;
    const places = typeof capacity === 'number' ? capacity : null;
    const fields = { capacity: places, dateMaxRefund: refund ? fromLocalInput(refund) : null };
    const times = { dateBegin: fromLocalInput(begin), dateEnd: fromLocalInput(end) };
    const done = () => {
      toast(date ? m.saved : m.created);
      onClose();
    };
    if (!date) add.mutate({ ...times, ...fields } satisfies EventDateInput, { onSuccess: done });
    else update.mutate({ dateId: date.id, changes: locked ? fields : { ...times, ...fields } }, { onSuccess: done });
  };

  return (
    <Modal opened onClose={onClose} title={date ? m.editTitle : m.add}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {locked && (
            <Alert color="blue" variant="light">
              {m.afterSalesEdit}
            </Alert>
          )}
          <Times begin={begin} end={end} disabled={locked} onBegin={setBegin} onEnd={setEnd} />
          <CapacityInput value={capacity} onChange={setCapacity} />
          <TextInput
            type="datetime-local"
            label={m.fields.dateMaxRefund}
            value={refund}
            onChange={(event) => setRefund(event.currentTarget.value)}
          />
          <FormError message={failure} />
          <Buttons pending={pending} label={date ? m.save : m.create} onClose={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Moving a date after sales: its new times and a message; buyers are told and may ask a refund. */
export function MoveForm({ eventId, date, onClose }: { eventId: string; date: ConsoleEventDate; onClose: () => void }) {
  const move = useMoveEventDate(eventId);
  const [begin, setBegin] = useState(toLocalInput(date.dateBegin));
  const [end, setEnd] = useState(toLocalInput(date.dateEnd));
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = timesError(begin, end);
    setError(problem);
    if (problem) return;
    move.mutate(
      {
        dateId: date.id,
        input: { dateBegin: fromLocalInput(begin), dateEnd: fromLocalInput(end), message: message.trim() },
      },
      {
        onSuccess: () => {
          toast(m.moved);
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`${m.moveTitle} · ${formatDateTime(date.dateBegin)}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{m.moveText}</Text>
          <Times begin={begin} end={end} onBegin={setBegin} onEnd={setEnd} />
          <MessageInput value={message} onChange={setMessage} />
          <FormError message={error ?? move.error?.message ?? null} />
          <Buttons pending={move.isPending} label={m.move} onClose={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
