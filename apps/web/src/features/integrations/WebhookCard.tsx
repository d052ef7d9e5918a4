import { formatDateTime, integrationsFr, type WebhookSummary } from '@guichet/shared';
import { Badge, Button, Code, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { useDeleteWebhook, useTestWebhook, useUpdateWebhook, useWebhookDeliveries } from '../../api/integrations';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DataList } from '../../ui/DataList';
import { FormError } from '../../ui/FormError';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { WebhookFields, WebhookStatus } from './WebhookFields';

const m = integrationsFr.webhooks;
const eventLabels = integrationsFr.webhookEvents;

/** One endpoint: its address and events, edit, test, switch back on, delete, and its delivery log. */
export function WebhookCard({ webhook }: { webhook: WebhookSummary }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [url, setUrl] = useState(webhook.url);
  const [events, setEvents] = useState<string[]>(webhook.events);
  const deliveries = useWebhookDeliveries(webhook.id, showLog);
  const failure = update.error instanceof ApiError ? update.error : null;
  const logId = `webhook-log-${webhook.id}`;

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: webhook.id, url, events },
      {
        onSuccess: () => {
          setEditing(false);
          toast(m.saved);
        },
      },
    );
  };

  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {webhook.url}
          </Text>
          <WebhookStatus enabled={webhook.enabled} />
        </Group>
        <Group gap={4}>
          {webhook.events.map((type) => (
            <Badge key={type} variant="light" size="sm" tt="none">
              {eventLabels[type]}
            </Badge>
          ))}
        </Group>
        {editing ? (
          <form onSubmit={save} noValidate aria-label={m.edit}>
            <Stack gap="sm">
              <WebhookFields url={url} events={events} onUrl={setUrl} onEvents={setEvents} failure={failure} />
              <FormError message={failure && !failure.field ? failure.message : null} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(false)}>
                  {m.cancel}
                </Button>
                <Button type="submit" loading={update.isPending}>
                  {m.save}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group gap="xs" wrap="wrap">
            <Button size="compact-sm" variant="light" onClick={() => setEditing(true)}>
              {m.edit}
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              loading={test.isPending}
              onClick={() =>
                test.mutate(webhook.id, {
                  onSuccess: (result) => {
                    setShowLog(true);
                    toast(m.testSent, result.statusCode && result.statusCode < 300 ? 'success' : 'error');
                  },
                  onError: (error) => toast(error.message, 'error'),
                })
              }
            >
              {m.test}
            </Button>
            {!webhook.enabled && (
              <Button
                size="compact-sm"
                variant="light"
                color="teal"
                loading={update.isPending}
                onClick={() => update.mutate({ id: webhook.id, enabled: true }, { onSuccess: () => toast(m.saved) })}
              >
                {m.enable}
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="subtle"
              aria-expanded={showLog}
              aria-controls={logId}
              onClick={() => setShowLog((shown) => !shown)}
            >
              {m.deliveries}
            </Button>
            <ConfirmButton
              label={m.delete}
              button={{ variant: 'subtle', color: 'red', size: 'compact-sm' }}
              title={m.deleteTitle}
              text={m.deleteConfirm(webhook.url)}
              confirmLabel={m.delete}
              color="red"
              pending={remove.isPending}
              error={remove.error?.message ?? null}
              onClose={() => remove.reset()}
              onConfirm={(close) =>
                remove.mutate(webhook.id, {
                  onSuccess: () => {
                    close();
                    toast(m.deleted);
                  },
                })
              }
            />
          </Group>
        )}
        <Collapse in={showLog} id={logId}>
          <QueryState query={deliveries} compact isEmpty={(list) => list.length === 0} empty={m.noDeliveries}>
            {(list) => (
              <DataList
                items={list}
                itemKey={(delivery) => delivery.id}
                minWidth={520}
                cardLabel={(delivery) => `${delivery.eventType} ${formatDateTime(delivery.createdAt)}`}
                card={(delivery) => (
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {delivery.eventType} · {delivery.statusCode ?? m.noAnswer} · {m.durationMs(delivery.durationMs)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(delivery.createdAt)}
                    </Text>
                    <AnswerExcerpt text={delivery.error ?? delivery.answer} />
                  </Stack>
                )}
                columns={[
                  { header: m.sentAt, cell: (delivery) => formatDateTime(delivery.createdAt) },
                  { header: m.event, cell: (delivery) => delivery.eventType },
                  { header: m.status, cell: (delivery) => delivery.statusCode ?? m.noAnswer },
                  { header: m.duration, cell: (delivery) => m.durationMs(delivery.durationMs) },
                  { header: m.answer, cell: (delivery) => <AnswerExcerpt text={delivery.error ?? delivery.answer} /> },
                ]}
              />
            )}
          </QueryState>
        </Collapse>
      </Stack>
    </Paper>
  );
}

/** The first characters of what the receiver answered (or why nothing was sent), as text. */
function AnswerExcerpt({ text }: { text: string }) {
  return <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text.slice(0, 200)}</Code>;
}
