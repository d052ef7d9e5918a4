import { checkoutStepsFr, type EventDetail, eventDatesFr, formatDateTime, formatEuros } from '@guichet/shared';
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { basketTotals, type CheckoutState, giftOf, selection } from './state';

const b = checkoutStepsFr.basket;

function Row({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text fw={strong ? 700 : undefined}>{label}</Text>
      <Text fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {amount}
      </Text>
    </Group>
  );
}

/**
 * The side basket (1-attendee.md "Event page"): the selected items, the refund option, the service
 * fee when the buyer pays it, the discount, the total, and the total with a wallet for Stripe events.
 */
export function Basket({ event, state }: { event: EventDetail; state: CheckoutState }) {
  const headingId = useId();
  const totals = basketTotals(state, event);
  const { title, ticket } = selection(state, event);
  // The date bought (issue 32): said under the line, a pass's dates being in its description.
  const date = ticket && !ticket.isPass ? event.dates?.find((d) => d.id === state.dateId) : undefined;
  const { gift } = giftOf(state, event);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={3} size="h4" id={headingId}>
          {b.title}
        </Title>
        {!totals ? (
          <Text c="dimmed">{b.empty}</Text>
        ) : (
          <>
            <Row label={b.line(state.quantity, title)} amount={formatEuros(totals.grossCents)} />
            {date && (
              <Text size="sm" c="dimmed">
                {eventDatesFr.myTickets.date} : {formatDateTime(date.dateBegin)}
              </Text>
            )}
            {gift && <Row label={b.giftLine(gift.title)} amount={checkoutStepsFr.gift.offered} />}
            {totals.refundPlaces > 0 && (
              <Row label={b.insurance(totals.refundPlaces)} amount={formatEuros(totals.insuranceCents)} />
            )}
            {event.isUserPaysFees && <Row label={b.serviceFee} amount={formatEuros(totals.serviceFeeCents)} />}
            {state.discount && totals.discountCents > 0 && (
              <Row
                label={b.discount(state.discount.code, state.discount.percent)}
                amount={`-${formatEuros(totals.discountCents)}`}
              />
            )}
            <Divider />
            <Row label={b.total} amount={formatEuros(totals.totalCents)} strong />
            {totals.withWallet !== null && <Row label={b.walletTotal} amount={formatEuros(totals.withWallet)} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}
