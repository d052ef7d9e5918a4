import { fr } from '@guichet/shared';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRequestPasswordReset } from '../../api/auth';
import { AuthCard } from '../../features/auth/AuthCard';

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
    <AuthCard title={fr.auth.forgottenTitle}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {fr.auth.forgottenText}
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={fr.auth.email}
            type="email"
            autoComplete="email"
            withAsterisk
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Button type="submit" loading={request.isPending} fullWidth>
            {fr.auth.send}
          </Button>
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/inscription">
              {fr.auth.noAccountLink}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
