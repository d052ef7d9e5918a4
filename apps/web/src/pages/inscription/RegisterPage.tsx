import { ACCOUNT_NAME_MAX, firstRegistrationError, fr, type RegisterRequest } from '@guichet/shared';
import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { useRegister, useSession } from '../../api/auth';
import { ApiError } from '../../api/client';
import { AuthCard } from '../../features/auth/AuthCard';
import { PasswordStrength } from '../../features/auth/PasswordStrength';

const empty: RegisterRequest = {
  email: '',
  firstName: '',
  lastName: '',
  birthDate: '',
  password: '',
  passwordConfirmation: '',
  newsletter: false,
  acceptTerms: false,
};

export default function RegisterPage() {
  const session = useSession();
  const registration = useRegister();
  const navigate = useNavigate();
  const form = useForm<RegisterRequest>({ defaultValues: empty });
  const { errors } = form.formState;
  const password = form.watch('password');

  if (session.data) return <Navigate to="/billetterie" replace />;

  const submit = form.handleSubmit((values) => {
    const error = firstRegistrationError(values);
    if (error) {
      form.setError(error.field, { message: error.message }, { shouldFocus: true });
      return;
    }
    registration.mutate(values, {
      onSuccess: (user) => {
        // Router state, not browser storage: the banner's e-mail lives only in this history entry.
        navigate('/connexion', { state: { accountCreated: user.email } });
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.field && failure.field in empty) {
          form.setError(failure.field as keyof RegisterRequest, { message: failure.message });
        }
      },
    });
  });

  // The first message of the spec's order, repeated above the button for screen readers.
  const firstError = Object.values(errors)[0]?.message ?? registration.error?.message;

  return (
    <AuthCard title={fr.auth.registerTitle}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={fr.auth.email}
            type="email"
            autoComplete="email"
            withAsterisk
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextInput
            label={fr.auth.firstName}
            autoComplete="given-name"
            withAsterisk
            maxLength={ACCOUNT_NAME_MAX}
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextInput
            label={fr.auth.lastName}
            autoComplete="family-name"
            withAsterisk
            maxLength={ACCOUNT_NAME_MAX}
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
          <TextInput
            label={fr.auth.birthDate}
            type="date"
            autoComplete="bday"
            withAsterisk
            error={errors.birthDate?.message}
            {...form.register('birthDate')}
          />
          <Stack gap={6}>
            <PasswordInput
              label={fr.auth.password}
              autoComplete="new-password"
              withAsterisk
              error={errors.password?.message}
              visibilityToggleButtonProps={{ 'aria-label': fr.auth.showPassword }}
              {...form.register('password')}
            />
            <PasswordStrength password={password} />
          </Stack>
          <PasswordInput
            label={fr.auth.passwordConfirmation}
            autoComplete="new-password"
            withAsterisk
            error={errors.passwordConfirmation?.message}
            visibilityToggleButtonProps={{ 'aria-label': fr.auth.showPassword }}
            {...form.register('passwordConfirmation')}
          />
          <Checkbox label={fr.auth.newsletter} {...form.register('newsletter')} />
          <Checkbox
            label={
              <>
                {fr.auth.acceptTermsBefore}{' '}
                <Anchor component={Link} to="/termsAndConditions" target="_blank">
                  {fr.auth.termsOfUse}
                </Anchor>{' '}
                {fr.auth.acceptTermsAnd}{' '}
                <Anchor component={Link} to="/privacyPolicy" target="_blank">
                  {fr.auth.privacyPolicy}
                </Anchor>
              </>
            }
            error={errors.acceptTerms?.message}
            {...form.register('acceptTerms')}
          />
          {firstError && (
            <Alert color="red" role="alert">
              {firstError}
            </Alert>
          )}
          <Button type="submit" loading={registration.isPending} fullWidth>
            {fr.auth.registerButton}
          </Button>
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/connexion">
              {fr.auth.haveAccountLink}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
