import { formatDateTime, transfersFr } from '@guichet/shared';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTransferHistory } from '../../api/transfers';
import { QueryState } from '../../ui/QueryState';

const m = transfersFr.history;
const colors = { pending: 'yellow', accepted: 'teal', cancelled: 'gray', expired: 'gray' } as const;

/** The transfers of a place, oldest first, in the organiser's participant detail (issue 30). */
export function TransferHistory({ eventId, participationId }: { eventId: string; participationId: string }) {
  const history = useTransferHistory(eventId, participationId);
  return (
    <div>
      <Text size="xs" c="dimmed">
        {m.title}
      </Text>
      <QueryState
        query={history}
        isEmpty={(items) => items.length === 0}
        empty={<Text size="sm">{m.empty}</Text>}
        errorTitle={m.loadFailed}
        compact
      >
        {(items) => (
          <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <li key={item.id}>
                <Group gap="xs" wrap="wrap">
                  <Badge color={colors[item.status]} variant="light">
                    {m.status[item.status]}
                  </Badge>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {m.line(item.fromEmail, item.toEmail)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {m.sentOn(formatDateTime(item.createdAt))}
                  {item.endedAt && ` · ${m.status[item.status]} ${m.endedOn(formatDateTime(item.endedAt))}`}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </QueryState>
    </div>
  );
}
