import { type EventDateView, eventDatesFr, fr, type TicketRead } from '@guichet/shared';
import { Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChoiceList } from '../../ui/ChoiceList';
import { PlacesBadge } from '../availability/PlacesBadge';
import { isMultiDate, isPass } from '../event-dates/dates';
import { PassCoverage } from '../event-dates/PassCoverage';
import { priceLabel } from './price-label';
import { VatNote } from './VatNote';

/** The tickets of an event, read-only; on a multi-date event (issue 32), the passes apart with their dates. */
export function TicketList({ tickets, dates }: { tickets: TicketRead[]; dates?: EventDateView[] }) {
  if (tickets.length === 0) return <Text c="dimmed">{fr.events.noTickets}</Text>;
  if (!isMultiDate({ dates })) return <Tickets tickets={tickets} />;
  const own = tickets.filter((ticket) => !isPass(ticket));
  const passes = tickets.filter(isPass);
  return (
    <Stack gap="md">
      {own.length > 0 && <Tickets tickets={own} />}
      {passes.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {eventDatesFr.picker.passes}
          </Title>
          <Tickets
            tickets={passes}
            mark={(ticket) => (
              <>
                <PlacesBadge ticket={ticket} />
                <PassCoverage event={{ dates }} ticket={ticket} />
              </>
            )}
          />
        </Stack>
      )}
    </Stack>
  );
}

function Tickets({ tickets, mark }: { tickets: TicketRead[]; mark?: (ticket: TicketRead) => ReactNode }) {
  return (
    <ChoiceList
      items={tickets}
      price={priceLabel}
      fromPrice={fr.events.fromPrice}
      noDescription={fr.events.noDescription}
      mark={mark ?? ((ticket) => <PlacesBadge ticket={ticket} />)}
      priceNote={(ticket) => <VatNote ticket={ticket} />}
      panel={(ticket) =>
        ticket.options.length > 0 && (
          <Table>
            <Table.Tbody>
              {ticket.options.map((option) => (
                <Table.Tr key={option.id}>
                  <Table.Td>{option.title}</Table.Td>
                  <Table.Td>
                    <PlacesBadge ticket={option} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text fw={600} size="sm">
                      {priceLabel(option.priceCents)}
                    </Text>
                    <VatNote ticket={option} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
      }
    />
  );
}
