import { integrationsFr, type WebhookCreated } from '@guichet/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { useCreateWebhook, useWebhooks } from '../../api/integrations';
import { FormError } from '../../ui/FormError';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { SettingsSection } from '../account/settings/SettingsSection';
import { SecretOnce } from './SecretOnce';
import { WebhookCard } from './WebhookCard';
import { WebhookFields } from './WebhookFields';

const m = integrationsFr.webhooks;

/** 'Webhooks' (issue 33): add one (its secret shown once), then each endpoint's card. */
export function WebhooksSettings() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const failure = create.error instanceof ApiError ? create.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url, events },
      {
        onSuccess: (result) => {
          setCreated(result);
          setUrl('');
          setEvents([]);
          toast(m.created);
        },
      },
    );
  };

  return (
    <SettingsSection title={m.title}>
      <Text size="sm" c="dimmed">
        {m.help}
      </Text>
      {created ? (
        <SecretOnce
          label={m.secret}
          value={created.secret}
          warning={m.secretShownOnce}
          copyLabel={m.copySecret}
          copied={m.copied}
          doneLabel={m.close}
          onDone={() => setCreated(null)}
        />
      ) : (
        <form onSubmit={submit} noValidate aria-label={m.create}>
          <Stack gap="sm">
            <WebhookFields url={url} events={events} onUrl={setUrl} onEvents={setEvents} failure={failure} />
            <FormError message={failure && !failure.field ? failure.message : null} />
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                {m.create}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <QueryState
        query={webhooks}
        errorTitle={m.loadError}
        compact
        isEmpty={(list) => list.length === 0}
        empty={m.empty}
      >
        {(list) => (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={m.title}>
            {list.map((webhook) => (
              <WebhookCard key={webhook.id} webhook={webhook} />
            ))}
          </Stack>
        )}
      </QueryState>
    </SettingsSection>
  );
}
