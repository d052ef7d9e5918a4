import { Alert } from '@mantine/core';

/** A form's error (the server's refusal, the first wrong field), read out as soon as it shows. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}
