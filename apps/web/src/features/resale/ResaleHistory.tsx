import { formatDateTime, resaleFr } from '@guichet/shared';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useResaleHistory } from '../../api/resale';
import { QueryState } from '../../ui/QueryState';

const m = resaleFr.history;
const colors = { listed: 'yellow', sold: 'teal', withdrawn: 'gray' } as const;

/** The resales of a place (and the one it came from), oldest first, in the organiser's participant detail. */
export function ResaleHistory({ eventId, participationId }: { eventId: string; participationId: string }) {
  const history = useResaleHistory(eventId, participationId);
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
                    {m.line(item.sellerEmail, item.priceCents, item.feeCents)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {m.listedOn(formatDateTime(item.createdAt))}
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
