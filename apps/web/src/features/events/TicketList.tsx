import { formatEuros, fr, type TicketRead } from '@guichet/shared';
import { Accordion, Group, Stack, Table, Text } from '@mantine/core';
import { PlacesBadge } from '../availability/PlacesBadge';

function priceOf(priceCents: number) {
  return priceCents === 0 ? fr.common.free : formatEuros(priceCents);
}

/** The tickets of an event, read-only. */
export function TicketList({ tickets }: { tickets: TicketRead[] }) {
  if (tickets.length === 0) return <Text c="dimmed">{fr.events.noTickets}</Text>;
  return (
    <Accordion variant="separated" multiple>
      {tickets.map((ticket) => (
        <Accordion.Item key={ticket.id} value={ticket.id}>
          <Accordion.Control>
            <Group justify="space-between" wrap="nowrap" pr="sm">
              <Stack gap={4} align="flex-start">
                <Text fw={600}>{ticket.title}</Text>
                <PlacesBadge ticket={ticket} />
              </Stack>
              <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                {ticket.isMultipart
                  ? `${fr.events.fromPrice} ${priceOf(ticket.priceCents)}`
                  : priceOf(ticket.priceCents)}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {ticket.description || fr.events.noDescription}
              </Text>
              {ticket.options.length > 0 && (
                <Table>
                  <Table.Tbody>
                    {ticket.options.map((option) => (
                      <Table.Tr key={option.id}>
                        <Table.Td>{option.title}</Table.Td>
                        <Table.Td>
                          <PlacesBadge ticket={option} />
                        </Table.Td>
                        <Table.Td ta="right" fw={600}>
                          {priceOf(option.priceCents)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
