import { integrationsFr } from '@guichet/shared';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useCreateWebhook, useWebhooks } from '../../api/integrations';
import { QueryState } from '../../ui/QueryState';
import { CreateThenShowOnce } from './CreateThenShowOnce';
import { WebhookCard } from './WebhookCard';
import { WebhookFields } from './WebhookFields';

const m = integrationsFr.webhooks;

/** 'Webhooks' (issue 33): add one (its secret shown once), then each endpoint's card. */
export function WebhooksSettings() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);

  return (
    <CreateThenShowOnce
      texts={{ ...m, shownOnce: m.secretShownOnce, copy: m.copySecret }}
      create={create}
      body={{ url, events }}
      secretOf={(created) => created.secret}
      onCreated={() => {
        setUrl('');
        setEvents([]);
      }}
      fields={(failure) => (
        <WebhookFields url={url} events={events} onUrl={setUrl} onEvents={setEvents} failure={failure} />
      )}
    >
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
    </CreateThenShowOnce>
  );
}
