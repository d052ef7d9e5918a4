import { fr } from '@guichet/shared';
import { Alert, Button, Group, Text } from '@mantine/core';

/**
 * A failed load said in French, with a way to try again: what failed (`title`), the server's
 * words (`message`) and the retry. `compact` is one line inside a small panel.
 */
export function ErrorState({
  title,
  message,
  onRetry,
  compact = false,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
  compact?: boolean;
}) {
  if (compact) {
    return (
      <Text c="var(--mantine-color-error)" size="sm" role="alert">
        {message}
      </Text>
    );
  }
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between" gap="sm">
        <div>
          {title && (
            <Text size="sm" fw={600}>
              {title}
            </Text>
          )}
          <Text size="sm">{message}</Text>
        </div>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {fr.common.retry}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
