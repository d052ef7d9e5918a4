import { firstPasswordError, fr } from '@guichet/shared';
import { Alert, Button, Stack, Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useConfirmPasswordReset, useVerifyResetCode } from '../../api/auth';
import { AuthCard } from '../../features/auth/AuthCard';
import { CodeField } from '../../features/auth/CodeField';
import { EmailField } from '../../features/auth/EmailField';
import { NewPasswordFields } from '../../features/auth/NewPasswordFields';
import { toast } from '../../ui/toast';

/** Step 1: the code received by e-mail; step 2: the new password. */
export default function ChangePasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const knownEmail = (location.state as { email?: string } | null)?.email ?? '';
  const [email, setEmail] = useState(knownEmail);
  const [code, setCode] = useState('');
  const [step, setStep] = useState(0);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyResetCode();
  const confirm = useConfirmPasswordReset();

  const checkCode = (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(fr.auth.emailRequired);
    if (!code.trim()) return setError(fr.auth.codeRequired);
    setError(null);
    verify.mutate(
      { email, code },
      { onSuccess: () => setStep(1), onError: (failure) => setError(failure.message || fr.common.genericError) },
    );
  };

  const savePassword = (event: React.FormEvent) => {
    event.preventDefault();
    const passwordError = firstPasswordError(password, confirmation);
    if (passwordError) return setError(passwordError);
    setError(null);
    confirm.mutate(
      { email, code, password, passwordConfirmation: confirmation },
      {
        onSuccess: () => {
          toast(fr.auth.passwordChanged);
          navigate('/connexion', { replace: true });
        },
        onError: (failure) => setError(failure.message || fr.common.genericError),
      },
    );
  };

  return (
    <AuthCard title={fr.auth.changeTitle}>
      <Stepper active={step} size="sm" mb="lg" allowNextStepsSelect={false}>
        <Stepper.Step label={fr.auth.codeStep} />
        <Stepper.Step label={fr.auth.newPassword} />
      </Stepper>
      {error && (
        <Alert color="red" role="alert" mb="md">
          {error}
        </Alert>
      )}
      {step === 0 ? (
        <form onSubmit={checkCode} noValidate>
          <Stack>
            {knownEmail ? (
              <Text size="sm" c="dimmed">
                {fr.auth.codeSentText(knownEmail)}
              </Text>
            ) : (
              <EmailField value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            )}
            <CodeField
              label={fr.auth.codeLabel}
              withAsterisk
              value={code}
              onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
            />
            <Button type="submit" loading={verify.isPending} fullWidth>
              {fr.auth.validate}
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={savePassword} noValidate>
          <Stack>
            <NewPasswordFields
              password={password}
              passwordLabel={fr.auth.newPassword}
              passwordProps={{ value: password, onChange: (e) => setPassword(e.currentTarget.value) }}
              confirmationProps={{ value: confirmation, onChange: (e) => setConfirmation(e.currentTarget.value) }}
            />
            <Button type="submit" loading={confirm.isPending} fullWidth>
              {fr.auth.validate}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
