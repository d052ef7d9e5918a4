import { accountFr, firstPasswordError, fr, type PasswordChange } from '@guichet/shared';
import { PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useChangePassword } from '../../../api/account';
import { ApiError } from '../../../api/client';
import { FormActions } from '../../../ui/FormActions';
import { toast } from '../../../ui/toast';
import { NewPasswordFields } from '../../auth/NewPasswordFields';
import { SettingsSection } from './SettingsSection';

const m = accountFr.settings;

export function PasswordSettingsForm() {
  const change = useChangePassword();
  const form = useForm<PasswordChange>({
    defaultValues: { currentPassword: '', password: '', passwordConfirmation: '' },
  });
  const { errors } = form.formState;
  const password = form.watch('password');

  const submit = form.handleSubmit((values) => {
    if (!values.currentPassword) {
      form.setError('currentPassword', { message: m.currentPasswordRequired }, { shouldFocus: true });
      return;
    }
    const error = firstPasswordError(values.password, values.passwordConfirmation);
    if (error) {
      const field = values.password && error !== fr.auth.passwordInvalid ? 'passwordConfirmation' : 'password';
      form.setError(field, { message: error }, { shouldFocus: true });
      return;
    }
    change.mutate(values, {
      onSuccess: (result) => {
        toast(result.message);
        form.reset();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.field === 'currentPassword') {
          form.setError('currentPassword', { message: failure.message }, { shouldFocus: true });
        }
      },
    });
  });

  // A server refusal without a rule message gets the spec's wording for this screen.
  const serverError =
    change.error && (change.error instanceof ApiError && change.error.status === 400 ? change.error.message : null);
  const firstError =
    Object.values(errors)[0]?.message ?? serverError ?? (change.error ? fr.auth.passwordChangeFailed : undefined);

  return (
    <SettingsSection title={m.securitySection}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label={m.currentPassword}
            autoComplete="current-password"
            withAsterisk
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <NewPasswordFields
            password={password}
            passwordLabel={m.newPassword}
            confirmationLabel={m.passwordConfirmation}
            passwordProps={{ error: errors.password?.message, ...form.register('password') }}
            confirmationProps={{
              error: errors.passwordConfirmation?.message,
              ...form.register('passwordConfirmation'),
            }}
          />
          <FormActions error={firstError} submitLabel={m.resetPassword} pending={change.isPending} />
        </Stack>
      </form>
    </SettingsSection>
  );
}
