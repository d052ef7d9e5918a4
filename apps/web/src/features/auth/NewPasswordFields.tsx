import { fr } from '@guichet/shared';
import { PasswordInput, Stack } from '@mantine/core';
import type { ComponentProps } from 'react';
import { PasswordStrength } from './PasswordStrength';

type FieldProps = Omit<ComponentProps<typeof PasswordInput>, 'label'>;

/**
 * A new password and its confirmation, with the strength gauge under the first: registration,
 * the reset, the settings and the account made at checkout. Each field takes react-hook-form's
 * `register(…)` or a value and its `onChange`, and its error.
 */
export function NewPasswordFields({
  password,
  passwordLabel = fr.auth.password,
  confirmationLabel = fr.auth.passwordConfirmation,
  passwordProps,
  confirmationProps,
}: {
  /** What is typed in the first field, which the gauge measures. */
  password: string;
  passwordLabel?: string;
  confirmationLabel?: string;
  passwordProps: FieldProps;
  confirmationProps: FieldProps;
}) {
  return (
    <>
      <Stack gap={6}>
        <PasswordInput label={passwordLabel} autoComplete="new-password" withAsterisk {...passwordProps} />
        <PasswordStrength password={password} />
      </Stack>
      <PasswordInput label={confirmationLabel} autoComplete="new-password" withAsterisk {...confirmationProps} />
    </>
  );
}
