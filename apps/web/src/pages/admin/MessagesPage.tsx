import { adminFr } from '@guichet/shared';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useContactMessages } from '../../api/admin';
import { AdminListPage } from '../../features/admin/AdminListPage';
import { shortDateTime } from '../../features/admin/format';

const m = adminFr.messages;

/** What the contact form stored, newest first; replying is an e-mail. */
export default function MessagesPage() {
  const messages = useContactMessages();
  return (
    <AdminListPage
      title={m.title}
      query={messages}
      empty={m.empty}
      itemKey={(message) => message.id}
      card={(message) => (
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              <Badge variant="light">{message.subject}</Badge>
              <Text fw={600}>
                {message.firstName} {message.lastName}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {m.receivedAt} {shortDateTime(message.createdAt)}
            </Text>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</Text>
          <Anchor href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`} size="sm">
            {m.reply} · {message.email}
          </Anchor>
        </Stack>
      )}
    />
  );
}
