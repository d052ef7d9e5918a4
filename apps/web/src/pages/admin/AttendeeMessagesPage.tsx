import {
  type AdminAttendeeMessage,
  attendeeMessagesFr,
  MESSAGES_PER_DAY_MAX,
  type PlatformSettings,
} from '@guichet/shared';
import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useAdminAttendeeMessages, usePlatformSettings, useSavePlatformSettings } from '../../api/attendee-messages';
import { AdminListPage } from '../../features/admin/AdminListPage';
import { shortDateTime } from '../../features/admin/format';
import { SentMessage } from '../../features/attendee-messages/MessagesTab';
import { QueryState } from '../../ui/QueryState';
import { Section } from '../../ui/Section';
import { toast } from '../../ui/toast';

const m = attendeeMessagesFr;

/** What organisers wrote to their attendees (issue 31), newest first, and the daily cap they are held to. */
export default function AttendeeMessagesPage() {
  const messages = useAdminAttendeeMessages();
  const [reading, setReading] = useState<AdminAttendeeMessage | null>(null);
  return (
    <Stack gap="xl">
      <Settings />
      <AdminListPage
        title={m.adminTitle}
        query={messages}
        empty={m.adminEmpty}
        itemKey={(message) => message.id}
        card={(message) => (
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {message.subject}
              </Text>
              <Text size="xs" c="dimmed">
                {shortDateTime(message.createdAt)}
              </Text>
            </Group>
            <Text size="sm">
              {m.columns.event} : {message.eventTitle} · {m.columns.organizer} : {message.organizerName}
            </Text>
            <Group gap="xs">
              <Badge variant="light">
                {m.columns.recipients} {message.recipients}
              </Badge>
              <Badge variant="light" color="teal">
                {m.columns.sent} {message.sent}
              </Badge>
              {message.failed > 0 && (
                <Badge variant="light" color="red">
                  {m.columns.failed} {message.failed}
                </Badge>
              )}
              <Button size="compact-sm" variant="default" onClick={() => setReading(message)}>
                {m.read}
              </Button>
            </Group>
          </Stack>
        )}
      />
      <Modal opened={reading !== null} onClose={() => setReading(null)} title={reading?.eventTitle} size="lg">
        {reading && <SentMessage message={reading} />}
      </Modal>
    </Stack>
  );
}

function Settings() {
  const settings = usePlatformSettings();
  return (
    <Section title={m.settingsTitle}>
      <QueryState query={settings} compact>
        {(current) => <SettingsForm current={current} />}
      </QueryState>
    </Section>
  );
}

/** The daily cap: the text kept as typed, what is wrong said under it (docs/decisions.md, "Number fields keep what was typed"). */
function SettingsForm({ current }: { current: PlatformSettings }) {
  const save = useSavePlatformSettings();
  const [value, setValue] = useState(String(current.attendeeMessagesPerDay));
  const parsed = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  const invalid = !(parsed >= 0 && parsed <= MESSAGES_PER_DAY_MAX);
  const [touched, setTouched] = useState(false);
  return (
    <Paper withBorder radius="md" p="md" maw={520}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (invalid) return;
          save.mutate(
            { attendeeMessagesPerDay: parsed },
            {
              onSuccess: () => toast(m.settingsSaved),
              onError: (error) => toast(error.message, 'error'),
            },
          );
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label={m.perDayLabel}
            inputMode="numeric"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={touched && invalid ? m.perDayInvalid : undefined}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={save.isPending}>
            {m.save}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
