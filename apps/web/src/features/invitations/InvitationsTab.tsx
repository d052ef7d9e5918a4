import {
  type DoorTicket,
  datesFr,
  firstInviteeError,
  formatDateTime,
  type Invitation,
  type InvitationPreview,
  invitationsFr,
  MAX_INVITATION_ROWS,
} from '@guichet/shared';
import {
  Alert,
  Badge,
  Button,
  type ButtonProps,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFileSpreadsheet, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useDoorTickets } from '../../api/checkin';
import { ApiError } from '../../api/client';
import { useConsoleEventDates } from '../../api/event-dates';
import {
  useCreateInvitation,
  useImportInvitationFile,
  useInvitations,
  usePreviewInvitationFile,
  useRevokeInvitation,
} from '../../api/invitations';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DataList } from '../../ui/DataList';
import { DataTable } from '../../ui/DataTable';
import { QueryState } from '../../ui/QueryState';
import { Section } from '../../ui/Section';
import { toast } from '../../ui/toast';
import { DateFilter } from '../event-dates/DateFilter';

const m = invitationsFr;

/** The console's Invitations tab (issue 31): invite one person, import a list after its preview, revoke. */
export function InvitationsTab({ eventId }: { eventId: string }) {
  return (
    <Stack gap="xl">
      <Text size="sm" c="dimmed" maw={720}>
        {m.intro}
      </Text>
      <InviteForm eventId={eventId} />
      <ImportFile eventId={eventId} />
      <InvitationList eventId={eventId} />
    </Stack>
  );
}

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

function InviteForm({ eventId }: { eventId: string }) {
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
            onChange={(next) => {
              setDateId(next);
              setTicketId(null);
              setErrors((current) => ({ ...current, dateId: undefined, ticketId: undefined, form: undefined }));
            }}
          />
          {errors.dateId && (
            <Text size="sm" c="red" role="alert">
              {errors.dateId}
            </Text>
          )}
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

/** A list from a file, in two steps: the server's preview of every row, then all of them created, or none. */
function ImportFile({ eventId }: { eventId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = usePreviewInvitationFile(eventId);
  const save = useImportInvitationFile(eventId);

  const reset = () => {
    setPreview(null);
    setError(null);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    reset();
    if (!file) {
      setError(m.fileRequired);
      return;
    }
    check.mutate(file, { onSuccess: setPreview, onError: (refusal) => setError(refusal.message) });
  };

  const confirm = () => {
    if (!file) return;
    save.mutate(file, {
      onSuccess: (done) => {
        toast(done.message);
        setFile(null);
        reset();
      },
      onError: (refusal) => setError(refusal.message),
    });
  };

  return (
    <Section title={m.importTitle}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={720}>
          <Text size="sm">{m.importHelp(MAX_INVITATION_ROWS)}</Text>
          <FileInput
            label={m.file}
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              reset();
            }}
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            clearable
            clearButtonProps={{ 'aria-label': m.clearFile }}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button type="submit" variant="default" loading={check.isPending}>
              {m.preview}
            </Button>
          </Group>
        </Stack>
      </form>
      {preview && (
        <Stack gap="sm" mt="md">
          <Text fw={600} role="status">
            {m.previewSummary(preview.validCount, preview.errorCount)}
          </Text>
          <PreviewTable preview={preview} />
          <Group>
            <Button onClick={confirm} loading={save.isPending} disabled={preview.errorCount > 0}>
              {m.confirmImport(preview.validCount)}
            </Button>
            <Button variant="default" onClick={reset}>
              {m.cancelImport}
            </Button>
          </Group>
        </Stack>
      )}
    </Section>
  );
}

type PreviewRow = InvitationPreview['rows'][number];

