import { Anchor, Button, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../ui/FormError';
import { AuthCard } from './AuthCard';

/**
 * The account forms' one layout (login, registration, forgotten password): the card and its
 * title, the fields, the first error above the button (where a screen reader meets it before
 * sending again), the button, and the link to the other form.
 */
export function AuthForm({
  title,
  onSubmit,
  children,
  error,
  submitLabel,
  pending,
  link,
}: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
  error?: string | null;
  submitLabel: string;
  pending: boolean;
  link: { to: string; label: string };
}) {
  return (
    <AuthCard title={title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {children}
          <FormError message={error} />
          <Button type="submit" loading={pending} fullWidth>
            {submitLabel}
          </Button>
          <Text ta="center" size="sm">
            <Anchor component={Link} to={link.to}>
              {link.label}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
