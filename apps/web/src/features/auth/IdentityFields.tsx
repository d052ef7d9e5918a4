import { ACCOUNT_NAME_MAX, fr } from '@guichet/shared';
import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';

type FieldProps = Omit<ComponentProps<typeof TextInput>, 'label'>;

/**
 * A person's first name, last name and birth date as the account forms ask for them
 * (registration, profile settings). Each field takes react-hook-form's `register(…)` and its error.
 */
export function IdentityFields({
  firstName,
  lastName,
  birthDate,
  labels = fr.auth,
}: {
  firstName: FieldProps;
  lastName: FieldProps;
  birthDate: FieldProps;
  labels?: { firstName: string; lastName: string; birthDate: string };
}) {
  // A name is required and as long as the account allows, first or last.
  const name = { withAsterisk: true, maxLength: ACCOUNT_NAME_MAX };
  return (
    <>
      <TextInput label={labels.firstName} autoComplete="given-name" {...name} {...firstName} />
      <TextInput label={labels.lastName} autoComplete="family-name" {...name} {...lastName} />
      <TextInput label={labels.birthDate} type="date" autoComplete="bday" withAsterisk {...birthDate} />
    </>
  );
}
