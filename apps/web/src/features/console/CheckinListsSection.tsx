import { CHECKIN_LIST_NAME_MAX, type CheckinList, checkinFr, eventDatesFr, formatDateTime } from '@guichet/shared';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useCheckinLists, useDeleteCheckinList, useSaveCheckinList } from '../../api/checkin';
import { useConsoleEventDates } from '../../api/event-dates';
import { useManagedEvent } from '../../api/organiser';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormError } from '../../ui/FormError';
import { mutationDialog } from '../../ui/mutation-dialog';
import { QueryState } from '../../ui/QueryState';
import { Section } from '../../ui/Section';
import { toast } from '../../ui/toast';
import { DateFilter } from '../event-dates/DateFilter';

const m = checkinFr.lists;
const s = checkinFr.scanner;

type Editing = { list: CheckinList | null } | null;

/** The console's check-in lists (issue 31): which tickets each door admits, leaving and coming back, who is inside. */
export function CheckinListsSection({ eventId }: { eventId: string }) {
  // A multi-date event (issue 32): the figures of one date, or of them all.
  const [dateId, setDateId] = useState<string | null>(null);
  const lists = useCheckinLists(eventId, dateId);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<CheckinList | null>(null);
  const remove = mutationDialog(useDeleteCheckinList(eventId), () => setRemoving(null));

  return (
    <Section
      title={m.title}
      actions={
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ list: null })}>
          {m.add}
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {m.intro}
      </Text>
      <DateFilter eventId={eventId} value={dateId} onChange={setDateId} />
      <QueryState query={lists}>
        {({ lists: rows, event }) => (
          <Stack gap="xs">
            <Text size="sm" role="status" data-testid="event-inside">
              {s.wholeEvent} · {s.inside(event.inside)}
            </Text>
            {rows.length === 0 && (
              <Text c="dimmed" size="sm">
                {m.empty}
              </Text>
            )}
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {rows.map((list) => (
                <Paper key={list.id} component="li" withBorder radius="md" p="sm">
                  <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                    <Stack gap={4} style={{ minWidth: 0 }}>
                      <Text fw={700} truncate>
                        {list.name}
                      </Text>
                      <Group gap={6}>
                        {list.allowCheckout && <Badge variant="light">{m.checkout}</Badge>}
                        {list.allowReentry && (
                          <Badge variant="light" color="violet">
                            {m.reentry}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" data-testid="list-inside">
                        {s.inside(list.inside)} · {m.entered(list.entered)}
                      </Text>
                    </Stack>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        aria-label={m.edit(list.name)}
                        onClick={() => setEditing({ list })}
                      >
                        <IconPencil size={16} aria-hidden />
                      </Button>
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        aria-label={m.remove(list.name)}
                        onClick={() => setRemoving(list)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </Button>
                    </Group>
                  </Group>
                </Paper>
              ))}
            </Stack>
          </Stack>
        )}
      </QueryState>
      {editing && <ListForm eventId={eventId} list={editing.list} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={removing !== null}
        title={removing ? m.remove(removing.name) : ''}
        confirmLabel={m.remove(removing?.name ?? '')}
        cancelLabel={m.cancel}
        color="red"
        {...remove.props}
        onConfirm={() => removing && remove.send(removing.id, m.removed)}
      >
        {removing ? m.removeConfirm(removing.name) : ''}
      </ConfirmDialog>
    </Section>
  );
}

/** A list's name, its tickets and its two switches; the server's refusal shown in the form, in French. */
function ListForm({ eventId, list, onClose }: { eventId: string; list: CheckinList | null; onClose: () => void }) {
  const managed = useManagedEvent(eventId);
  const save = useSaveCheckinList(eventId);
  const [name, setName] = useState(list?.name ?? '');
  const [ticketIds, setTicketIds] = useState<string[]>(list?.ticketIds ?? []);
  const [allowCheckout, setAllowCheckout] = useState(list?.allowCheckout ?? false);
  const [allowReentry, setAllowReentry] = useState(list?.allowReentry ?? false);
  const [dateIds, setDateIds] = useState<string[]>(list?.dateIds ?? []);
  const dates = useConsoleEventDates(eventId).data ?? [];
  // The options of a choice ticket come with it: only the tickets sold on their own are offered.
  const tickets = (managed.data?.tickets ?? []).filter((ticket) => ticket.parentId === null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: list?.id, name, ticketIds, allowReentry, allowCheckout, ...(dates.length > 1 && { dateIds }) },
      {
        onSuccess: () => {
          toast(list ? m.saved : m.created);
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={list ? m.edit(list.name) : m.add}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={m.name}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={CHECKIN_LIST_NAME_MAX}
            required
            data-autofocus
          />
          <Checkbox.Group label={m.tickets} value={ticketIds} onChange={setTicketIds} withAsterisk>
            <Stack gap={6} mt={6}>
              {tickets.map((ticket) => (
                <Checkbox key={ticket.id} value={ticket.id} label={ticket.title} />
              ))}
            </Stack>
          </Checkbox.Group>
          {dates.length > 1 && (
            <MultiSelect
              label={eventDatesFr.tickets.dates}
              description={eventDatesFr.tickets.datesHint}
              placeholder={dateIds.length === 0 ? eventDatesFr.tickets.datesPlaceholder : undefined}
              data={dates.map((date) => ({ value: date.id, label: formatDateTime(date.dateBegin) }))}
              value={dateIds}
              onChange={setDateIds}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Switch
            label={m.allowCheckout}
            description={m.allowCheckoutHelp}
            checked={allowCheckout || allowReentry}
            onChange={(event) => {
              setAllowCheckout(event.currentTarget.checked);
              if (!event.currentTarget.checked) setAllowReentry(false);
            }}
          />
          <Switch
            label={m.allowReentry}
            checked={allowReentry}
            onChange={(event) => {
              setAllowReentry(event.currentTarget.checked);
              if (event.currentTarget.checked) setAllowCheckout(true);
            }}
          />
          <FormError message={save.error?.message ?? null} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {m.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {list ? m.save : m.add}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
