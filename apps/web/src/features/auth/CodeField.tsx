import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';

/**
 * A code received by e-mail, as every form that asks for one: the numeric keyboard on a phone,
 * which also offers the code from the mail (one-time-code). Six digits unless told.
 */
export function CodeField({ maxLength = 6, ...props }: ComponentProps<typeof TextInput>) {
  return <TextInput inputMode="numeric" autoComplete="one-time-code" maxLength={maxLength} {...props} />;
}
