import {
  type AdminUser,
  adminFr,
  checkLedgerAdjustment,
  formatEuros,
  formatSignedEuros,
  type LedgerAdjustmentRequest,
  parseAdvancePercent,
  REASON_MAX_LENGTH,
} from '@guichet/shared';
import { Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useRecordLedgerAdjustment, useSetPayoutAdvance } from '../../api/admin';
import { FormError } from '../../ui/FormError';
import { toast } from '../../ui/toast';
import { BalanceFigure } from './BalanceFigure';
import { ManageSection } from './ManageSection';

const m = adminFr.users;

/**
 * An organiser's money in the back office (docs/decisions.md, "Payout rules"): their balance over
 * all events, the advance they may ask before an event's end, and the adjustments the
 * administrator records (a repayment of what they owe, a charge), each confirmed first.
 */
export function UserMoneySection({ user }: { user: AdminUser }) {
  return (
    <ManageSection title={m.moneySection} gap="sm">
      <Group justify="space-between" gap="xs">
        <Text>{m.balanceLine}</Text>
        <BalanceFigure cents={user.balanceCents} fw={700} />
      </Group>
      <AdvanceForm user={user} />
      <AdjustmentForm user={user} />
    </ManageSection>
  );
}

function AdvanceForm({ user }: { user: AdminUser }) {
  const save = useSetPayoutAdvance();
  // The text as typed (docs/decisions.md, "Number fields keep what was typed"), said wrong at once.
  const [percent, setPercent] = useState(String(user.payoutAdvancePercent));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = parseAdvancePercent(percent);
    if (value === null) {
      setError(adminFr.errors.advancePercent);
      return;
    }
    setError(null);
    save.mutate(
      { userId: user.id, percent: value },
      { onSuccess: () => toast(adminFr.common.saved), onError: (failure) => setError(failure.message) },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={m.advanceLabel}
          description={m.advanceHint}
          value={percent}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            setPercent(typed);
            setError(typed.trim() === '' || parseAdvancePercent(typed) !== null ? null : adminFr.errors.advancePercent);
          }}
          inputMode="numeric"
          autoComplete="off"
          error={error}
          style={{ flex: '1 1 14rem' }}
        />
        <Button type="submit" variant="light" loading={save.isPending}>
          {m.saveAdvance}
        </Button>
      </Group>
    </form>
  );
}

type FieldError = { field: 'amount' | 'reason'; message: string };

function AdjustmentForm({ user }: { user: AdminUser }) {
  const record = useRecordLedgerAdjustment();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<FieldError | null>(null);
  const [pending, setPending] = useState<LedgerAdjustmentRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  // The question replaces the button that asked it: the focus goes to its answer.
  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const checked = checkLedgerAdjustment({ amount, reason });
    if ('field' in checked) {
      setInvalid(checked);
      return;
    }
    setInvalid(null);
    setPending(checked.adjustment);
  };

  const confirm = () => {
    if (!pending) return;
    record.mutate(
      { userId: user.id, adjustment: pending },
      {
        onSuccess: ({ balanceCents }) => {
          toast(m.adjustmentSaved(formatSignedEuros(balanceCents)));
          setPending(null);
          setAmount('');
          setReason('');
        },
        onError: (failure) => {
          setPending(null);
          setError(failure.message);
        },
      },
    );
  };

  const name = `${user.firstName} ${user.lastName}`;
  const question =
    pending &&
    (pending.amountCents > 0 ? m.confirmRepayment : m.confirmCharge)(
      formatEuros(Math.abs(pending.amountCents)),
      name,
      formatSignedEuros(user.balanceCents + pending.amountCents),
    );
  const fieldError = (field: FieldError['field']) => (invalid?.field === field ? invalid.message : undefined);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Title order={4} size="h6" mt="xs">
          {m.adjustmentTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {m.adjustmentHint}
        </Text>
        <TextInput
          label={m.adjustmentAmount}
          description={m.adjustmentAmountHint}
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setPending(null);
          }}
          inputMode="decimal"
          autoComplete="off"
          error={fieldError('amount')}
          required
          maw={240}
        />
        <Textarea
          label={m.adjustmentReason}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setPending(null);
          }}
          error={fieldError('reason')}
          autosize
          minRows={2}
          maxLength={REASON_MAX_LENGTH}
          required
        />
        <FormError message={error} />
        {question ? (
          <Paper withBorder p="sm" radius="md" role="group" aria-label={m.confirmAdjustment}>
            <Stack gap="sm">
              <Text>{question}</Text>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setPending(null)}>
                  {adminFr.common.cancel}
                </Button>
                <Button ref={confirmRef} loading={record.isPending} onClick={confirm}>
                  {m.confirmAdjustment}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : (
          <Group>
            <Button type="submit" variant="light">
              {m.recordAdjustment}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
