import {
  cheapestPickableOption,
  type DoorTicket,
  datesFr,
  doorSalesFr,
  firstManualEntryError,
  formatDateTime,
  isPickable,
  type ManualParticipant,
  type OnsitePayment,
  type PlaceHolder,
  ticketQuantityBounds,
  todayInParis,
} from '@guichet/shared';
import { Badge, Grid, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useCreateManualEntry, useDoorSales, useDoorTickets } from '../../api/checkin';
import { useConsoleEventDates } from '../../api/event-dates';
import { ChoiceList } from '../../ui/ChoiceList';
import { FormActions } from '../../ui/FormActions';
import { OptionPicker } from '../../ui/OptionPicker';
import { Panel } from '../../ui/Panel';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { QuantityStepper } from '../checkout/QuantityStepper';
import { DateFilter } from '../event-dates/DateFilter';
import { priceLabel } from '../events/price-label';
import { PlaceHolderFields } from '../holders/PlaceHolderFields';

const m = doorSalesFr;

const emptyParticipant: ManualParticipant = { email: '', firstName: '', lastName: '', phone: '', birthDate: '' };

/**
 * The in-person sale (2-organiser.md §2.7, 'Ajout Manuel'): a ticket (and its option) and its
 * count, the participant, how they paid. The spec's checks run here first and again on the server,
 * which takes the places from the same inventory as the web. The lists refresh without a reload.
 */
