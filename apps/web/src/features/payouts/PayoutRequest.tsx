import { type EventPayouts, formatEuros, groupIban, payoutsFr } from '@guichet/shared';
import { Alert, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useBankAccount, useRequestPayout } from '../../api/payouts';
import { FormError } from '../../ui/FormError';
import { Loading } from '../../ui/Loading';
import { toast } from '../../ui/toast';
import { BankForm } from './BankForm';
import type { PayoutState } from './payout-state';

const m = payoutsFr.payout;

/**
 * The organiser's side of the panel: the bank details, what may be asked and why not, the request.
 * The button stays in sight when nothing may be asked, disabled, with the reason beside it.
 */
export function PayoutRequest({
  eventId,
  payouts,
  state,
}: {
  eventId: string;
  payouts: EventPayouts;
  state: PayoutState;
}) {
  const bank = useBankAccount();
  const request = useRequestPayout(eventId);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const notesId = useId();

  if (bank.isError) {
    return (
      <Alert color="red" role="alert">
        {m.loadFailed}
      </Alert>
    );
  }
  if (!bank.isSuccess) return <Loading />;

  const hasAccount = Boolean(bank.data) && !editing;
  const notes = [
    state.notYet,
    state.advance,
    state.debtRecovered,
    state.nothingToAsk,
    hasAccount ? null : payoutsFr.errors.noBankAccount,
  ].filter((note): note is string => Boolean(note));

  const ask = () => {
    setError(null);
    request.mutate(undefined, {
      onSuccess: () => toast(m.success),
      // The server's refusal as it comes (not before the end, nothing left): its own French sentence.
      onError: (failure) => setError(failure.message || payoutsFr.errors.requestFailed),
    });
  };

  return (
    <>
      <Title order={3} size="h5">
        {m.bankTitle}
      </Title>
      {hasAccount && bank.data ? (
        <Group justify="space-between" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{bank.data.holderName}</Text>
            <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
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
      {notes.length > 0 && (
        <Stack gap={4} id={notesId}>
          {notes.map((note) => (
            <Text key={note} size="sm">
              {note}
            </Text>
          ))}
        </Stack>
      )}
      <FormError message={error} />
      <Button
        onClick={ask}
        loading={request.isPending}
        disabled={!hasAccount || !payouts.requestable || request.isPending}
        aria-describedby={notes.length > 0 ? notesId : undefined}
        fullWidth
      >
        {state.waitsForEnd ? m.button : m.request(formatEuros(payouts.balance.requestableCents))}
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        {m.tooltip}
      </Text>
    </>
  );
}
