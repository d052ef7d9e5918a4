import { checkEmbedDomains, embedFr } from '@guichet/shared';
import { Alert, Button, Code, CopyButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useEmbedSettings, useSaveEmbedDomains } from '../../api/embed';
import { QueryState } from '../../ui/QueryState';
import { Section } from '../../ui/Section';
import { toast } from '../../ui/toast';

const m = embedFr.console;

/** The console's Intégration tab (issue 33): the sites that show the event's shop, and its snippet. */
export function EmbedTab({ eventId }: { eventId: string }) {
  const settings = useEmbedSettings(eventId);
  const origin = window.location.origin;
  const script = `<script src="${origin}/embed.js" data-event="${eventId}" async></script>`;
  const iframe = `<iframe src="${origin}/embed/billetterie/${eventId}" title="${embedFr.widget.frameTitle}" style="width:100%;height:640px;border:0" loading="lazy"></iframe>`;
  return (
    <Stack gap="xl">
      <Text>{m.intro}</Text>
      <Section title={m.domainsTitle}>
        <QueryState query={settings}>{(saved) => <DomainsForm eventId={eventId} domains={saved.domains} />}</QueryState>
      </Section>
      <Section title={m.snippetTitle}>
        <Snippet label={m.scriptLabel} code={script} />
        <Snippet label={m.iframeLabel} code={iframe} />
        <Text size="sm" c="dimmed">
          {m.themeHelp}
        </Text>
      </Section>
    </Stack>
  );
}

function DomainsForm({ eventId, domains }: { eventId: string; domains: string[] }) {
  const save = useSaveEmbedDomains(eventId);
  const [text, setText] = useState(domains.join('\n'));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(domains.join('\n')), [domains]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The server's own check first, for an answer without a round trip.
    const checked = checkEmbedDomains(text.split('\n'));
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    save.mutate(
      { domains: checked.domains },
      {
        onSuccess: () => toast(m.saved),
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {domains.length === 0 && (
          <Alert color="yellow" variant="light">
            {m.noDomains}
          </Alert>
        )}
        <Textarea
          label={m.domainsLabel}
          description={m.domainsHelp}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
          autosize
          minRows={3}
          maxRows={12}
          spellCheck={false}
          autoCapitalize="none"
          placeholder="www.mon-site.fr"
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {m.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Snippet({ label, code }: { label: string; code: string }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              onClick={copy}
              style={{ flexShrink: 0 }}
              aria-label={`${copied ? m.copied : m.copy} : ${label}`}
            >
              {copied ? m.copied : m.copy}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {code}
      </Code>
    </Stack>
  );
}
