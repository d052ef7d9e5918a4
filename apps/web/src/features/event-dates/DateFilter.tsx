import { eventDatesFr, formatDateTime } from '@guichet/shared';
import { Select } from '@mantine/core';
import { useConsoleEventDates } from '../../api/event-dates';

const m = eventDatesFr.filter;
const ALL = '';

/**
 * The console's date filter (issue 32) on statistics, participants, exports, check-in and the door
 * sale: 'Toutes les dates' or one date, passed on as `dateId`. Nothing shows for a one-date event.
 */
export function DateFilter({
  eventId,
  value,
  onChange,
  error,
}: {
  eventId: string;
  value: string | null;
  onChange(dateId: string | null): void;
  /** Said under the field, tied to it for screen readers (a form that needs a date: an invitation). */
  error?: string;
}) {
  const dates = useConsoleEventDates(eventId).data ?? [];
  if (dates.length < 2) return null;
  return (
    <Select
      label={m.label}
      data={[
        { value: ALL, label: m.all },
        ...dates.map((date) => ({
          value: date.id,
          label:
            date.status === 'cancelled'
              ? `${formatDateTime(date.dateBegin)} (${eventDatesFr.console.status.cancelled})`
              : formatDateTime(date.dateBegin),
        })),
      ]}
      value={value ?? ALL}
      error={error}
      onChange={(next) => onChange(next ? next : null)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', xs: 320 }}
    />
  );
}
