import { type EventDateView, eventDatesFr, formatDateTime } from '@guichet/shared';
import { Group, MultiSelect, Switch } from '@mantine/core';

const m = eventDatesFr.tickets;

/**
 * A ticket's dates on a multi-date event (issue 32): those it is sold for (none: every date) and
 * whether it is a pass (one place for each of its dates). Cancelled dates are not offered.
 */
export function TicketDatesFields({
  dates,
  dateIds,
  isPass,
  onChange,
}: {
  dates: EventDateView[];
  dateIds: string[];
  isPass: boolean;
  onChange(change: { dateIds?: string[]; isPass?: boolean }): void;
}) {
  if (dates.length < 2) return null;
  const offered = dates.filter((date) => date.status !== 'cancelled' || dateIds.includes(date.id));
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <MultiSelect
        label={m.dates}
        description={m.datesHint}
        placeholder={dateIds.length === 0 ? m.datesPlaceholder : undefined}
        data={offered.map((date) => ({ value: date.id, label: formatDateTime(date.dateBegin) }))}
        value={dateIds}
        onChange={(ids) => onChange({ dateIds: ids })}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
        miw={260}
        style={{ flex: 1 }}
      />
      <Switch
        label={m.pass}
        description={m.passHint}
        checked={isPass}
        onChange={(event) => onChange({ isPass: event.currentTarget.checked })}
      />
    </Group>
  );
}
