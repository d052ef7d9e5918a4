import { fr } from '@guichet/shared';
import { Alert, Button, Group, Text } from '@mantine/core';

/** A failed load said in French, with a way to try again. */
export function LoadError({ message, detail, onRetry }: { message: string; detail?: string; onRetry(): void }) {
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between" gap="sm">
        <div>
          <Text size="sm" fw={600}>
            {message}
          </Text>
          {detail && <Text size="sm">{detail}</Text>}
        </div>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {fr.common.retry}
        </Button>
      </Group>
    </Alert>
  );
}
