import { accountFr, fr } from '@guichet/shared';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { ApiError } from '../../api/client';
import { PageLoader } from '../shell/PageLoader';

/**
 * What a list shows while its query is not ready: a loader, the private-account notice (403),
 * the not-found notice (404), or the error with a retry.
 */
export function QueryState({
  error,
  isPending,
  retry,
}: {
  error: Error | null;
  isPending: boolean;
  retry: () => void;
}) {
  if (isPending) return <PageLoader />;
  if (error instanceof ApiError && error.status === 403) {
    return <Text c="dimmed">{accountFr.organizer.privateProfile}</Text>;
  }
  if (error instanceof ApiError && error.status === 404) {
    return <Text c="dimmed">{accountFr.organizer.notFound}</Text>;
  }
  return (
    <Stack align="flex-start">
      <Alert color="red" role="alert">
        {error?.message ?? fr.common.genericError}
      </Alert>
      <Button variant="default" onClick={retry}>
        {fr.common.retry}
      </Button>
    </Stack>
  );
}
