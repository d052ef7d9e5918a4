import { checkoutStepsFr, fr } from '@guichet/shared';
import { Button, Divider, PasswordInput, Text } from '@mantine/core';
import { useState } from 'react';
import { useSendSignInCode, useSignInDuringCheckout } from '../../api/guest';
import { FormError } from '../../ui/FormError';
import { StepButtons, StepForm, type StepPlace } from './StepForm';

const m = checkoutStepsFr.proof;

/**
 * For an e-mail that has an account (issue 15): nothing is held under an address until its owner
 * shows it is theirs, with the account's password or with a code mailed to it.
 */
export function ProofStep({
  email,
  focus,
  onBack,
  onSignedIn,
  onCodeSent,
}: StepPlace & {
  email: string;
  onSignedIn: () => void;
  onCodeSent: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signIn = useSignInDuringCheckout();
  const sendCode = useSendSignInCode();

  const submit = () => {
    if (!password) {
      setError(fr.auth.passwordRequired);
      return;
    }
    setError(null);
    signIn.mutate(
      { email: email.trim(), password },
      { onSuccess: onSignedIn, onError: (failure) => setError(failure.message) },
    );
  };

  return (
    <StepForm title={checkoutStepsFr.steps.proof} focus={focus} onSubmit={submit}>
      <Text>{m.intro(email.trim())}</Text>
      <PasswordInput
        label={m.password}
        autoComplete="current-password"
        withAsterisk
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={Boolean(error)}
      />
      <FormError message={error} />
      <StepButtons onBack={onBack} submitLabel={m.login} loading={signIn.isPending} />
      <Divider label={m.or} labelPosition="center" />
      <Button
        variant="default"
        loading={sendCode.isPending}
        onClick={() =>
          sendCode.mutate(email, { onSuccess: onCodeSent, onError: (failure) => setError(failure.message) })
        }
      >
        {m.sendCode}
      </Button>
    </StepForm>
  );
}
