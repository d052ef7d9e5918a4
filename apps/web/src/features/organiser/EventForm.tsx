import { organiserFr } from '@guichet/shared';
import { Alert, Button, Stack, Switch, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormError } from '../../ui/FormError';
import {
  EventAddressField,
  EventCategoryField,
  EventDatesFields,
  EventDescriptionField,
  type EventFieldValues,
  EventTitleField,
} from './EventFields';

const f = organiserFr.form;

type EventFormValues = EventFieldValues & { isUserPaysFees: boolean };

/**
 * The one event form of the creation page and of the edit page (and the console's edit tab):
 * the fields they share, in one order, and each page's own parts where they go — the organiser
 * after the address, the refund date after the dates, `children` (the creation's banner and
 * tickets, the edit's visibility) before the fees, `after` (the waiting room, the organisers'
 * terms) after them. The verified-only note comes first: it says why the price fields are off.
 */
export function EventForm<V extends EventFormValues>({
  values,
  set,
  fieldError,
  error,
  onSubmit,
  submitLabel,
  pending,
  canPrice,
  headings = false,
  organizer,
  refundDate,
  children,
  after,
}: {
  values: V;
  set: (changes: Partial<V>) => void;
  fieldError: (field: string) => string | undefined;
  error: string | null;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  pending: boolean;
  canPrice: boolean;
  /** The edit page's section titles (Général, Dates, Détails). */
  headings?: boolean;
  organizer?: ReactNode;
  refundDate?: ReactNode;
  children?: ReactNode;
  after?: ReactNode;
}) {
  const fields = { values, set: set as (changes: Partial<EventFieldValues>) => void, fieldError };
  const heading = (title: string) =>
    headings && (
      <Title order={3} size="h4">
        {title}
      </Title>
    );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {!canPrice && (
          <Alert color="yellow" role="note">
            {organiserFr.verifiedOnlyNote}
          </Alert>
        )}
        {heading(f.sectionGeneral)}
        <EventTitleField {...fields} />
        <EventAddressField {...fields} />
        {organizer}
        {heading(f.sectionDates)}
        <EventDatesFields {...fields} />
        {refundDate}
        {heading(f.sectionDetails)}
        <EventDescriptionField {...fields} />
        <EventCategoryField {...fields} />
        {children}
        <Switch
          label={f.attendeePaysFees}
          disabled={!canPrice}
          checked={values.isUserPaysFees}
          onChange={(e) => set({ isUserPaysFees: e.currentTarget.checked } as Partial<V>)}
        />
        {after}
        <FormError message={error} />
        <Button type="submit" size="md" loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
