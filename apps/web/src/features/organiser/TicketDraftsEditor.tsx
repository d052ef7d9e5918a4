import { defaultVatRate, type EventDateView, eurosToCents, formatEuros, LIMITS, organiserFr } from '@guichet/shared';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { TicketDatesFields } from '../event-dates/TicketDatesFields';
import { draftKey, type OptionDraft, type TicketDraft } from './drafts';
import { priceError, quantityError, type Typed, typedValue } from './typed-number';
import { VatRateSelect } from './VatRateSelect';

const f = organiserFr.form;
/**
 * A typed price rounded to the cent by the rule the API applies, so that the price shown is the
 * price saved; what is not a price of 0 or more stays as typed, with its message.
 */
const toCent = (value: Typed): Typed => {
  const n = typedValue(value);
  return n === null || !(n >= 0) ? value : eurosToCents(n) / 100;
};

export function OptionAdder({ disabled, onAdd }: { disabled: boolean; onAdd(option: OptionDraft): void }) {
  const [title, setTitle] = useState('');
  const [quantity, setQuantity] = useState<Typed>(1);
  const [price, setPrice] = useState<Typed>(0);
  const quantityInvalid = quantityError(quantity);
  const priceInvalid = priceError(price);
  // The add button waits for a title, a quantity of at least 1 and a price of at least 0.
  const ready =
    title.trim() !== '' &&
    typedValue(quantity) !== null &&
    !quantityInvalid &&
    typedValue(price) !== null &&
    !priceInvalid;
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <TextInput
        label={f.choiceTitle}
        value={title}
        maxLength={LIMITS.optionTitle}
        onChange={(e) => setTitle(e.currentTarget.value)}
        style={{ flex: 2, minWidth: 140 }}
        disabled={disabled}
      />
      <NumberInput
        label={f.quantity}
        value={quantity}
        onChange={setQuantity}
        error={quantityInvalid}
        style={{ flex: 1, minWidth: 90 }}
        disabled={disabled}
      />
      <NumberInput
        label={f.price}
        value={price}
        step={0.01}
        onChange={setPrice}
        onBlur={() => setPrice(toCent(price))}
        error={priceInvalid}
        style={{ flex: 1, minWidth: 90 }}
        disabled={disabled}
      />
      <Button
        leftSection={<IconPlus size={16} />}
        disabled={disabled || !ready}
        onClick={() => {
          onAdd({ key: draftKey(), title: title.trim(), quantity, price });
          setTitle('');
          setQuantity(1);
          setPrice(0);
        }}
      >
        {f.addChoice}
      </Button>
    </Group>
  );
}

/** The tickets of the create form. A choice ticket is never the first one, and only verified organisers price. */
export function TicketDraftsEditor({
  drafts,
  onChange,
  canPrice,
  category,
  existingTickets = 0,
  dates = [],
}: {
  drafts: TicketDraft[];
  /** The event's dates (issue 32): with two or more, each ticket says its dates and whether it is a pass. */
  dates?: EventDateView[];
  onChange(drafts: TicketDraft[]): void;
  canPrice: boolean;
  /** The event's category: a ticket's VAT rate follows it until the organiser picks one. */
  category: string | null;
  /** Tickets the event already has: a choice ticket is never the event's first ticket. */
  existingTickets?: number;
}) {
  const update = (key: string, change: Partial<TicketDraft>) =>
    onChange(drafts.map((d) => (d.key === key ? { ...d, ...change } : d)));
  return (
    <Stack gap="md">
      {drafts.map((draft, index) => (
        <Paper key={draft.key} withBorder p="md" radius="md" component="fieldset" aria-label={draft.title}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={700}>{draft.title || f.newTicket}</Text>
              {drafts.length > 1 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={f.removeTicket}
                  onClick={() => onChange(drafts.filter((d) => d.key !== draft.key))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Group>
            <TextInput
              label={f.ticketTitle}
              value={draft.title}
              maxLength={LIMITS.ticketTitle}
              onChange={(e) => update(draft.key, { title: e.currentTarget.value })}
            />
            <Textarea
              label={f.ticketDescription}
              value={draft.description}
              maxLength={LIMITS.ticketDescription}
              autosize
              minRows={1}
              description={f.characters(draft.description.length, LIMITS.ticketDescription)}
              onChange={(e) => update(draft.key, { description: e.currentTarget.value })}
            />
            {index + existingTickets > 0 && canPrice && (
              <Switch
                label={f.choiceTicket}
                checked={draft.isMultipart}
                onChange={(e) => update(draft.key, { isMultipart: e.currentTarget.checked })}
              />
            )}
            {draft.isMultipart ? (
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  {f.choices}
                </Text>
                {draft.options.length > 0 && (
                  <Table>
                    <Table.Tbody>
                      {draft.options.map((option) => (
                        <Table.Tr key={option.key}>
                          <Table.Td>{option.title}</Table.Td>
                          <Table.Td>{option.quantity}</Table.Td>
                          <Table.Td>{formatEuros(eurosToCents(Number(option.price)))}</Table.Td>
                          <Table.Td w={40}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`${f.removeChoice} ${option.title}`}
                              onClick={() =>
                                update(draft.key, { options: draft.options.filter((o) => o.key !== option.key) })
                              }
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
                <OptionAdder
                  disabled={!canPrice}
                  onAdd={(option) => update(draft.key, { options: [...draft.options, option] })}
                />
              </Stack>
            ) : (
              <Group grow>
                <NumberInput
                  label={f.price}
                  value={draft.price}
                  step={0.01}
                  disabled={!canPrice}
                  onChange={(price) => update(draft.key, { price })}
                  onBlur={() => update(draft.key, { price: toCent(draft.price) })}
                  error={priceError(draft.price)}
                />
                <NumberInput
                  label={f.quantity}
                  value={draft.quantity}
                  onChange={(quantity) => update(draft.key, { quantity })}
                  error={quantityError(draft.quantity)}
                />
              </Group>
            )}
            {canPrice && (
              <VatRateSelect
                value={draft.vatRate ?? defaultVatRate(category)}
                onChange={(vatRate) => update(draft.key, { vatRate })}
              />
            )}
            <TicketDatesFields
              dates={dates}
              dateIds={draft.dateIds}
              isPass={draft.isPass}
              onChange={(change) => update(draft.key, change)}
            />
            <Switch
              label={f.hidden}
              description={f.hiddenHelp}
              checked={draft.isHidden}
              onChange={(e) => update(draft.key, { isHidden: e.currentTarget.checked })}
            />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
