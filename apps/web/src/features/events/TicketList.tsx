import { fr, type TicketRead } from '@guichet/shared';
import { Table, Text } from '@mantine/core';
import { ChoiceList } from '../../ui/ChoiceList';
import { PlacesBadge } from '../availability/PlacesBadge';
import { priceLabel } from './price-label';
import { VatNote } from './VatNote';

/** The tickets of an event, read-only. */
export function TicketList({ tickets }: { tickets: TicketRead[] }) {
  if (tickets.length === 0) return <Text c="dimmed">{fr.events.noTickets}</Text>;
  return (
    <ChoiceList
      items={tickets}
      price={priceLabel}
      fromPrice={fr.events.fromPrice}
      noDescription={fr.events.noDescription}
      mark={(ticket) => <PlacesBadge ticket={ticket} />}
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
