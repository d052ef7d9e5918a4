import { LIMITS, organiserFr } from '@guichet/shared';
import { Group, Select, Textarea, TextInput } from '@mantine/core';
import { useEventTypes } from '../../api/organiser';
import { AddressInput } from '../addresses/AddressInput';

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
type FieldProps = {
  values: EventFieldValues;
  set: (changes: Partial<EventFieldValues>) => void;
  fieldError: (field: string) => string | undefined;
};

export function EventTitleField({ values, set, fieldError }: FieldProps) {
  return (
    <TextInput
      label={f.title}
      withAsterisk
      value={values.title}
      maxLength={LIMITS.title}
      description={f.characters(values.title.length, LIMITS.title)}
      error={fieldError('title')}
      onChange={(e) => set({ title: e.currentTarget.value })}
    />
  );
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

export function EventDatesFields({ values, set, fieldError }: FieldProps) {
  return (
    <Group grow align="flex-start">
      <TextInput
        type="datetime-local"
        label={f.dateBegin}
        withAsterisk
        value={values.dateBegin}
        error={fieldError('dateBegin')}
        onChange={(e) => set({ dateBegin: e.currentTarget.value })}
      />
      <TextInput
        type="datetime-local"
        label={f.dateEnd}
        withAsterisk
        value={values.dateEnd}
        error={fieldError('dateEnd')}
        onChange={(e) => set({ dateEnd: e.currentTarget.value })}
      />
    </Group>
  );
}

export function EventRefundDateField({ values, set, fieldError, required }: FieldProps & { required: boolean }) {
  return (
    <TextInput
      type="datetime-local"
      label={f.refundDate}
      withAsterisk={required}
      value={values.dateMaxRefund}
      error={fieldError('dateMaxRefund')}
      onChange={(e) => set({ dateMaxRefund: e.currentTarget.value })}
    />
  );
}

export function EventDescriptionField({ values, set, fieldError }: FieldProps) {
  return (
    <Textarea
      label={f.description}
      withAsterisk
      autosize
      minRows={4}
      value={values.description}
      maxLength={LIMITS.description}
      description={f.characters(values.description.length, LIMITS.description)}
      error={fieldError('description')}
      onChange={(e) => set({ description: e.currentTarget.value })}
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
