import {
  formatDateTime,
  formatEuros,
  type QuoteRequestView,
  type QuoteStatus,
  quoteStatuses,
  showcaseFr,
} from '@guichet/shared';
import { Alert, Badge, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSetQuoteStatus } from '../../api/shop';
import { toast } from '../../ui/toast';
import classes from './quote-admin.module.css';

const m = showcaseFr.admin;
const statusColor: Record<QuoteStatus, string> = { new: 'blue', answered: 'grape', won: 'teal', lost: 'gray' };

function StatusBadge({ color, children }: { color: string; children: string }) {
  const shades = {
    '--status-strong': `var(--mantine-color-${color}-9)`,
    '--status-soft': `var(--mantine-color-${color}-0)`,
  } as React.CSSProperties;
  return (
    <Badge variant="light" color={color} className={classes.status} style={shades}>
      {children}
    </Badge>
  );
}

function QuoteRequestCard({ request }: { request: QuoteRequestView }) {
  const setStatus = useSetQuoteStatus();
  const place = (p: QuoteRequestView['billing']) => `${p.address}, ${p.postcode} ${p.city}`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={`quote-${request.id}`}>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <div>
            <Title order={2} size="h4" id={`quote-${request.id}`}>
              {request.structureName}{' '}
              <StatusBadge color={statusColor[request.status]}>{m.statuses[request.status]}</StatusBadge>{' '}
              {request.partner && <StatusBadge color="teal">{m.partner}</StatusBadge>}
            </Title>
            <Text size="sm" c="dimmed">
              {m.received} {formatDateTime(request.createdAt)}
            </Text>
            {/* The reference both e-mails give, to find the request a visitor writes about. */}
            <Text size="sm" c="dimmed">
              {m.reference} : <span className={classes.reference}>{request.id}</span>
            </Text>
          </div>
          <NativeSelect
            label={m.statusLabel}
            aria-label={m.statusOf(request.structureName)}
            value={request.status}
            disabled={setStatus.isPending}
            data={quoteStatuses.map((value) => ({ value, label: m.statuses[value] }))}
            onChange={(event) =>
              setStatus.mutate(
                { id: request.id, status: event.currentTarget.value as QuoteStatus },
                {
                  onSuccess: () => toast(m.saved),
                  onError: (error) => toast(error.message, 'error'),
                },
              )
            }
            maw={240}
          />
        </SimpleGrid>
        <Text size="sm">
          <b>{m.contact} :</b> {request.email}, {request.phone}
        </Text>
        <Text size="sm">
          <b>{m.dates} :</b> {formatDateTime(request.startsAt)} → {formatDateTime(request.endsAt)}
        </Text>
        <Text size="sm">
          <b>{showcaseFr.quote.billingTitle} :</b> {place(request.billing)}
        </Text>
        <Text size="sm">
          <b>{showcaseFr.quote.deliveryTitle} :</b> {place(request.delivery)}
        </Text>
        {request.comments && (
          <Text size="sm">
            <b>{showcaseFr.quote.comments} :</b> {request.comments}
          </Text>
        )}
        <Text size="sm" fw={700}>
          {m.lines}
        </Text>
        <Stack gap={2} component="ul" m={0} pl="md">
          {request.lines.map((line) => (
            <Text component="li" size="sm" key={line.id}>
              {line.quantity} × {line.title}
              {line.variant ? ` (${line.variant})` : ''} :{' '}
              {line.amountCents === null ? line.priceLabel : formatEuros(line.amountCents)}
              {line.discountCents > 0 ? ` (-${formatEuros(line.discountCents)})` : ''}
            </Text>
          ))}
        </Stack>
        <Text size="sm" fw={700}>
          {m.total} : {formatEuros(request.totalCents)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The quote requests, newest first, each with its status to move along (new, answered, won, lost). */
export function QuoteRequestsTable({ requests }: { requests: QuoteRequestView[] }) {
  if (requests.length === 0) return <Alert color="gray">{m.empty}</Alert>;
  return (
    <Stack gap="md">
      {requests.map((request) => (
        <QuoteRequestCard key={request.id} request={request} />
      ))}
    </Stack>
  );
}
