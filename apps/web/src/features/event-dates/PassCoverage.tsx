import { type EventDetail, eventDatesFr, formatDateTime, type TicketRead } from '@guichet/shared';
import { Text } from '@mantine/core';
import { passDates } from './dates';

const t = eventDatesFr.picker;

/** The dates a pass is valid for, under its title: every date, or the list of them. */
export function PassCoverage({ event, ticket }: { event: Pick<EventDetail, 'dates'>; ticket: TicketRead }) {
  const covered = passDates(event, ticket);
  const all = (ticket.dateIds ?? []).length === 0;
  return (
    <Text component="span" size="xs" c="dimmed">
      {all ? t.allDates : t.passCovers(covered.map((date) => formatDateTime(date.dateBegin)).join(' ; '))}
    </Text>
  );
}
