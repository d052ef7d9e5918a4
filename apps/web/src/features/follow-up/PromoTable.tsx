import { followUpFr, formatEuros, type PromoStats } from '@guichet/shared';
import { Paper, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';

const m = followUpFr.stats;

/** The event's promo codes, used or not (2-organiser.md §2.4). */
export function PromoTable({ codes }: { codes: PromoStats[] }) {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId} mb="sm">
        {m.promoTitle}
      </Title>
      {codes.length === 0 ? (
        <Text c="dimmed" size="sm">
          {m.noPromo}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped fz="sm" aria-labelledby={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.promoColumns.code}</Table.Th>
                <Table.Th ta="right">{m.promoColumns.uses}</Table.Th>
                <Table.Th ta="right">{m.promoColumns.discount}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {codes.map((code) => (
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
      )}
    </Paper>
  );
}
