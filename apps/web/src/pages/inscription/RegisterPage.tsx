import { firstRegistrationError, fr, type RegisterRequest } from '@guichet/shared';
import { Anchor, Checkbox } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { useRegister, useSession } from '../../api/auth';
import { AuthForm } from '../../features/auth/AuthForm';
import { EmailField } from '../../features/auth/EmailField';
import { IdentityFields } from '../../features/auth/IdentityFields';
import { NewPasswordFields } from '../../features/auth/NewPasswordFields';
import { showRuleError, showServerFieldError } from '../../ui/form-errors';

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
    if (showRuleError(form, firstRegistrationError(values))) return;
    registration.mutate(values, {
      onSuccess: (user) => {
        // Router state, not browser storage: the banner's e-mail lives only in this history entry.
        navigate('/connexion', { state: { accountCreated: user.email } });
      },
      onError: (failure) => showServerFieldError(form, failure, empty),
    });
  });

  // The first message of the spec's order, repeated above the button for screen readers.
  const firstError = Object.values(errors)[0]?.message ?? registration.error?.message;

  return (
    <AuthForm
      title={fr.auth.registerTitle}
      onSubmit={submit}
      error={firstError}
      submitLabel={fr.auth.registerButton}
      pending={registration.isPending}
      link={{ to: '/connexion', label: fr.auth.haveAccountLink }}
    >
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <IdentityFields
        firstName={{ error: errors.firstName?.message, ...form.register('firstName') }}
        lastName={{ error: errors.lastName?.message, ...form.register('lastName') }}
        birthDate={{ error: errors.birthDate?.message, ...form.register('birthDate') }}
      />
      <NewPasswordFields
        password={password}
        passwordProps={{ error: errors.password?.message, ...form.register('password') }}
        confirmationProps={{ error: errors.passwordConfirmation?.message, ...form.register('passwordConfirmation') }}
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
    </AuthForm>
  );
}
