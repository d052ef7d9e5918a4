import { Alert, Button, Stack } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toast } from '../../ui/toast';

/**
 * A place on its way to someone else (sent, listed for resale), on its ticket card: what is under
 * way (`children`, a status), the button that takes it back, and the server's refusal if any.
 */
export function TakeBackSection({
  children,
  label,
  ariaLabel,
  takeBack,
  done,
}: {
  children: ReactNode;
  label: string;
  ariaLabel?: string;
  takeBack: UseMutationResult<void, Error, void>;
  done: string;
}) {
  return (
    <Stack gap="xs" align="flex-start">
      {children}
      <Button
        variant="default"
        aria-label={ariaLabel}
        loading={takeBack.isPending}
        onClick={() => takeBack.mutate(undefined, { onSuccess: () => toast(done) })}
      >
        {label}
      </Button>
      {takeBack.error && (
        <Alert color="red" role="alert" p="xs">
          {takeBack.error.message}
        </Alert>
      )}
    </Stack>
  );
}
