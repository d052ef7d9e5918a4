import { type EventPayouts, formatEuros, payoutsFr } from '@guichet/shared';
import { Alert, Badge, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useEventPayouts } from '../../api/payouts';
import { Loading } from '../../ui/Loading';
import { BalanceTable } from './BalanceTable';
import { PayoutCommission } from './PayoutCommission';
import { PayoutRequest } from './PayoutRequest';
import { payoutState } from './payout-state';
import { rateLine } from './rate-line';
import { payoutStatusColor } from './status-color';

const m = payoutsFr.payout;

/** The balance, the bank details kept for the next time, the request, and the requests so far. */
export default function PayoutModal({
  eventId,
  dateEnd,
  onClose,
}: {
  eventId: string;
  dateEnd: string;
  onClose: () => void;
}) {
  const payouts = useEventPayouts(eventId);
  const data = payouts.data;
  const state = data && payoutState(data, dateEnd);
  return (
    <Modal opened onClose={onClose} title={m.title} size="lg" closeButtonProps={{ 'aria-label': m.close }}>
      {!data || !state ? (
        payouts.isError ? (
          <Alert color="red" role="alert">
            {m.loadFailed}
          </Alert>
        ) : (
          <Loading />
        )
      ) : (
        <Stack gap="md">
          <Title order={3} size="h5">
            {m.balanceTitle}
          </Title>
          <BalanceTable balance={data.balance} state={state} />
          <Text size="xs" c="dimmed">
            {m.rateUsed(rateLine(data))}
          </Text>
          <Divider />
          {data.refusal ? (
            <Alert color="gray" role="note">
              {data.refusal}
            </Alert>
          ) : (
            <PayoutRequest eventId={eventId} payouts={data} state={state} />
          )}
          <Title order={3} size="h5">
            {m.history}
          </Title>
          {data.payouts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {m.noHistory}
            </Text>
          ) : (
            <Stack gap="sm">
              {data.payouts.map((payout) => (
                <PastPayout key={payout.id} payout={payout} />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}

type Payout = EventPayouts['payouts'][number];

/** A request so far: its date, amount and state, and the commission it deducted with its invoice. */
function PastPayout({ payout }: { payout: Payout }) {
  const date = new Date(payout.createdAt).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
  return (
    <Stack gap={2} data-testid="past-payout">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{date}</Text>
        <Text size="sm" fw={600}>
          {formatEuros(payout.amountCents)}
        </Text>
        <Badge variant="light" color={payoutStatusColor[payout.status]}>
          {m.statuses[payout.status]}
        </Badge>
      </Group>
      <PayoutCommission payout={payout} name={{ date }} />
    </Stack>
  );
}
