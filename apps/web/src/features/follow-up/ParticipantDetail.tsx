import {
  followUpFr,
  formatDateTime,
  formatEuros,
  type ParticipantRow,
  participationTotalCents,
  questionsFr,
  scanStatusOf,
} from '@guichet/shared';
import { Badge, Group, List, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { OrderInvoices } from '../invoices/OrderInvoices';
import { AnswerList } from '../questions/AnswerList';
import { PlaceHistory } from '../ticket-rules/PlaceHistory';
import { ScanStatusBadge } from './ScanStatusBadge';

const m = followUpFr.participants.detail;

/** What a selected row of 'Billets' shows (2-organiser.md §2.5). */
export function ParticipantDetail({ row, eventId }: { row: ParticipantRow; eventId: string }) {
  const total = participationTotalCents(row.quantity, row.unitPriceCents, row.promoPercent);
  const fields: { label: string; value: string }[] = [
    { label: m.buyer, value: `${row.firstName} ${row.lastName}` },
    { label: m.age, value: row.age === null ? m.noAge : followUpFr.stats.ageValue(row.age) },
    { label: m.total, value: formatEuros(total) },
    { label: m.email, value: row.email },
    { label: m.quantity, value: String(row.quantity) },
    { label: m.ticket, value: row.ticketTitle },
    ...(row.ticketNumbers.length > 0
      ? [{ label: followUpFr.exportHeaders.ticketNumbers, value: row.ticketNumbers.join(', ') }]
      : []),
    { label: m.unitPrice, value: formatEuros(row.unitPriceCents) },
    { label: m.promo, value: row.promoCode ? `${row.promoCode} - ${row.promoPercent ?? 0} %` : m.noPromo },
    { label: m.purchasedAt, value: formatDateTime(row.purchasedAt) },
  ];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={1} spacing={6} component="dl" m={0}>
        {fields.map((field) => (
          <div key={field.label}>
            <Text component="dt" size="xs" c="dimmed">
              {field.label}
            </Text>
            <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {field.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <div>
        <Text size="xs" c="dimmed">
          {m.scans}
        </Text>
        <Text size="sm">
          {m.scanProgress(row.entriesUsed, row.quantity)}{' '}
          <ScanStatusBadge status={scanStatusOf(row.quantity, row.entriesUsed)} />
        </Text>
        <Progress
          value={row.quantity > 0 ? (100 * row.entriesUsed) / row.quantity : 0}
          mt={4}
          aria-label={m.scans}
          color="teal"
        />
      </div>
      <div>
        <Text size="xs" c="dimmed" id={`places-${row.id}`}>
          {m.places}
        </Text>
        <List listStyleType="none" spacing={4} aria-labelledby={`places-${row.id}`}>
          {row.places.map((place) => (
            <List.Item key={place.id}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {m.placeNumber(place.ticketNumber)}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {place.holderName}
                </Text>
                <Badge size="sm" variant="light" color={place.isScanned ? 'teal' : 'gray'}>
                  {place.isScanned ? m.placeEntered : m.placeNotEntered}
                </Badge>
              </Group>
              <AnswerList answers={place.answers} />
            </List.Item>
          ))}
        </List>
      </div>
      {row.orderAnswers.length > 0 && (
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            {questionsFr.detail.orderAnswers}
          </Text>
          <AnswerList answers={row.orderAnswers} />
        </div>
      )}
      {row.entriesUsed > 0 && row.lastScanAt && (
        <div>
          <Text size="xs" c="dimmed">
            {m.lastScan}
          </Text>
          <Text size="sm">{formatDateTime(row.lastScanAt)}</Text>
        </div>
      )}
      <PlaceHistory kind="transfer" eventId={eventId} participationId={row.id} />
      <PlaceHistory kind="resale" eventId={eventId} participationId={row.id} />
      <OrderInvoices orderId={row.orderId} />
    </Stack>
  );
}
