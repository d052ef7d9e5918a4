import { followUpFr, type PromoStats } from '@guichet/shared';
import { Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { PromoCodesTable } from './PromoCodesTable';

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
        <PromoCodesTable codes={codes} labelledBy={titleId} />
      )}
    </Paper>
  );
}