export function DoorSale({ eventId }: { eventId: string }) {
  // A multi-date event (issue 32): the door sells one date at a time, chosen above the tickets.
  const [dateId, setDateId] = useState<string | null>(null);
  const isMultiDate = (useConsoleEventDates(eventId).data?.length ?? 0) > 1;
  const tickets = useDoorTickets(eventId, dateId);
  const create = useCreateManualEntry(eventId);
  const [ticketId, setTicketId] = useState<string | null>(null);
  const [optionId, setOptionId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(0);
  const [participant, setParticipant] = useState<ManualParticipant>(emptyParticipant);
  const [payment, setPayment] = useState<OnsitePayment | undefined>(undefined);
  const [holders, setHolders] = useState<PlaceHolder[]>([]);
  const [error, setError] = useState<string | null>(null);
  // The holder field the last check refused, shown under it (the message also shows by the button).
  const [holderError, setHolderError] = useState<{ field: string; message: string } | null>(null);

  if (!tickets.data) return <QueryState query={tickets} />;

  const ticket = tickets.data.find((t) => t.id === ticketId) ?? null;
  const option = ticket?.options.find((o) => o.id === optionId) ?? null;
  const bought = ticket?.isMultipart ? option : ticket;
  const price = bought?.priceCents ?? 0;
  // Named tickets (issue 30): a holder per place, as online; the list follows the count.
  const isNamed = bought?.isNamed ?? false;
  const placeHolders = isNamed
    ? Array.from({ length: quantity }, (_, index) => holders[index] ?? { firstName: '', lastName: '' })
    : [];
  const setHolder = (index: number, field: keyof PlaceHolder, value: string) =>
    setHolders(placeHolders.map((holder, at) => (at === index ? { ...holder, [field]: value } : holder)));

  const pick = (id: string | null) => {
    const next = tickets.data.find((t) => t.id === id) ?? null;
    setError(null);
    setTicketId(next?.id ?? null);
    // A choice ticket preselects its cheapest available option; the count starts at 0 (§2.7).
    setOptionId(next?.isMultipart ? (cheapestPickableOption(next.options)?.id ?? null) : null);
    setQuantity(0);
  };
  const field = (name: keyof ManualParticipant) => ({
    value: participant[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setParticipant({ ...participant, [name]: event.currentTarget.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const failure = firstManualEntryError({
      ticket,
      option,
      quantity,
      participant,
      isNamed,
      holders: placeHolders,
      payment,
      today: todayInParis(),
    });
    setHolderError(failure?.field.startsWith('holders.') ? failure : null);
    if (failure) {
      setError(failure.message);
      return;
    }
    if (isMultiDate && !dateId && !ticket?.isPass) {
      setError(datesFr.dateRequired);
      return;
    }
    setError(null);
    create.mutate(
      {
        ticketId: bought?.id ?? '',
        ...(isMultiDate && dateId && !ticket?.isPass && { dateId }),
        quantity,
        participant,
        ...(isNamed && { holders: placeHolders }),
        payment: price === 0 ? 'free' : payment,
      },
      {
        onSuccess: () => {
          toast(m.success);
          setParticipant(emptyParticipant);
          setQuantity(0);
          setHolders([]);
          setPayment(undefined);
        },
        onError: (failure) => setError(failure.message || m.failure),
      },
    );
  };

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form onSubmit={submit} noValidate aria-labelledby="door-sale-title">
          <Stack gap="md">
            <Title order={3} size="h4" id="door-sale-title">
              {m.title}
            </Title>
            <DateFilter
              eventId={eventId}
              value={dateId}
              onChange={(next) => {
                setDateId(next);
                pick(null);
              }}
            />
            <ChoiceList
              items={tickets.data}
              value={ticketId}
              onChange={pick}
              price={priceLabel}
              fromPrice={m.fromPrice}
              noDescription={m.noDescription}
              mark={(entry) => <Availability ticket={entry} />}
              isDisabled={(entry) => !isPickable(entry)}
              panel={(entry) => (
                <TicketChoice
                  ticket={entry}
                  optionId={optionId}
                  onOption={(id) => {
                    setOptionId(id);
                    setQuantity(0);
                  }}
                  quantity={quantity}
                  onQuantity={setQuantity}
                />
              )}
            />
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                <Text fw={600}>{m.participant}</Text>
                <Grid gutter="sm">
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label={m.email}
                      type="email"
                      required
                      autoComplete="off"
                      maxLength={254}
                      {...field('email')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput label={m.phone} type="tel" autoComplete="off" maxLength={30} {...field('phone')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label={m.firstName}
                      required
                      autoComplete="off"
                      maxLength={100}
                      {...field('firstName')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput label={m.lastName} required autoComplete="off" maxLength={100} {...field('lastName')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput label={m.birthDate} type="date" required {...field('birthDate')} />
                  </Grid.Col>
                </Grid>
                <PlaceHolderFields
                  count={placeHolders.length}
                  input={(index, field) => ({
                    value: placeHolders[index]?.[field] ?? '',
                    onChange: (event) => setHolder(index, field, event.currentTarget.value),
                    error: holderError?.field === `holders.${index}.${field}` ? holderError.message : undefined,
                  })}
                />
                {price > 0 && (
                  <Radio.Group
                    label={m.payment}
                    value={payment ?? null}
                    onChange={(value) => setPayment(value as OnsitePayment)}
                  >
                    <Group mt="xs">
                      <Radio value="cash" label={m.paymentCash} />
                      <Radio value="card" label={m.paymentCard} />
                    </Group>
                  </Radio.Group>
                )}
                {bought && quantity > 0 && (
                  <Text fw={700} aria-live="polite">
                    {m.total(priceLabel(price * quantity))}
                  </Text>
                )}
              </Stack>
            </Paper>
            <FormActions error={error} submitLabel={m.submit} pending={create.isPending} size="md" />
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <RecentSales eventId={eventId} />
      </Grid.Col>
    </Grid>
  );
}

function Availability({ ticket }: { ticket: { isSoldOut: boolean; isAvailable: boolean } }) {
  if (ticket.isSoldOut)
    return (
      <Badge color="red" variant="light">
        {m.soldOut}
      </Badge>
    );
  if (!ticket.isAvailable)
    return (
      <Badge color="gray" variant="light">
        {m.unavailable}
      </Badge>
    );
  return null;
}

function TicketChoice({
  ticket,
  optionId,
  onOption,
  quantity,
  onQuantity,
}: {
  ticket: DoorTicket;
  optionId: string | null;
  onOption: (id: string) => void;
  quantity: number;
  onQuantity: (value: number) => void;
}) {
  const option = ticket.options.find((o) => o.id === optionId) ?? null;
  const bought = ticket.isMultipart ? option : ticket;
  const bounds = bought ? ticketQuantityBounds(bought) : { min: 1, max: 0 };
  const max = Math.min(bounds.max, bought?.remaining ?? 0);
  return (
    <>
      {ticket.isMultipart && (
        <OptionPicker
          label={m.choice}
          options={ticket.options}
          value={optionId}
          onChange={onOption}
          price={priceLabel}
          mark={(choice) => <Availability ticket={choice} />}
          isDisabled={(choice) => !isPickable(choice)}
        />
      )}
      <QuantityStepper
        title={bought && ticket.isMultipart ? `${ticket.title} ${bought.title}` : ticket.title}
        value={quantity}
        min={bounds.min}
        max={Math.max(0, max)}
        onChange={onQuantity}
      />
    </>
  );
}

const paymentLabels: Record<OnsitePayment, string> = {
  cash: m.paymentCash,
  card: m.paymentCard,
  free: m.paymentFree,
};

function RecentSales({ eventId }: { eventId: string }) {
  const sales = useDoorSales(eventId);
  return (
    <Panel title={m.recent} size="h5">
      <QueryState query={sales} compact isEmpty={(list) => list.length === 0} empty={m.recentEmpty}>
        {(list) => (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="door-sales">
            {list.map((sale) => (
              <Stack key={sale.participationId} gap={0} component="li">
                <Text size="sm" fw={600}>
                  {sale.firstName} {sale.lastName} · {sale.quantity} × {sale.ticket}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(sale.soldAt)} · {paymentLabels[sale.payment]} · {priceLabel(sale.totalCents)}
                  {sale.soldBy && ` · ${m.soldBy(sale.soldBy)}`}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </QueryState>
    </Panel>
  );
}
