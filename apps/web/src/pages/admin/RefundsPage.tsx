import { adminFr, formatEuros } from '@guichet/shared';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAdminRefunds } from '../../api/admin';
import { AdminListPage } from '../../features/admin/AdminListPage';
import { shortDateTime } from '../../features/admin/format';
import { refundStatusColor } from '../../features/refunds/status-color';

const m = adminFr.refunds;
// A request the organiser has still to decide; the rest is the refund's own state, coloured as in the console.
const statusColor = { ...refundStatusColor, awaiting: 'yellow' };

/** Refunds, read-only: the organiser decides a request in the console; the providers carry it out. */
export default function RefundsPage() {
  const refunds = useAdminRefunds();
  return (
    <AdminListPage
      title={m.title}
      hint={m.hint}
      query={refunds}
      empty={m.empty}
      itemKey={(refund) => refund.id}
      cardLabel={(refund) => refund.holderName}
      card={(refund) => (
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/billetterie/${refund.eventId}`} fw={600}>
              {refund.eventTitle}
            </Anchor>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {refund.holderName} · <Anchor href={`mailto:${refund.holderEmail}`}>{refund.holderEmail}</Anchor>
            </Text>
            <Text size="sm" c="dimmed">
              {m.causes[refund.cause]}
              {refund.ticketTitle && ` · ${refund.ticketTitle}`} · {m.places} : {refund.places}
              {refund.orderReference && ` · ${m.order} ${refund.orderReference}`}
            </Text>
            {refund.lastError && (
              <Text size="sm" c="var(--mantine-color-error)">
                {refund.lastError}
              </Text>
            )}
          </Stack>
          <Stack gap={4} align="flex-end">
            <Badge variant="light" color={statusColor[refund.status]}>
              {m.statuses[refund.status]}
            </Badge>
            {refund.amountCents !== null && <Text fw={700}>{formatEuros(refund.amountCents)}</Text>}
            <Text size="xs" c="dimmed">
              {m.requestedAt} {shortDateTime(refund.requestedAt)}
            </Text>
          </Stack>
        </Group>
      )}
    />
  );
}