/** The file's rows as the server read them: text only, a formula shown with its neutralising apostrophe. */
function PreviewTable({ preview }: { preview: InvitationPreview }) {
  const c = m.previewColumns;
  return (
    <DataTable
      items={preview.rows}
      itemKey={(row) => String(row.line)}
      minWidth={760}
      fz="sm"
      columns={[
        { header: c.line, cell: (row) => row.line },
        { header: c.email, cell: (row) => row.email },
        { header: c.firstName, cell: (row) => row.firstName },
        { header: c.lastName, cell: (row) => row.lastName },
        { header: c.ticket, cell: (row) => row.ticketTitle },
        ...(preview.rows.some((row) => row.date) ? [{ header: c.date, cell: (row: PreviewRow) => row.date }] : []),
        {
          header: c.error,
          cell: (row) =>
            row.error ? (
              <Text size="sm" c="red">
                {row.error}
              </Text>
            ) : (
              <Badge color="teal" variant="light">
                {m.rowOk}
              </Badge>
            ),
        },
      ]}
    />
  );
}

function InvitationList({ eventId }: { eventId: string }) {
  const invitations = useInvitations(eventId);
  const c = m.columns;
  return (
    <Section title={m.list}>
      <QueryState query={invitations} isEmpty={(list) => list.length === 0} empty={m.empty}>
        {(list) => (
          <DataList
            items={list}
            itemKey={(item) => item.participationId}
            cardLabel={(item) => `${item.firstName} ${item.lastName}`}
            card={(item) => <InvitationCard eventId={eventId} invitation={item} />}
            minWidth={760}
            columns={[
              { header: c.name, cell: (item) => `${item.firstName} ${item.lastName}` },
              { header: c.email, cell: (item) => item.email },
              { header: c.ticket, cell: (item) => item.ticketTitle },
              ...(list.some((item) => item.dateBegin)
                ? [
                    {
                      header: c.date,
                      cell: (item: Invitation) => (item.dateBegin ? formatDateTime(item.dateBegin) : '—'),
                    },
                  ]
                : []),
              { header: c.number, align: 'right', cell: (item) => item.ticketNumber ?? '—' },
              { header: c.status, cell: (item) => <Status invitation={item} /> },
              {
                header: c.actions,
                hideHeader: true,
                cell: (item) => <Revoke eventId={eventId} invitation={item} />,
              },
            ]}
          />
        )}
      </QueryState>
    </Section>
  );
}

function Status({ invitation }: { invitation: Invitation }) {
  return invitation.revokedAt ? (
    <Badge color="red" variant="light">
      {m.statusRevoked}
    </Badge>
  ) : (
    <Badge color="teal" variant="light">
      {m.statusValid}
    </Badge>
  );
}

function InvitationCard({ eventId, invitation }: { eventId: string; invitation: Invitation }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {invitation.firstName} {invitation.lastName}
        </Text>
        <Status invitation={invitation} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {invitation.email}
      </Text>
      {invitation.dateBegin && (
        // The date the place is for, apart from when it was given (the line below).
        <Text size="sm" fw={600}>
          {formatDateTime(invitation.dateBegin)}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {invitation.ticketTitle}
        {invitation.ticketNumber !== null && ` · ${m.columns.number} ${invitation.ticketNumber}`} ·{' '}
        {formatDateTime(invitation.createdAt)}
      </Text>
      <Group>
        <Revoke eventId={eventId} invitation={invitation} />
      </Group>
    </Stack>
  );
}

function Revoke({ eventId, invitation }: { eventId: string; invitation: Invitation }) {
  const revoke = useRevokeInvitation(eventId);
  if (invitation.revokedAt) return null;
  const name = `${invitation.firstName} ${invitation.lastName}`;
  return (
    <ConfirmButton
      label={m.revoke}
      // Named after the person: a screen reader lists one 'Révoquer' per invitation.
      button={{ variant: 'light', color: 'red', size: 'xs', ...({ 'aria-label': m.revokeLabel(name) } as ButtonProps) }}
      title={m.revokeTitle}
      text={m.revokeConfirm(name)}
      confirmLabel={m.revokeSubmit}
      color="red"
      pending={revoke.isPending}
      error={revoke.error?.message ?? null}
      onClose={() => revoke.reset()}
      onConfirm={(close) =>
        revoke.mutate(invitation.participationId, {
          onSuccess: (done) => {
            toast(done.message);
            close();
          },
        })
      }
    />
  );
}
