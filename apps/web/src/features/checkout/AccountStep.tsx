import { checkoutStepsFr, firstPasswordError, fr } from '@guichet/shared';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useCreateGuestAccount } from '../../api/guest';
import { FormError } from '../../ui/FormError';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { StepButtons, StepForm, type StepPlace } from './StepForm';
import type { Buyer } from './state';

/** Step 4, for an unknown e-mail only: the password of the account made with this purchase. */
export function AccountStep({
  buyer,
  focus,
  onBack,
  onCreated,
}: StepPlace & {
  buyer: Buyer;
  onCreated: () => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<{ field: 'password' | 'passwordConfirmation'; message: string } | null>(null);
  const create = useCreateGuestAccount();

  const submit = () => {
    const message = firstPasswordError(password, confirmation);
    if (message) {
      const field = !password || message === fr.auth.passwordInvalid ? 'password' : 'passwordConfirmation';
      setError({ field, message });
      return;
    }
    setError(null);
    create.mutate(
      {
        email: buyer.email,
        firstName: buyer.firstName,
        lastName: buyer.lastName,
        birthDate: buyer.birthDate,
        password,
        passwordConfirmation: confirmation,
      },
      { onSuccess: onCreated },
    );
  };

  return (
    <StepForm title={checkoutStepsFr.steps.password} focus={focus} onSubmit={submit}>
      <Text>{checkoutStepsFr.account.intro(buyer.email.trim())}</Text>
      <NewPasswordFields
        password={password}
        passwordProps={{
          value: password,
          onChange: (event) => setPassword(event.currentTarget.value),
          error: error?.field === 'password',
        }}
        confirmationProps={{
          value: confirmation,
          onChange: (event) => setConfirmation(event.currentTarget.value),
          error: error?.field === 'passwordConfirmation',
        }}
      />
      <FormError message={error?.message ?? create.error?.message} />
      <StepButtons onBack={onBack} loading={create.isPending} />
    </StepForm>
  );
}
