import { ticketsFr } from '@guichet/shared';
import { Switch, TextInput } from '@mantine/core';
import { Section } from '../../ui/Section';
import type { FormSectionProps } from '../organiser/form-section';

const m = ticketsFr.holders;

/** Named tickets as the edit form holds them (the deadline in local time, empty for the event's start). */
export type NamedTicketsValues = { isNamedTickets: boolean; holdersEditableUntil: string };

/** The organiser asks for a holder per place, changeable by the buyer until a date (issue 30). */
export function NamedTicketsFields({ values, set, fieldError }: FormSectionProps<NamedTicketsValues>) {
  return (
    <Section title={m.settingsTitle}>
      <Switch
        label={m.namedTickets}
        description={m.namedTicketsHelp}
        checked={values.isNamedTickets}
        onChange={(e) => set({ isNamedTickets: e.currentTarget.checked })}
      />
      {values.isNamedTickets && (
        <TextInput
          type="datetime-local"
          label={m.deadline}
          description={m.deadlineHelp}
          value={values.holdersEditableUntil}
          error={fieldError('holdersEditableUntil')}
          onChange={(e) => set({ holdersEditableUntil: e.currentTarget.value })}
        />
      )}
    </Section>
  );
}
