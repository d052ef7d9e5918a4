import { fr } from '@guichet/shared';
import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';

/** The account's e-mail field, as every account form asks for it. */
export function EmailField({ label = fr.auth.email, ...props }: ComponentProps<typeof TextInput>) {
  return <TextInput label={label} type="email" autoComplete="email" withAsterisk {...props} />;
}
