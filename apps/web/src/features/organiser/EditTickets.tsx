import type { EventDateView } from '@guichet/shared';
import { firstNewTicketError, invoicesFr, type ManagedEvent, type ManagedTicket, organiserFr } from '@guichet/shared';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useConsoleEventDates } from '../../api/event-dates';
import { useAddOption, useAddTicket, useDeleteTicket, useUpdateTicket } from '../../api/organiser';
import { Section } from '../../ui/Section';
import { toast } from '../../ui/toast';
import { TicketDatesFields } from '../event-dates/TicketDatesFields';
import { priceLabel } from '../events/price-label';
import { newTicketDraft, type TicketDraft, toTicketInput } from './drafts';
import { OptionAdder, TicketDraftsEditor } from './TicketDraftsEditor';
import { toastFailure } from './toast-failure';
import { quantityError, type Typed, typedValue } from './typed-number';
import { VatRateSelect } from './VatRateSelect';

const f = organiserFr.form;

function SavedTicket({
  event,
  ticket,
  canPrice,
  dates,
}: {
  event: ManagedEvent;
  ticket: ManagedTicket;
  canPrice: boolean;
  dates: EventDateView[];
}) {
  const update = useUpdateTicket(event.id);
  const remove = useDeleteTicket(event.id);
  const addOption = useAddOption(event.id);
  const options = event.tickets.filter((t) => t.parentId === ticket.id);
  // The field shows what the server keeps: a refused quantity goes back to the saved one.
  const [quantity, setQuantity] = useState<Typed>(ticket.quantity);
  useEffect(() => setQuantity(ticket.quantity), [ticket.quantity]);
  const change = (changes: Parameters<typeof update.mutate>[0]['changes']) =>
    update.mutate(
      { id: ticket.id, changes },
      {
        // A new rate says what it does not change: the invoices already issued.
        onSuccess: () => toast(changes.vatRate ? invoicesFr.vat.changed : organiserFr.ticket.updated),
        onError: (failure) => {
          if (changes.quantity !== undefined) setQuantity(ticket.quantity);
          toastFailure(failure);
        },
      },
    );
  return (
    <Paper withBorder p="sm" radius="md" ml={ticket.parentId ? 'xl' : 0}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={600}>{ticket.title}</Text>
            <Badge variant="light" color="gray">
              {f.locked}
            </Badge>
            {ticket.isMultipart && <Badge variant="light">{f.choiceTicket}</Badge>}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600}>{priceLabel(ticket.priceCents)}</Text>
            {ticket.isDeletable ? (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${f.deleteTicket} ${ticket.title}`}
                onClick={() => remove.mutate(ticket.id, { onError: toastFailure })}
              >
                <IconTrash size={18} />
              </ActionIcon>
            ) : (
              <UndeletableTicket ticket={ticket} />
            )}
          </Group>
        </Group>
        <Group gap="md" align="flex-end" wrap="wrap">
          {!ticket.isMultipart && (
            <NumberInput
              label={f.quantity}
              description={f.sold(ticket.sold)}
              value={quantity}
              onChange={setQuantity}
              // Nothing typed is rewritten: what is not a quantity says so and is not sent; a quantity
              // under the places sold is the server's to refuse, with its message.
              error={quantityError(quantity)}
              w={150}
              onBlur={() => {
                const typed = typedValue(quantity);
                if (typed === null) setQuantity(ticket.quantity);
                else if (!quantityError(quantity) && typed !== ticket.quantity) change({ quantity: typed });
              }}
            />
          )}
          <Switch
            label={f.available}
            checked={ticket.isAvailable}
            onChange={(e) => change({ isAvailable: e.currentTarget.checked })}
          />
          <Switch
            label={f.hidden}
            checked={ticket.isHidden}
            onChange={(e) => change({ isHidden: e.currentTarget.checked })}
          />
        </Group>
        {canPrice && <VatRateSelect value={ticket.vatRate} onChange={(vatRate) => change({ vatRate })} />}
        {!ticket.parentId && (
          <TicketDatesFields
            dates={dates}
            dateIds={ticket.dateIds ?? []}
            isPass={ticket.isPass ?? false}
            onChange={(dateChange) => change(dateChange)}
          />
        )}
        {!ticket.parentId && (
          <GiftTickets event={event} ticket={ticket} onChange={(giftTicketIds) => change({ giftTicketIds })} />
        )}
        {options.map((option) => (
          <SavedTicket key={option.id} event={event} ticket={option} canPrice={canPrice} dates={dates} />
        ))}
        {ticket.isMultipart && (
          <OptionAdder
            disabled={!canPrice}
            onAdd={(option) =>
              addOption.mutate(
                {
                  headId: ticket.id,
                  option: {
                    title: option.title,
                    description: '',
                    price: Number(option.price),
                    quantity: Number(option.quantity),
                    isHidden: ticket.isHidden,
                  },
                },
                { onSuccess: () => toast(organiserFr.ticket.optionCreated), onError: toastFailure },
              )
            }
          />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The delete button of a ticket the server would refuse to delete (a place of it or of one of its
 * options is taken): greyed out, and saying why on hover, focus or touch.
 */
function UndeletableTicket({ ticket }: { ticket: ManagedTicket }) {
  const reasonId = useId();
  const reason = organiserFr.ticket.soldCannotDelete;
  return (
    <Tooltip label={reason} withArrow multiline w={240} events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon
        variant="subtle"
        color="gray"
        data-disabled
        aria-disabled="true"
        aria-label={`${f.deleteTicket} ${ticket.title}`}
        aria-describedby={reasonId}
        onClick={(event) => event.preventDefault()}
      >
        <IconTrash size={18} />
        <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
      </ActionIcon>
    </Tooltip>
  );
}

/** The tickets offered with this one: any other ticket with one definite place, hidden ones included. */
function GiftTickets({
  event,
  ticket,
  onChange,
}: {
  event: ManagedEvent;
  ticket: ManagedTicket;
  onChange: (giftTicketIds: string[]) => void;
}) {
  const titleOf = (t: ManagedTicket) => {
    const head = t.parentId ? event.tickets.find((h) => h.id === t.parentId) : undefined;
    return head ? `${head.title} – ${t.title}` : t.title;
  };
  const offerable = event.tickets.filter((t) => t.id !== ticket.id && !t.isMultipart);
  if (offerable.length === 0) return null;
  return (
    <MultiSelect
      label={f.giftTickets}
      description={f.giftTicketsHelp}
      data={offerable.map((t) => ({ value: t.id, label: titleOf(t) }))}
      value={ticket.giftTicketIds}
      onChange={onChange}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Saved tickets are locked (quantity, availability and visibility stay editable); new ones are saved one by one. */
export function EditTickets({ event, canPrice }: { event: ManagedEvent; canPrice: boolean }) {
  const heads = event.tickets.filter((t) => !t.parentId);
  const add = useAddTicket(event.id);
  // A multi-date event's tickets say their dates (issue 32); with one date, nothing changes.
  const dates = useConsoleEventDates(event.id).data ?? [];
  const [drafts, setDrafts] = useState<TicketDraft[]>([]);
  const [error, setError] = useState<string | null>(null);

  const save = (draft: TicketDraft) => {
    const input = toTicketInput(draft);
    const local = firstNewTicketError(input);
    setError(local?.message ?? null);
    if (local) return;
    add.mutate(input, {
      onSuccess: () => {
        setDrafts((all) => all.filter((d) => d.key !== draft.key));
        toast(organiserFr.ticket.saved);
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <Section title={f.tickets}>
      {heads.map((ticket) => (
        <SavedTicket key={ticket.id} event={event} ticket={ticket} canPrice={canPrice} dates={dates} />
      ))}
      {drafts.length > 0 && (
        <TicketDraftsEditor
          drafts={drafts}
          canPrice={canPrice}
          category={event.type}
          existingTickets={heads.length}
          dates={dates}
          onChange={setDrafts}
        />
      )}
      {drafts.map((draft) => (
        <Button key={draft.key} onClick={() => save(draft)} loading={add.isPending}>
          {f.saveTicket} : {draft.title}
        </Button>
      ))}
      {error && (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Button
        variant="default"
        onClick={() => setDrafts((all) => [...all, newTicketDraft(heads.length + all.length + 1)])}
      >
        {f.addTicket}
      </Button>
    </Section>
  );
}
