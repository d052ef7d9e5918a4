import { formatEuros, payoutsFr } from '@guichet/shared';
import { Alert, Badge, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useEventPayouts } from '../../api/payouts';
import { Loading } from '../../ui/Loading';
import { BalanceTable } from './BalanceTable';
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
            <Stack gap={6}>
              {data.payouts.map((payout) => (
                <Group key={payout.id} justify="space-between" gap="xs">
                  <Text size="sm">
                    {new Date(payout.createdAt).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })}
                  </Text>
                  <Text size="sm" fw={600}>
                    {formatEuros(payout.amountCents)}
                  </Text>
                  <Badge variant="light" color={payoutStatusColor[payout.status]}>
                    {m.statuses[payout.status]}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
