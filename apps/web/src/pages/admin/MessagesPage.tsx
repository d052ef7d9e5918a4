import { adminFr } from '@guichet/shared';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useContactMessages } from '../../api/admin';
import { AdminState } from '../../features/admin/AdminState';
import { shortDateTime } from '../../features/admin/format';

const m = adminFr.messages;

/** What the contact form stored, newest first; replying is an e-mail. */
export default function MessagesPage() {
  const messages = useContactMessages();
  return (
    <Stack>
      <Title order={2} size="h3">
        {m.title}
      </Title>
      <AdminState
        isPending={messages.isPending}
        error={messages.error}
        retry={() => void messages.refetch()}
        isEmpty={messages.data?.length === 0}
        empty={m.empty}
      />
      {messages.data?.map((message) => (
        <Paper key={message.id} withBorder radius="md" p="md" component="article">
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
        </Paper>
      ))}
    </Stack>
  );
}
