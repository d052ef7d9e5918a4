import { formatDateTime, resaleFr, transfersFr } from '@guichet/shared';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { type PlaceHistoryItems, type TicketRulesKind, usePlaceHistory } from '../../api/ticket-rules';
import { QueryState } from '../../ui/QueryState';

/** Each kind's texts, and how one of its entries reads: its badge, who and what, since when. */
type KindHistory<K extends TicketRulesKind> = {
  texts: { title: string; empty: string; loadFailed: string; endedOn: (date: string) => string };
  describe: (item: PlaceHistoryItems[K]) => { color: string; status: string; what: string; since: string };
};

const t = transfersFr.history;
const r = resaleFr.history;
const transferColors = { pending: 'yellow', accepted: 'teal', cancelled: 'gray', expired: 'gray' } as const;
const resaleColors = { listed: 'yellow', sold: 'teal', withdrawn: 'gray' } as const;

const histories: { [K in TicketRulesKind]: KindHistory<K> } = {
  transfer: {
    texts: t,
    describe: (item) => ({
      color: transferColors[item.status],
      status: t.status[item.status],
      what: t.line(item.fromEmail, item.toEmail),
      since: t.sentOn(formatDateTime(item.createdAt)),
    }),
  },
  resale: {
    texts: r,
    describe: (item) => ({
      color: resaleColors[item.status],
      status: r.status[item.status],
      what: r.line(item.sellerEmail, item.priceCents, item.feeCents),
      since: r.listedOn(formatDateTime(item.createdAt)),
    }),
  },
};

/**
 * A place's transfers (along its chain) or its resales (and the one it came from), oldest first,
 * in the organiser's participant detail (issue 30).
 */
export function PlaceHistory<K extends TicketRulesKind>({
  kind,
  eventId,
  participationId,
}: {
  kind: K;
  eventId: string;
  participationId: string;
}) {
  const history = usePlaceHistory(kind, eventId, participationId);
  const { texts, describe } = histories[kind] as KindHistory<K>;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {texts.title}
      </Text>
      <QueryState
        query={history}
        isEmpty={(items) => items.length === 0}
        empty={<Text size="sm">{texts.empty}</Text>}
        errorTitle={texts.loadFailed}
        compact
      >
        {(items) => (
          <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((item) => {
              const line = describe(item);
              return (
                <li key={item.id}>
                  <Group gap="xs" wrap="wrap">
                    <Badge color={line.color} variant="light">
                      {line.status}
                    </Badge>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {line.what}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {line.since}
                    {item.endedAt && ` · ${line.status} ${texts.endedOn(formatDateTime(item.endedAt))}`}
                  </Text>
                </li>
              );
            })}
          </Stack>
        )}
      </QueryState>
    </div>
  );
}
