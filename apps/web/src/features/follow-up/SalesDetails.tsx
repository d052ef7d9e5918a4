import { type EventStats, followUpFr, formatEuros } from '@guichet/shared';
import { Accordion, Text } from '@mantine/core';
import { DataTable } from '../../ui/DataTable';
import { PromoCodesTable } from './PromoCodesTable';

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
            <DataTable
              items={stats.byTicket}
              itemKey={(ticket) => ticket.ticketId}
              minWidth={520}
              fz="sm"
              columns={[
                { header: m.salesColumns.ticket, cell: (ticket) => ticket.title },
                {
                  header: m.salesColumns.sold,
                  align: 'right',
                  cell: (ticket) => `${ticket.sold} / ${ticket.available}`,
                },
                { header: m.salesColumns.scanned, align: 'right', cell: (ticket) => ticket.scanned },
                { header: m.sources.web, align: 'right', cell: (ticket) => ticket.bySource.web },
                { header: m.sources.presentiel, align: 'right', cell: (ticket) => ticket.bySource.presentiel },
                { header: m.sources.invitation, align: 'right', cell: (ticket) => ticket.bySource.invitation },
                { header: m.sources.invendu, align: 'right', cell: (ticket) => ticket.bySource.invendu },
                { header: m.gross, align: 'right', cell: (ticket) => formatEuros(ticket.grossCents) },
              ]}
            />
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
              <PromoCodesTable codes={usedCodes} />
            </>
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
