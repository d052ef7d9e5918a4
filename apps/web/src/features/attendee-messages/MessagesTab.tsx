import {
  type AttendeeMessage,
  type AttendeeMessageAudience,
  attendeeMessagesFr,
  type DoorTicket,
  firstAttendeeMessageError,
  formatDateTime,
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
} from '@guichet/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useAttendeeMessages, useAudiencePreview, useSendAttendeeMessage } from '../../api/attendee-messages';
import { useDoorTickets } from '../../api/checkin';
import { ApiError } from '../../api/client';
import { QueryState } from '../../ui/QueryState';
import { Section } from '../../ui/Section';
import { toast } from '../../ui/toast';
import { DateFilter } from '../event-dates/DateFilter';

const m = attendeeMessagesFr;

type Checkin = NonNullable<AttendeeMessageAudience['checkin']> | 'all';

/** The console's Messages tab (issue 31): write to the attendees, then follow each message's sending. */
export function MessagesTab({ eventId }: { eventId: string }) {
  return (
    <Stack gap="xl">
      <Compose eventId={eventId} />
      <History eventId={eventId} />
    </Stack>
  );
}

/** Every ticket a place can be held on: heads, and a choice ticket's options under its title. */
function ticketChoices(tickets: DoorTicket[]) {
  return tickets.flatMap((ticket) =>
    ticket.isMultipart
      ? [
          { value: ticket.id, label: ticket.title },
          ...ticket.options.map((option) => ({ value: option.id, label: `${ticket.title} — ${option.title}` })),
        ]
      : [{ value: ticket.id, label: ticket.title }],
  );
}

function Compose({ eventId }: { eventId: string }) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [ticketIds, setTicketIds] = useState<string[]>([]);
  const [dateId, setDateId] = useState<string | null>(null);
  const [checkin, setCheckin] = useState<Checkin>('all');
  const [errors, setErrors] = useState<{ subject?: string; body?: string; form?: string }>({});
  const audience: AttendeeMessageAudience = {
    ...(ticketIds.length > 0 && { ticketIds }),
    ...(dateId && { dateId }),
    ...(checkin !== 'all' && { checkin }),
  };
  const tickets = useDoorTickets(eventId);
  const preview = useAudiencePreview(eventId, audience);
  const send = useSendAttendeeMessage(eventId);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = firstAttendeeMessageError({ subject, body });
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      return;
    }
    setErrors({});
    send.mutate(
      { subject, body, audience },
      {
        onSuccess: () => {
          toast(m.sent);
          setSubject('');
          setBody('');
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.field : undefined;
          setErrors(field === 'subject' || field === 'body' ? { [field]: error.message } : { form: error.message });
        },
      },
    );
  };

  const recipients = preview.data?.recipients;
  return (
    <Section title={m.title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={720}>
          <TextInput
            label={m.subject}
            required
            value={subject}
            maxLength={MESSAGE_SUBJECT_MAX}
            error={errors.subject}
            onChange={(e) => {
              setSubject(e.currentTarget.value);
              setErrors((current) => ({ ...current, subject: undefined }));
            }}
          />
          <Textarea
            label={m.body}
            description={m.bodyHelp}
            required
            autosize
            minRows={5}
            maxRows={16}
            value={body}
            maxLength={MESSAGE_BODY_MAX}
            error={errors.body}
            onChange={(e) => {
              setBody(e.currentTarget.value);
              setErrors((current) => ({ ...current, body: undefined }));
            }}
          />
          <Text fw={600} size="sm" mt="xs">
            {m.audience}
          </Text>
          <MultiSelect
            label={m.audienceTickets}
            placeholder={ticketIds.length === 0 ? m.audienceTicketsPlaceholder : undefined}
            data={tickets.data ? ticketChoices(tickets.data) : []}
            value={ticketIds}
            onChange={setTicketIds}
            clearable
            searchable
          />
          <DateFilter eventId={eventId} value={dateId} onChange={setDateId} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`${eventId}-checkin`}>
              {m.audienceCheckin}
            </Text>
            <SegmentedControl
              aria-labelledby={`${eventId}-checkin`}
              value={checkin}
              onChange={(value) => setCheckin(value as Checkin)}
              data={[
                { value: 'all', label: m.checkinAll },
                { value: 'in', label: m.checkinIn },
                { value: 'absent', label: m.checkinAbsent },
              ]}
            />
          </Stack>
          <Text size="sm" aria-live="polite" data-testid="message-preview">
            {recipients === undefined ? '' : m.preview(recipients)}
          </Text>
          {preview.data && (
            <Text size="xs" c="dimmed">
              {m.limitHelp(preview.data.perDay)}
            </Text>
          )}
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={send.isPending} leftSection={<IconSend size={18} aria-hidden />}>
              {m.send}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function History({ eventId }: { eventId: string }) {
  const messages = useAttendeeMessages(eventId);
  return (
    <Section title={m.history}>
      <QueryState query={messages} isEmpty={(list) => list.length === 0} empty={m.empty}>
        {(list) => (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map((message) => (
              <Paper key={message.id} component="li" withBorder radius="md" p="sm">
                <SentMessage message={message} />
              </Paper>
            ))}
          </Stack>
        )}
      </QueryState>
    </Section>
  );
}

/** One message kept: its text shown as text, its counts and progress. */
export function SentMessage({ message }: { message: AttendeeMessage }) {
  const done = message.progress >= 100;
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {message.subject}
        </Text>
        <Group gap="xs">
          <Badge variant="light" color={done ? 'teal' : 'blue'}>
            {done ? m.done : m.sending}
          </Badge>
          <Text size="xs" c="dimmed">
            {formatDateTime(message.createdAt)}
          </Text>
        </Group>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </Text>
      <Progress value={message.progress} aria-label={m.progress(message.sent, message.recipients)} size="sm" />
      <Group gap="md">
        <Text size="xs">{m.progress(message.sent, message.recipients)}</Text>
        {message.failed > 0 && (
          <Text size="xs" c="var(--mantine-color-error)">
            {m.failedCount(message.failed)}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {m.replyTo} {message.replyTo}
        </Text>
      </Group>
    </Stack>
  );
}
