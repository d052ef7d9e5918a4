import { formatDateTime, fr } from '@guichet/shared';
import { Accordion, Alert, Anchor, Container, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useDevMailbox } from '../../api/dev-mail';
import { Loading } from '../../ui/Loading';
import { RawMessage } from './RawMessage';

/** The development mailbox: every message the app sent, when no SMTP server is configured. */
export default function DevMailPage() {
  const [to, setTo] = useState('');
  const mails = useDevMailbox(to);
  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>{fr.mail.devMailboxTitle}</Title>
        <TextInput
          label={fr.mail.devMailboxFilter}
          type="email"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value.trim())}
        />
        {mails.isPending ? (
          <Loading />
        ) : mails.isError ? (
          <Alert color="red">{mails.error.message}</Alert>
        ) : mails.data.length === 0 ? (
          <Text c="dimmed">{fr.mail.devMailboxEmpty}</Text>
        ) : (
          // Busy while the list shown is the one before the recipient was typed.
          <Accordion
            variant="separated"
            aria-busy={mails.isPlaceholderData}
            opacity={mails.isPlaceholderData ? 0.6 : 1}
          >
            {mails.data.map((mail) => (
              <Accordion.Item key={mail.id} value={mail.id}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600} lineClamp={1}>
                      {mail.subject}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {mail.to}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text size="xs" c="dimmed" mb="xs">
                    {formatDateTime(mail.createdAt)}
                  </Text>
                  <Text style={{ whiteSpace: 'pre-line' }}>{mail.text}</Text>
                  {mail.attachments.length > 0 && (
                    <Stack gap={4} mt="md">
                      <Text fw={600} size="sm">
                        {fr.mail.devMailboxAttachments}
                      </Text>
                      <List size="sm">
                        {mail.attachments.map((attachment) => (
                          <List.Item key={attachment.url}>
                            <Anchor href={attachment.url} target="_blank">
                              {fr.mail.devMailboxAttachment[attachment.kind]}
                            </Anchor>
                          </List.Item>
                        ))}
                      </List>
                    </Stack>
                  )}
                  <RawMessage mail={mail} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Container>
  );
}
