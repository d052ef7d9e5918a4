import { LIMITS, organiserFr } from '@guichet/shared';
import { Group, Select, Textarea, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useEventTypes } from '../../api/organiser';
import { AddressInput } from '../addresses/AddressInput';
import type { FormSectionProps } from './form-section';

const f = organiserFr.form;

/** What the create and edit forms hold in common, as their inputs show it (dates in local time). */
export type EventFieldValues = {
  title: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  dateBegin: string;
  dateEnd: string;
  description: string;
  type: string;
  dateMaxRefund: string;
};

/** Each field of an event form: its value, its server or rule message, and the form's setter. */
type FieldProps = FormSectionProps<EventFieldValues>;

type TextField = 'title' | 'description' | 'dateBegin' | 'dateEnd' | 'dateMaxRefund';

/** What ties an input to one text field of the event: its value, its message, its change. */
function bind({ values, set, fieldError }: FieldProps, field: TextField) {
  return {
    value: values[field],
    error: fieldError(field),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set({ [field]: e.currentTarget.value }),
  };
}

/** A title or a description is capped, and says how many characters it holds. */
function counted(values: EventFieldValues, field: 'title' | 'description') {
  return { maxLength: LIMITS[field], description: f.characters(values[field].length, LIMITS[field]) };
}

export function EventTitleField(props: FieldProps) {
  return <TextInput label={f.title} withAsterisk {...counted(props.values, 'title')} {...bind(props, 'title')} />;
}

/** A typed address loses its coordinates until a suggestion is picked. */
export function EventAddressField({ values, set, fieldError }: FieldProps) {
  return (
    <AddressInput
      label={f.address}
      required
      value={values.address}
      error={fieldError('address')}
      onChange={(address) => set({ address, latitude: null, longitude: null })}
      onSelect={(s) => set({ address: s.label, latitude: s.latitude, longitude: s.longitude })}
    />
  );
}

export function EventDatesFields(props: FieldProps) {
  return (
    <Group grow align="flex-start">
      <TextInput type="datetime-local" label={f.dateBegin} withAsterisk {...bind(props, 'dateBegin')} />
      <TextInput type="datetime-local" label={f.dateEnd} withAsterisk {...bind(props, 'dateEnd')} />
    </Group>
  );
}

export function EventRefundDateField({ required, ...props }: FieldProps & { required: boolean }) {
  return (
    <TextInput type="datetime-local" label={f.refundDate} withAsterisk={required} {...bind(props, 'dateMaxRefund')} />
  );
}

export function EventDescriptionField(props: FieldProps) {
  return (
    <Textarea
      label={f.description}
      withAsterisk
      autosize
      minRows={4}
      {...counted(props.values, 'description')}
      {...bind(props, 'description')}
    />
  );
}

export function EventCategoryField({ values, set, fieldError }: FieldProps) {
  const types = useEventTypes();
  return (
    <Select
      label={f.category}
      withAsterisk
      placeholder={f.categoryPlaceholder}
      data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.label }))}
      value={values.type || null}
      error={fieldError('type')}
      onChange={(value) => set({ type: value ?? '' })}
    />
  );
}
