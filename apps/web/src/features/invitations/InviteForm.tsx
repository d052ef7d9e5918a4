import { type DoorTicket, datesFr, firstInviteeError, invitationsFr } from '@guichet/shared';
import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useDoorTickets } from '../../api/checkin';
import { ApiError } from '../../api/client';
import { useConsoleEventDates } from '../../api/event-dates';
import { useCreateInvitation } from '../../api/invitations';
import { Section } from '../../ui/Section';
import { toast } from '../../ui/toast';
import { DateFilter } from '../event-dates/DateFilter';

const m = invitationsFr;

/** The tickets an invitation can give: tickets on sale that hold places, a choice ticket's options under its title. */
function ticketChoices(tickets: DoorTicket[]) {
  return tickets
    .filter((ticket) => ticket.isAvailable)
    .flatMap((ticket) =>
      ticket.isMultipart
        ? ticket.options
            .filter((option) => option.isAvailable)
            .map((option) => ({ value: option.id, label: `${ticket.title} — ${option.title}` }))
        : [{ value: ticket.id, label: ticket.title }],
    );
}

type Fields = { email: string; firstName: string; lastName: string };
type FieldErrors = Partial<Record<keyof Fields | 'ticketId' | 'dateId' | 'form', string>>;

/** Whether the ticket (or the choice ticket an option belongs to) is a pass of a multi-date event. */
const isPassChoice = (tickets: DoorTicket[], id: string | null) =>
  tickets.some((ticket) => ticket.isPass && (ticket.id === id || ticket.options.some((option) => option.id === id)));

export function InviteForm({ eventId }: { eventId: string }) {
  const empty: Fields = { email: '', firstName: '', lastName: '' };
  const [fields, setFields] = useState<Fields>(empty);
  const [ticketId, setTicketId] = useState<string | null>(null);
  // A multi-date event (issue 32): an invitation is for one date, but a pass, which covers them all.
  const [dateId, setDateId] = useState<string | null>(null);
  const isMultiDate = (useConsoleEventDates(eventId).data?.length ?? 0) > 1;
  const [errors, setErrors] = useState<FieldErrors>({});
  const tickets = useDoorTickets(eventId, dateId);
  const create = useCreateInvitation(eventId);
  const isPass = isPassChoice(tickets.data ?? [], ticketId);

  const change = (field: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = firstInviteeError(fields);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      return;
    }
    if (isMultiDate && !dateId && !isPass) {
      setErrors({ dateId: datesFr.dateRequired });
      return;
    }
    setErrors({});
    create.mutate(
      { ...fields, ...(ticketId && { ticketId }), ...(isMultiDate && dateId && !isPass && { dateId }) },
      {
        onSuccess: (created) => {
          toast(created.message);
          setFields(empty);
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.field : undefined;
          setErrors(
            field === 'email' ||
              field === 'firstName' ||
              field === 'lastName' ||
              field === 'ticketId' ||
              field === 'dateId'
              ? { [field]: error.message }
              : { form: error.message },
          );
        },
      },
    );
  };

  return (
    <Section title={m.title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={720}>
          <DateFilter
            eventId={eventId}
            value={dateId}
            error={errors.dateId}
            onChange={(next) => {
              setDateId(next);
              setTicketId(null);
              setErrors((current) => ({ ...current, dateId: undefined, ticketId: undefined, form: undefined }));
            }}
          />
          <Select
            label={m.ticket}
            placeholder={m.ticketDefault}
            data={tickets.data ? ticketChoices(tickets.data) : []}
            value={ticketId}
            onChange={setTicketId}
            error={errors.ticketId}
            clearable
            clearButtonProps={{ 'aria-label': m.clearTicket }}
          />
          <TextInput
            label={m.email}
            type="email"
            autoComplete="off"
            required
            value={fields.email}
            error={errors.email}
            onChange={change('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={m.firstName}
              required
              value={fields.firstName}
              error={errors.firstName}
              onChange={change('firstName')}
            />
            <TextInput
              label={m.lastName}
              required
              value={fields.lastName}
              error={errors.lastName}
              onChange={change('lastName')}
            />
          </SimpleGrid>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending} leftSection={<IconSend size={18} aria-hidden />}>
              {m.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
