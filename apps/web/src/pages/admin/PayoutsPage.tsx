import { type AdminPayout, adminFr, formatEuros, groupIban, type PayoutFilter } from '@guichet/shared';
import { Badge, Button, Group, NativeSelect, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useAdminPayouts, useMarkPayoutReturned, useRejectPayout } from '../../api/admin';
import { AdminState } from '../../features/admin/AdminState';
import { shortDateTime } from '../../features/admin/format';
import { PayoutBatches } from '../../features/admin/PayoutBatches';
import { ReasonModal } from '../../features/admin/ReasonModal';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast';

const m = adminFr.payouts;
const statusColor = {
  requested: 'yellow',
  batched: 'blue',
  paid: 'teal',
  cancelled: 'gray',
  rejected: 'red',
  returned: 'orange',
} as const;
const filters: PayoutFilter[] = ['requested', 'batched', 'paid', 'returned', 'rejected', 'all'];

/**
 * The payouts: those to send go into a batch for the bank (PayoutBatches); a request not yet
 * batched may be refused, a paid one the bank sent back is marked returned.
 */
export default function PayoutsPage() {
  const [filter, setFilter] = useState<PayoutFilter>('requested');
  const payouts = useAdminPayouts(filter);
  const [rejecting, setRejecting] = useState<AdminPayout | null>(null);
  const [returning, setReturning] = useState<AdminPayout | null>(null);
  const reject = useRejectPayout();
  const markReturned = useMarkPayoutReturned();

  return (
    <Stack>
      <Title order={2} size="h3">
        {m.title}
      </Title>
      <PayoutBatches />
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h4">
          {m.requests}
        </Title>
        <NativeSelect
          label={m.filter}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value as PayoutFilter)}
          data={filters.map((value) => ({ value, label: m.filters[value] }))}
        />
      </Group>
      <AdminState
        isPending={payouts.isPending}
        error={payouts.error}
        retry={() => void payouts.refetch()}
        isEmpty={payouts.data?.length === 0}
        empty={m.empty}
      />
      {payouts.data && payouts.data.length > 0 && (
        <Stack hiddenFrom="sm" gap="sm">
          {payouts.data.map((payout) => (
            <Paper key={payout.id} withBorder radius="md" p="sm" component="article" aria-label={payout.eventTitle}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600}>{payout.eventTitle}</Text>
                  <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {formatEuros(payout.amountCents)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {payout.organizerName} · {shortDateTime(payout.createdAt)}
                </Text>
                <Text size="sm">{payout.holderName}</Text>
                <Text size="xs" ff="monospace" c="dimmed">
                  {groupIban(payout.iban)}
                </Text>
                <PayoutStatus payout={payout} />
                <PayoutActions payout={payout} onReject={setRejecting} onReturned={setReturning} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {payouts.data && payouts.data.length > 0 && (
        <Table.ScrollContainer minWidth={860} visibleFrom="sm">
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.event}</Table.Th>
                <Table.Th ta="right">{m.amount}</Table.Th>
                <Table.Th>{m.account}</Table.Th>
                <Table.Th>{m.requestedAt}</Table.Th>
                <Table.Th>{m.status}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{adminFr.common.actions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payouts.data.map((payout) => (
                <Table.Tr key={payout.id}>
                  <Table.Td>
                    <Text fw={600}>{payout.eventTitle}</Text>
                    <Text size="xs" c="dimmed">
                      {payout.organizerName} · {payout.organizerEmail}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {formatEuros(payout.amountCents)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{payout.holderName}</Text>
                    <Text size="xs" ff="monospace" c="dimmed">
                      {groupIban(payout.iban)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{shortDateTime(payout.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <PayoutStatus payout={payout} />
                  </Table.Td>
                  <Table.Td>
                    <PayoutActions payout={payout} onReject={setRejecting} onReturned={setReturning} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rejecting && (
        <ReasonModal
          title={m.rejectTitle}
          confirmLabel={m.reject}
          pending={reject.isPending}
          error={reject.error?.message ?? null}
          onClose={() => {
            reject.reset();
            setRejecting(null);
          }}
          onConfirm={(reason) =>
            reject.mutate(
              { payoutId: rejecting.id, reason },
              {
                onSuccess: () => {
                  toast(m.rejected);
                  setRejecting(null);
                },
              },
            )
          }
        />
      )}
      {returning && (
        <ConfirmDialog
          title={m.markReturnedTitle}
          confirmLabel={m.markReturned}
          pending={markReturned.isPending}
          error={markReturned.error?.message ?? null}
          onClose={() => {
            markReturned.reset();
            setReturning(null);
          }}
          onConfirm={() =>
            markReturned.mutate(returning.id, {
              onSuccess: () => {
                toast(m.returned);
                setReturning(null);
              },
            })
          }
        >
          {m.markReturnedText(formatEuros(returning.amountCents), returning.eventTitle)}
        </ConfirmDialog>
      )}
    </Stack>
  );
}

function PayoutActions({
  payout,
  onReject,
  onReturned,
}: {
  payout: AdminPayout;
  onReject: (payout: AdminPayout) => void;
  onReturned: (payout: AdminPayout) => void;
}) {
  if (payout.status === 'requested') {
    return (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        <Button
          size="xs"
          variant="default"
          onClick={() => onReject(payout)}
          aria-label={`${m.reject} : ${payout.eventTitle}`}
        >
          {m.reject}
        </Button>
      </Group>
    );
  }
  if (payout.status === 'paid') {
    return (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        <Button
          size="xs"
          variant="default"
          onClick={() => onReturned(payout)}
          aria-label={`${m.markReturned} : ${payout.eventTitle}`}
        >
          {m.markReturned}
        </Button>
      </Group>
    );
  }
  return null;
}

function PayoutStatus({ payout }: { payout: AdminPayout }) {
  return (
    <div>
      <Badge variant="light" color={statusColor[payout.status]}>
        {m.statuses[payout.status]}
      </Badge>
      {(payout.bankReference ?? payout.rejectReason) && (
        <Text size="xs" c="dimmed">
          {payout.bankReference ?? payout.rejectReason}
        </Text>
      )}
    </div>
  );
}
