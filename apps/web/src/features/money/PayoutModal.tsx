import {
  type BankAccount,
  type BankAccountRequest,
  firstBankAccountError,
  formatEuros,
  groupIban,
  moneyFr,
} from '@guichet/shared';
import { Alert, Badge, Button, Divider, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useBankAccount, useEventPayouts, useRequestPayout, useSaveBankAccount } from '../../api/money';
import { toast } from '../account/toast';
import { PageLoader } from '../shell/PageLoader';
import { rateLine } from './rate-line';

const m = moneyFr.payout;
const statusColor = {
  requested: 'gray',
  batched: 'blue',
  paid: 'teal',
  cancelled: 'gray',
  rejected: 'red',
  returned: 'orange',
} as const;

/** The balance, the bank details kept for the next time, the request, and the requests so far. */
export default function PayoutModal({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const payouts = useEventPayouts(eventId);
  const bank = useBankAccount();
  const request = useRequestPayout(eventId);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ready = payouts.data && bank.isSuccess;
  const available = payouts.data?.balance.availableCents ?? 0;
  const hasAccount = Boolean(bank.data) && !editing;

  const ask = () => {
    setError(null);
    request.mutate(undefined, {
      onSuccess: () => toast(m.success),
      onError: (failure) => setError(failure.message || moneyFr.errors.requestFailed),
    });
  };

  return (
    <Modal opened onClose={onClose} title={m.title} size="lg" closeButtonProps={{ 'aria-label': m.close }}>
      {!ready ? (
        payouts.isError || bank.isError ? (
          <Alert color="red" role="alert">
            {m.loadFailed}
          </Alert>
        ) : (
          <PageLoader />
        )
      ) : (
        <Stack gap="md">
          <Title order={3} size="h5">
            {m.balanceTitle}
          </Title>
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              <Line label={m.sales} cents={payouts.data.balance.salesCents} />
              <Line label={m.commission} cents={payouts.data.balance.commissionCents} isDeducted />
              <Line label={m.refunds} cents={payouts.data.balance.refundsCents} isDeducted />
              <Line label={m.payouts} cents={payouts.data.balance.payoutsCents} isDeducted />
              <Table.Tr>
                <Table.Th scope="row">{m.available}</Table.Th>
                <Table.Td ta="right" fw={700} data-testid="available">
                  {formatEuros(available)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {m.rateUsed(rateLine(payouts.data))}
          </Text>
          <Divider />
          {payouts.data.refusal ? (
            <Alert color="gray" role="note">
              {payouts.data.refusal}
            </Alert>
          ) : (
            <>
              <Title order={3} size="h5">
                {m.bankTitle}
              </Title>
              {hasAccount && bank.data ? (
                <Group justify="space-between" align="flex-start">
                  <div>
                    <Text fw={600}>{bank.data.holderName}</Text>
                    <Text ff="monospace" size="sm">
                      {groupIban(bank.data.iban)}
                    </Text>
                    {bank.data.bic && (
                      <Text ff="monospace" size="sm" c="dimmed">
                        {bank.data.bic}
                      </Text>
                    )}
                  </div>
                  <Button variant="subtle" size="compact-sm" onClick={() => setEditing(true)}>
                    {m.editBank}
                  </Button>
                </Group>
              ) : (
                <BankForm initial={bank.data ?? null} onSaved={() => setEditing(false)} />
              )}
              <Divider />
              {available <= 0 ? (
                <Text c="dimmed" size="sm">
                  {m.nothingLeft}
                </Text>
              ) : (
                !hasAccount && (
                  <Text c="dimmed" size="sm">
                    {moneyFr.errors.noBankAccount}
                  </Text>
                )
              )}
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Button
                onClick={ask}
                loading={request.isPending}
                disabled={!hasAccount || available <= 0 || request.isPending}
                fullWidth
              >
                {m.request(formatEuros(available))}
              </Button>
              <Text size="xs" c="dimmed" ta="center">
                {m.tooltip}
              </Text>
            </>
          )}
          <Title order={3} size="h5">
            {m.history}
          </Title>
          {payouts.data.payouts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {m.noHistory}
            </Text>
          ) : (
            <Stack gap={6}>
              {payouts.data.payouts.map((payout) => (
                <Group key={payout.id} justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {new Date(payout.createdAt).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })}
                  </Text>
                  <Text size="sm" fw={600}>
                    {formatEuros(payout.amountCents)}
                  </Text>
                  <Badge color={statusColor[payout.status]}>{m.statuses[payout.status]}</Badge>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** A line of the balance; what is taken off is shown with a minus sign, unless it is nothing. */
function Line({ label, cents, isDeducted }: { label: string; cents: number; isDeducted?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={400}>
        {label}
      </Table.Th>
      <Table.Td ta="right">{isDeducted && cents > 0 ? `− ${formatEuros(cents)}` : formatEuros(cents)}</Table.Td>
    </Table.Tr>
  );
}

function BankForm({ initial, onSaved }: { initial: BankAccount | null; onSaved: () => void }) {
  const save = useSaveBankAccount();
  const [values, setValues] = useState<BankAccountRequest>({
    holderName: initial?.holderName ?? '',
    iban: initial?.iban ? groupIban(initial.iban) : '',
    bic: initial?.bic ?? '',
  });
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const invalid = firstBankAccountError(values);
    setFieldError(invalid);
    if (invalid) return;
    save.mutate(values, {
      onSuccess: () => {
        toast(m.bankSaved);
        onSaved();
      },
      onError: (failure) =>
        setFieldError({ field: (failure as { field?: string }).field ?? 'iban', message: failure.message }),
    });
  };
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={m.holderLabel}
          autoComplete="name"
          value={values.holderName}
          onChange={(e) => setValues({ ...values, holderName: e.currentTarget.value })}
          error={errorOf('holderName')}
          required
        />
        <TextInput
          label={m.ibanLabel}
          value={values.iban}
          onChange={(e) => setValues({ ...values, iban: e.currentTarget.value })}
          error={errorOf('iban')}
          ff="monospace"
          required
        />
        <TextInput
          label={m.bicLabel}
          value={values.bic}
          onChange={(e) => setValues({ ...values, bic: e.currentTarget.value })}
          error={errorOf('bic')}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={save.isPending}>
            {m.saveBank}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
