import { firstLoginError, fr, type LoginRequest } from '@guichet/shared';
import { Alert, Anchor, Group, PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useLogin, useSession } from '../../api/auth';
import { AuthForm } from '../../features/auth/AuthForm';
import { EmailField } from '../../features/auth/EmailField';
import { takeRedirectAfterLogin } from '../../features/shell/markers';
import { showRuleError } from '../../ui/form-errors';

export default function LoginPage() {
  const session = useSession();
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { notLoggedIn?: boolean; accountCreated?: string } | null;
  const notLoggedIn = Boolean(state?.notLoggedIn);
  const createdEmail = state?.accountCreated ?? null;
  const [loggingIn, setLoggingIn] = useState(false);
  const form = useForm<LoginRequest>({ defaultValues: { email: createdEmail ?? '', password: '' } });
  const { errors } = form.formState;

  if (session.data && !loggingIn) return <Navigate to="/billetterie" replace />;

  const submit = form.handleSubmit((values) => {
    if (showRuleError(form, firstLoginError(values), false)) return;
    setLoggingIn(true);
    login.mutate(values, {
      onSuccess: () => navigate(takeRedirectAfterLogin() ?? '/profil', { replace: true }),
      onError: () => setLoggingIn(false),
    });
  });

  return (
    <AuthForm
      title={fr.auth.loginTitle}
      onSubmit={submit}
      error={login.error?.message}
      submitLabel={fr.auth.loginButton}
      pending={login.isPending}
      link={{ to: '/inscription', label: fr.auth.noAccountLink }}
    >
      {notLoggedIn && (
        <Alert color="yellow" role="status">
          {fr.shell.notLoggedIn}
        </Alert>
      )}
      {createdEmail && (
        <Alert color="teal" role="status">
          {fr.auth.accountCreatedBanner(createdEmail)}
        </Alert>
      )}
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <PasswordInput
        label={fr.auth.password}
        autoComplete="current-password"
        withAsterisk
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Group justify="flex-end">
        <Anchor component={Link} to="/forgottenpassword" size="sm">
          {fr.auth.forgottenPasswordLink}
        </Anchor>
      </Group>
    </AuthForm>
  );
}
