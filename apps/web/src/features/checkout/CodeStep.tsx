import { checkoutStepsFr, firstVerificationCodeError } from '@guichet/shared';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useVerifyGuest } from '../../api/guest';
import { FormError } from '../../ui/FormError';
import { CodeField } from '../auth/CodeField';
import { StepButtons, StepForm, type StepPlace } from './StepForm';

/** Step 5: the code mailed to the address (a new account's, or an existing one's sign-in); once it is right, the buyer is logged in. */
export function CodeStep({
  email,
  focus,
  onBack,
  onVerified,
}: StepPlace & {
  email: string;
  onVerified: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyGuest();

  const submit = () => {
    const message = firstVerificationCodeError(code);
    setError(message);
    if (message) return;
    verify.mutate(
      { email, code: code.trim() },
      { onSuccess: onVerified, onError: (failure) => setError(failure.message) },
    );
  };

  return (
    <StepForm title={checkoutStepsFr.steps.code} focus={focus} onSubmit={submit}>
      <Text>{checkoutStepsFr.code.intro(email.trim())}</Text>
      <CodeField
        label={checkoutStepsFr.code.label}
        withAsterisk
        maxLength={12}
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        error={Boolean(error)}
      />
      <FormError message={error} />
      <StepButtons onBack={onBack} submitLabel={checkoutStepsFr.code.submit} loading={verify.isPending} />
    </StepForm>
  );
}
