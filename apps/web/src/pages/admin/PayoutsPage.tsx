import { type AdminPayout, adminFr, formatEuros, groupIban, type PayoutFilter, payoutFilter } from '@guichet/shared';
import { Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useAdminPayouts, useMarkPayoutReturned, useRejectPayout } from '../../api/admin';
import { AdminListPage } from '../../features/admin/AdminListPage';
import { shortDateTime } from '../../features/admin/format';
import { PayoutBatches } from '../../features/admin/PayoutBatches';
import { ReasonModal } from '../../features/admin/ReasonModal';
import { PayoutCommission } from '../../features/payouts/PayoutCommission';
import { payoutStatusColor } from '../../features/payouts/status-color';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { mutationDialog } from '../../ui/mutation-dialog';
import { PageHeader } from '../../ui/PageHeader';

const m = adminFr.payouts;
// A request still to send is the administrator's to-do: yellow, where the organiser sees grey.
const statusColor = { ...payoutStatusColor, requested: 'yellow' } as const;
const filters = payoutFilter.options;

/**
 * The payouts: those to send go into a batch for the bank (PayoutBatches); a request not yet
 * batched may be refused, a paid one the bank sent back is marked returned.
 */
export default function PayoutsPage() {
  const [filter, setFilter] = useState<PayoutFilter>('requested');
  const payouts = useAdminPayouts(filter);
  const [rejecting, setRejecting] = useState<AdminPayout | null>(null);
  const [returning, setReturning] = useState<AdminPayout | null>(null);
  const reject = mutationDialog(useRejectPayout(), () => setRejecting(null));
  const markReturned = mutationDialog(useMarkPayoutReturned(), () => setReturning(null));

  const actions = (payout: AdminPayout) => (
    <PayoutActions payout={payout} onReject={setRejecting} onReturned={setReturning} />
  );
  const amount = (payout: AdminPayout) => (
    <Text fw={700} inherit style={{ whiteSpace: 'nowrap' }}>
      {formatEuros(payout.amountCents)}
    </Text>
  );
  const commission = (payout: AdminPayout, isStacked = false) => (
    <PayoutCommission
      payout={payout}
      name={{ date: shortDateTime(payout.createdAt), eventTitle: payout.eventTitle }}
      isStacked={isStacked}
    />
  );
  const iban = (payout: AdminPayout) => (
    <Text size="xs" ff="monospace" c="dimmed">
      {groupIban(payout.iban)}
    </Text>
  );

  return (
    <AdminListPage
      title={m.title}
      before={<PayoutBatches />}
      tools={
        <PageHeader
          title={m.requests}
          order={3}
          actions={
            <NativeSelect
              label={m.filter}
              value={filter}
              onChange={(event) => setFilter(event.currentTarget.value as PayoutFilter)}
              data={filters.map((value) => ({ value, label: m.filters[value] }))}
            />
          }
        />
      }
      query={payouts}
      empty={m.empty}
      itemKey={(payout) => payout.id}
      cardLabel={(payout) => payout.eventTitle}
      card={(payout) => (
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600}>{payout.eventTitle}</Text>
            {amount(payout)}
          </Group>
          <Text size="xs" c="dimmed">
            {payout.organizerName} · {shortDateTime(payout.createdAt)}
          </Text>
          {commission(payout)}
          <Text size="sm">{payout.holderName}</Text>
          {iban(payout)}
          <PayoutStatus payout={payout} />
          {actions(payout)}
        </Stack>
      )}
      minWidth={860}
      columns={[
        {
          header: m.event,
          cell: (payout) => (
            <>
              <Text fw={600}>{payout.eventTitle}</Text>
              <Text size="xs" c="dimmed">
                {payout.organizerName} · {payout.organizerEmail}
              </Text>
            </>
          ),
        },
        {
          header: m.amount,
          align: 'right',
          cell: (payout) => (
            <>
              {amount(payout)}
              {commission(payout, true)}
            </>
          ),
        },
        {
          header: m.account,
          cell: (payout) => (
            <>
              <Text size="sm">{payout.holderName}</Text>
              {iban(payout)}
            </>
          ),
        },
        { header: m.requestedAt, cell: (payout) => <Text size="sm">{shortDateTime(payout.createdAt)}</Text> },
        { header: m.status, cell: (payout) => <PayoutStatus payout={payout} /> },
        { header: adminFr.common.actions, hideHeader: true, cell: actions },
      ]}
    >
      {rejecting && (
        <ReasonModal
          title={m.rejectTitle}
          confirmLabel={m.reject}
          {...reject.props}
          onConfirm={(reason) => reject.send({ payoutId: rejecting.id, reason }, m.rejected)}
        />
      )}
      {returning && (
        <ConfirmDialog
          title={m.markReturnedTitle}
          confirmLabel={m.markReturned}
          {...markReturned.props}
          onConfirm={() => markReturned.send(returning.id, m.returned)}
        >
          {m.markReturnedText(formatEuros(returning.amountCents), returning.eventTitle)}
        </ConfirmDialog>
      )}
    </AdminListPage>
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
  // A request not yet batched may be refused; a paid one the bank sent back is marked returned.
  const action =
    payout.status === 'requested'
      ? { label: m.reject, run: onReject }
      : payout.status === 'paid'
        ? { label: m.markReturned, run: onReturned }
        : null;
  if (!action) return null;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        onClick={() => action.run(payout)}
        aria-label={`${action.label} : ${payout.eventTitle}`}
      >
        {action.label}
      </Button>
    </Group>
  );
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
