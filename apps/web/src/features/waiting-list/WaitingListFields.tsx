import { offerHoursError, waitingListFr } from '@guichet/shared';
import { NumberInput, Text } from '@mantine/core';
import { Section } from '../../ui/Section';
import type { FormSectionProps } from '../organiser/form-section';
import { type Typed, typedValue } from '../organiser/typed-number';

const m = waitingListFr.settings;

/** The waiting list's setting as the edit form holds it: empty for the default delay. */
export type WaitingListValues = { waitingListOfferHours: Typed };

/** How long an offer of places that came back keeps them for the next person in line (issue 30). */
export function WaitingListFields({ values, set, fieldError }: FormSectionProps<WaitingListValues>) {
  return (
    <Section title={m.title}>
      <NumberInput
        label={m.hours}
        // Nothing typed is rewritten: a delay out of bounds stays, with the rule's message.
        value={values.waitingListOfferHours}
        error={
          fieldError('waitingListOfferHours') ?? offerHoursError(typedValue(values.waitingListOfferHours)) ?? undefined
        }
        description={
          <Text span size="xs">
            {m.help}
          </Text>
        }
        onChange={(value) => set({ waitingListOfferHours: value })}
      />
    </Section>
  );
}
