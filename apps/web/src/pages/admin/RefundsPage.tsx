import { adminFr } from '@guichet/shared';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useRefundRequests } from '../../api/admin';
import { AdminState } from '../../features/admin/AdminState';
import { shortDateTime } from '../../features/admin/format';

const m = adminFr.refunds;

/** The participants' refund requests, read-only: carrying them out goes through the payment providers. */
export default function RefundsPage() {
  const refunds = useRefundRequests();
  return (
    <Stack>
      <div>
        <Title order={2} size="h3">
          {m.title}
        </Title>
        <Text size="sm" c="dimmed">
          {m.hint}
        </Text>
      </div>
      <AdminState
        isPending={refunds.isPending}
        error={refunds.error}
        retry={() => void refunds.refetch()}
        isEmpty={refunds.data?.length === 0}
        empty={m.empty}
      />
      {refunds.data?.map((refund) => (
        <Paper
          key={refund.participationId}
          withBorder
          radius="md"
          p="md"
          component="article"
          aria-label={refund.holderName}
        >
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/billetterie/${refund.eventId}`} fw={600}>
                {refund.eventTitle}
              </Anchor>
              <Text size="sm">
                {refund.holderName} · <Anchor href={`mailto:${refund.holderEmail}`}>{refund.holderEmail}</Anchor>
              </Text>
              <Text size="sm" c="dimmed">
                {refund.ticketTitle} · {m.places} : {refund.places}
                {refund.orderReference && ` · ${m.order} ${refund.orderReference}`}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end">
              {refund.orderStatus && (
                <Badge variant="light" color={refund.orderStatus === 'refunded' ? 'teal' : 'yellow'}>
                  {m.statuses[refund.orderStatus] ?? refund.orderStatus}
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                {m.requestedAt} {shortDateTime(refund.requestedAt)}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
