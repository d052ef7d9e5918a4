import { fr } from '@guichet/shared';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useRequestPasswordReset } from '../../api/auth';
import { AuthForm } from '../../features/auth/AuthForm';
import { EmailField } from '../../features/auth/EmailField';

export default function ForgottenPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const navigate = useNavigate();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(fr.auth.emailRequired);
      return;
    }
    setError(null);
    request.mutate(email.trim(), {
      onSuccess: () => navigate('/changepassword', { state: { email: email.trim() } }),
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <AuthForm
      title={fr.auth.forgottenTitle}
      onSubmit={submit}
      error={error}
      submitLabel={fr.auth.send}
      pending={request.isPending}
      link={{ to: '/inscription', label: fr.auth.noAccountLink }}
    >
      <Text size="sm" c="dimmed">
        {fr.auth.forgottenText}
      </Text>
      <EmailField value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
    </AuthForm>
  );
}
