import { formatDateTime, type WaitingListOfTicket, type WaitingListStatus, waitingListFr } from '@guichet/shared';
import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useEventWaitingLists } from '../../api/waiting-list';
import { DataTable } from '../../ui/DataTable';
import { QueryState } from '../../ui/QueryState';
import { Section } from '../../ui/Section';

const m = waitingListFr.console;

const statusColor: Record<WaitingListStatus, string> = {
  waiting: 'blue',
  offered: 'orange',
  accepted: 'yellow',
  converted: 'teal',
  left: 'gray',
  expired: 'gray',
};

/**
 * The console's 'Liste d’attente' tab (issue 30): each ticket's line in join order, its place in
 * line for those still in it, and its conversions (converted of those offered places).
 */
export function WaitingListTab({ eventId }: { eventId: string }) {
  const lists = useEventWaitingLists(eventId);
  return (
    <Section title={m.title}>
      <QueryState query={lists} isEmpty={(rows) => rows.length === 0} empty={m.empty}>
        {(rows) => (
          <Stack gap="md">
            {rows.map((list) => (
              <TicketList key={`${list.ticketId}:${list.dateId ?? ''}`} list={list} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Section>
  );
}

function TicketList({ list }: { list: WaitingListOfTicket }) {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={4} size="h5" id={titleId}>
          {list.title}
        </Title>
        <Text size="sm" c="dimmed">
          {m.counts(list.waiting, list.offered, list.converted)}
        </Text>
        {list.people.length === 0 ? (
          <Text size="sm">{m.ticketEmpty}</Text>
        ) : (
          <DataTable
            items={list.people}
            itemKey={(person) => person.id}
            minWidth={640}
            fz="sm"
            labelledBy={titleId}
            columns={[
              { header: m.columns.position, cell: (person) => person.position ?? '—' },
              { header: m.columns.name, cell: (person) => `${person.firstName} ${person.lastName}` },
              { header: m.columns.email, cell: (person) => person.email },
              { header: m.columns.quantity, align: 'right', cell: (person) => person.quantity },
              {
                header: m.columns.joinedAt,
                cell: (person) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(person.joinedAt)}</span>,
              },
              {
                header: m.columns.status,
                cell: (person) => (
                  <Badge variant="light" color={statusColor[person.status]}>
                    {m.statuses[person.status]}
                  </Badge>
                ),
              },
            ]}
          />
        )}
      </Stack>
    </Paper>
  );
}
