import { type AdminPayout, adminFr, formatEuros, groupIban } from '@guichet/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { fetchSepaFile, type PayoutFilter, useAdminPayouts, useMarkPayoutPaid, useRejectPayout } from '../../api/admin';
import { toast } from '../../features/account/toast';
import { AdminState } from '../../features/admin/AdminState';
import { shortDateTime } from '../../features/admin/format';
import { ReasonModal } from '../../features/admin/ReasonModal';
import { fileNameFromDisposition } from '../../features/follow-up/download-name';

const m = adminFr.payouts;
const statusColor = { requested: 'yellow', paid: 'teal', rejected: 'red', cancelled: 'gray' } as const;

/** The payout queue: the SEPA file of those to send, then each marked paid with its reference, or refused. */
export default function PayoutsPage() {
  const [filter, setFilter] = useState<PayoutFilter>('requested');
  const payouts = useAdminPayouts(filter);
  const [paying, setPaying] = useState<AdminPayout | null>(null);
  const [rejecting, setRejecting] = useState<AdminPayout | null>(null);
  const reject = useRejectPayout();
  const [downloading, setDownloading] = useState(false);
  const pending = filter === 'requested' ? (payouts.data ?? []) : [];
  const total = pending.reduce((sum, payout) => sum + payout.amountCents, 0);

  const download = async () => {
    setDownloading(true);
    try {
      const file = await fetchSepaFile();
      const url = URL.createObjectURL(file.blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = fileNameFromDisposition(file.disposition, 'virements.xml');
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          {m.title}
        </Title>
        <SegmentedControl
          aria-label={m.filter}
          value={filter}
          onChange={(value) => setFilter(value as PayoutFilter)}
          data={(['requested', 'paid', 'rejected', 'all'] as const).map((value) => ({
            value,
            label: m.filters[value],
          }))}
        />
      </Group>
      {filter === 'requested' && pending.length > 0 && (
        <Group justify="space-between" gap="sm">
          <div>
            <Text fw={600}>{m.total(pending.length, formatEuros(total))}</Text>
            <Text size="sm" c="dimmed">
              {m.sepaHint}
            </Text>
          </div>
          <Button
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={downloading}
            onClick={() => void download()}
          >
            {m.downloadSepa}
          </Button>
        </Group>
      )}
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
                {payout.status === 'requested' && (
                  <Group gap="xs" grow>
                    <Button
                      size="xs"
                      onClick={() => setPaying(payout)}
                      aria-label={`${m.markPaid} : ${payout.eventTitle}`}
                    >
                      {m.markPaid}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setRejecting(payout)}
                      aria-label={`${m.reject} : ${payout.eventTitle}`}
                    >
                      {m.reject}
                    </Button>
                  </Group>
                )}
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
                    {payout.status === 'requested' && (
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          onClick={() => setPaying(payout)}
                          aria-label={`${m.markPaid} : ${payout.eventTitle}`}
                        >
                          {m.markPaid}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setRejecting(payout)}
                          aria-label={`${m.reject} : ${payout.eventTitle}`}
                        >
                          {m.reject}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {paying && <MarkPaidModal payout={paying} onClose={() => setPaying(null)} />}
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
    </Stack>
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

function MarkPaidModal({ payout, onClose }: { payout: AdminPayout; onClose: () => void }) {
  const markPaid = useMarkPayoutPaid();
  const [reference, setReference] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={m.markPaidTitle} closeButtonProps={{ 'aria-label': adminFr.common.cancel }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reference.trim()) {
            setInvalid(m.bankReferenceRequired);
            return;
          }
          markPaid.mutate(
            { payoutId: payout.id, bankReference: reference.trim() },
            {
              onSuccess: () => {
                toast(m.paid);
                onClose();
              },
            },
          );
        }}
      >
        <Stack>
          <Text>
            {payout.eventTitle} · <strong>{formatEuros(payout.amountCents)}</strong>
          </Text>
          <TextInput
            label={m.bankReference}
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            error={invalid}
            maxLength={200}
            data-autofocus
            required
          />
          {markPaid.error && (
            <Alert color="red" role="alert">
              {markPaid.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {adminFr.common.cancel}
            </Button>
            <Button type="submit" loading={markPaid.isPending}>
              {m.markPaid}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
