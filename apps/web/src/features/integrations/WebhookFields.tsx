import { integrationsFr, webhookEventTypes } from '@guichet/shared';
import { Badge, Checkbox, Stack, TextInput } from '@mantine/core';
import type { ApiError } from '../../api/client';

const m = integrationsFr.webhooks;
const eventLabels = integrationsFr.webhookEvents;

/** The address and events of a webhook, for a new one or an edit. */
export function WebhookFields({
  url,
  events,
  onUrl,
  onEvents,
  failure,
}: {
  url: string;
  events: string[];
  onUrl: (url: string) => void;
  onEvents: (events: string[]) => void;
  failure: ApiError | null;
}) {
  return (
    <>
      <TextInput
        label={m.url}
        placeholder="https://exemple.fr/guichet/webhooks"
        type="url"
        inputMode="url"
        value={url}
        onChange={(event) => onUrl(event.currentTarget.value)}
        error={failure?.field === 'url' ? failure.message : undefined}
      />
      <Checkbox.Group
        label={m.events}
        value={events}
        onChange={onEvents}
        error={failure?.field === 'events' ? failure.message : undefined}
      >
        <Stack gap={6} mt={6}>
          {webhookEventTypes.map((type) => (
            <Checkbox key={type} value={type} label={`${eventLabels[type]} (${type})`} />
          ))}
        </Stack>
      </Checkbox.Group>
    </>
  );
}

/** Whether the endpoint receives events, or was disabled after repeated failures. */
export function WebhookStatus({ enabled }: { enabled: boolean }) {
  return (
    <Badge variant="light" color={enabled ? 'teal' : 'red'} tt="none" style={{ flexShrink: 0 }}>
      {enabled ? m.enabled : m.disabled}
    </Badge>
  );
}
