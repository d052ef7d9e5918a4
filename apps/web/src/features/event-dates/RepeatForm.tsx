import { datesFr, EVENT_DATES_MAX, type EventDateRepeatInput, eventDatesFr } from '@guichet/shared';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useRepeatEventDates } from '../../api/event-dates';
import { FormError } from '../../ui/FormError';
import { toast } from '../../ui/toast';
import { CapacityInput } from './fields';
import { repeatCount } from './repeat';

const m = eventDatesFr.console;

/** The server's refusal of too many dates, said before sending: the same words. */
const tooManyText = (count: number) =>
  count > 1 ? datesFr.repeatTooMany(count, EVENT_DATES_MAX) : datesFr.tooMany(EVENT_DATES_MAX);
/** Monday first, as a French calendar; the values are the API's (0 Sunday … 6 Saturday). */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/**
 * Dates by a repeating rule: the weekdays, from one day to another, each from a time to a time,
 * with their places. The count of dates it makes is shown as it is typed; past EVENT_DATES_MAX
 * (with the event's dates) it is refused here, as the server would.
 */
export function RepeatForm({ eventId, existing, onClose }: { eventId: string; existing: number; onClose: () => void }) {
  const repeat = useRepeatEventDates(eventId);
  const [weekdays, setWeekdays] = useState<string[]>([]);
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [startTime, setStartTime] = useState('20:00');
  const [endTime, setEndTime] = useState('22:00');
  const [capacity, setCapacity] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);
  const count = repeatCount({ weekdays: weekdays.map(Number), fromDay, toDay });
  const tooMany = existing + count > EVENT_DATES_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = tooMany ? tooManyText(count) : count === 0 ? m.preview(0) : null;
    setError(problem);
    if (problem) return;
    const input: EventDateRepeatInput = {
      weekdays: weekdays.map(Number),
      fromDay,
      toDay,
      startTime,
      endTime,
      capacity: typeof capacity === 'number' ? capacity : null,
    };
    repeat.mutate(input, {
      onSuccess: (created) => {
        toast(m.createdMany(created.ids.length));
        onClose();
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={m.addRepeat} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Checkbox.Group label={m.fields.weekdays} value={weekdays} onChange={setWeekdays} withAsterisk>
            <Group gap="md" mt={6}>
              {WEEK.map((day) => (
                <Checkbox key={day} value={String(day)} label={m.weekdayNames[day]} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label={m.fields.fromDay}
              withAsterisk
              value={fromDay}
              onChange={(event) => setFromDay(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={m.fields.toDay}
              withAsterisk
              value={toDay}
              onChange={(event) => setToDay(event.currentTarget.value)}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              type="time"
              label={m.fields.startTime}
              withAsterisk
              value={startTime}
              onChange={(event) => setStartTime(event.currentTarget.value)}
            />
            <TextInput
              type="time"
              label={m.fields.endTime}
              description={m.fields.endTimeHint}
              withAsterisk
              value={endTime}
              onChange={(event) => setEndTime(event.currentTarget.value)}
            />
          </Group>
          <CapacityInput value={capacity} onChange={setCapacity} />
          <Text role="status" fw={600} c={tooMany ? 'red' : undefined}>
            {tooMany ? tooManyText(count) : m.preview(count)}
          </Text>
          <FormError message={error ?? repeat.error?.message ?? null} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {m.close}
            </Button>
            <Button type="submit" loading={repeat.isPending}>
              {m.createRepeat}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
