import { fr } from '@guichet/shared';
import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';

/** The account's e-mail field, as every account form asks for it. */
export function EmailField(props: Omit<ComponentProps<typeof TextInput>, 'label'>) {
  return <TextInput label={fr.auth.email} type="email" autoComplete="email" withAsterisk {...props} />;
}
