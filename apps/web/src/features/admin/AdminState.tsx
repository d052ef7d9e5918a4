import { adminFr, fr } from '@guichet/shared';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';

/** Loading, error (with a retry) and empty states of a back-office list. */
export function AdminState({
  isPending,
  error,
  retry,
  isEmpty,
  empty,
}: {
  isPending: boolean;
  error: Error | null;
  retry: () => void;
  isEmpty: boolean;
  empty: string;
}) {
  if (isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={fr.common.loading} />
      </Center>
    );
  }
  if (error) {
    return (
      <Stack align="flex-start">
        <Alert color="red" role="alert" title={adminFr.common.loadFailed}>
          {error.message}
        </Alert>
        <Button variant="default" onClick={retry}>
          {fr.common.retry}
        </Button>
      </Stack>
    );
  }
  if (isEmpty) {
    return (
      <Text c="dimmed" py="md">
        {empty}
      </Text>
    );
  }
  return null;
}
