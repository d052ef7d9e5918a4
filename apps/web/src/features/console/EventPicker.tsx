import { consoleFr, formatDate } from '@guichet/shared';
import { Select } from '@mantine/core';
import type { ConsoleEvent } from '../../api/console';

type Props = { events: ConsoleEvent[] | undefined; value: string | null; onChange(eventId: string): void };

/**
 * The follow-up screen's event selector (2-organiser.md §2.4, placeholder 'Choisissez un
 * événement'), in the sidebar's order: the same choice as the list, typed or picked from a
 * menu, and in reach on a phone without opening the drawer.
 */
export function EventPicker({ events, value, onChange }: Props) {
  const data = (events ?? []).map((event) => ({
    value: event.id,
    label: `${event.title} · ${formatDate(event.dateBegin)}`,
  }));
  return (
    <Select
      label={consoleFr.eventLabel}
      placeholder={consoleFr.eventPlaceholder}
      data={data}
      value={value}
      onChange={(eventId) => eventId && onChange(eventId)}
      searchable
      allowDeselect={false}
      nothingFoundMessage={consoleFr.noEvents}
      w={{ base: '100%', sm: 320 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
