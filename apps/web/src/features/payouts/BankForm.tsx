import {
  type BankAccount,
  type BankAccountRequest,
  firstBankAccountError,
  groupIban,
  payoutsFr,
} from '@guichet/shared';
import { Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSaveBankAccount } from '../../api/payouts';
import { FormActions } from '../../ui/FormActions';
import { toast } from '../../ui/toast';

const m = payoutsFr.payout;

/** The organiser's bank details, checked as the server checks them, kept for every later request. */
export function BankForm({ initial, onSaved }: { initial: BankAccount | null; onSaved: () => void }) {
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
        <FormActions submitLabel={m.saveBank} pending={save.isPending} variant="light" />
      </Stack>
    </form>
  );
}
