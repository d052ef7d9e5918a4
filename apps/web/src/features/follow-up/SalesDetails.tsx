import { type EventStats, followUpFr, formatEuros } from '@guichet/shared';
import { Accordion, Table, Text } from '@mantine/core';

const m = followUpFr.stats;

/**
 * The panels 'Détails ventes' and 'Détails promo' (2-organiser.md §2.4, alternative view): per ticket
 * sold out of its places, scanned and by source; the promo totals and each code's share.
 */
export function SalesDetails({ stats }: { stats: EventStats }) {
  const usedCodes = stats.promoCodes.filter((code) => code.uses > 0);
  return (
    <Accordion variant="separated" multiple>
      <Accordion.Item value="sales">
        <Accordion.Control>{m.salesDetails}</Accordion.Control>
        <Accordion.Panel>
          {stats.byTicket.length === 0 ? (
            <Text c="dimmed" size="sm">
              {m.noTicket}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table striped fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{m.salesColumns.ticket}</Table.Th>
                    <Table.Th ta="right">{m.salesColumns.sold}</Table.Th>
                    <Table.Th ta="right">{m.salesColumns.scanned}</Table.Th>
                    <Table.Th ta="right">{m.sources.web}</Table.Th>
                    <Table.Th ta="right">{m.sources.presentiel}</Table.Th>
                    <Table.Th ta="right">{m.sources.invendu}</Table.Th>
                    <Table.Th ta="right">{m.gross}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {stats.byTicket.map((ticket) => (
                    <Table.Tr key={ticket.ticketId}>
                      <Table.Td>{ticket.title}</Table.Td>
                      <Table.Td ta="right">
                        {ticket.sold} / {ticket.available}
                      </Table.Td>
                      <Table.Td ta="right">{ticket.scanned}</Table.Td>
                      <Table.Td ta="right">{ticket.bySource.web}</Table.Td>
                      <Table.Td ta="right">{ticket.bySource.presentiel}</Table.Td>
                      <Table.Td ta="right">{ticket.bySource.invendu}</Table.Td>
                      <Table.Td ta="right">{formatEuros(ticket.grossCents)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="promo">
        <Accordion.Control>{m.promoDetails}</Accordion.Control>
        <Accordion.Panel>
          {usedCodes.length === 0 ? (
            <Text c="dimmed" size="sm">
              {m.noPromoUsed}
            </Text>
          ) : (
            <>
              <Text size="sm" mb="xs">
                {m.promoUses(stats.promoUses)} · {m.promoTotalDiscount} : {formatEuros(stats.discountCents)}
              </Text>
              <Table.ScrollContainer minWidth={320}>
                <Table striped fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{m.promoColumns.code}</Table.Th>
                      <Table.Th ta="right">{m.promoColumns.uses}</Table.Th>
                      <Table.Th ta="right">{m.promoColumns.discount}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {usedCodes.map((code) => (
                      <Table.Tr key={code.code}>
                        <Table.Td>
                          {code.code} - {code.percent} %
                        </Table.Td>
                        <Table.Td ta="right">{code.uses}</Table.Td>
                        <Table.Td ta="right">{formatEuros(code.discountCents)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
