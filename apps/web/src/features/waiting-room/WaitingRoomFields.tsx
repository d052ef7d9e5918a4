import { MAX_ADMISSION_PER_MINUTE, waitingRoomFr } from '@guichet/shared';
import { NumberInput, Switch, Text, TextInput } from '@mantine/core';
import { Section } from '../../ui/Section';
import type { FormSectionProps } from '../organiser/form-section';
import { type Typed, typedValue } from '../organiser/typed-number';

const m = waitingRoomFr.settings;

function rateError(value: Typed): string | undefined {
  const n = typedValue(value);
  return n === null || (Number.isInteger(n) && n >= 1 && n <= MAX_ADMISSION_PER_MINUTE) ? undefined : m.rateInvalid;
}

/** The room's settings as the edit form holds them (the date in local time, as its input shows it). */
export type WaitingRoomValues = { waitingRoom: boolean; onsaleAt: string; admissionPerMinute: Typed };

/** The organiser's switch and, once on, the opening and the rate (issue 17). */
export function WaitingRoomFields({ values, set, fieldError }: FormSectionProps<WaitingRoomValues>) {
  return (
    <Section title={m.title}>
      <Switch
        label={m.enable}
        description={m.help}
        checked={values.waitingRoom}
        onChange={(e) => set({ waitingRoom: e.currentTarget.checked })}
      />
      {values.waitingRoom && (
        <>
          <TextInput
            type="datetime-local"
            // To the second: an on-sale is announced for 10:00:00, and tests open one in seconds.
            step={1}
            label={m.onsaleAt}
            withAsterisk
            value={values.onsaleAt}
            error={fieldError('onsaleAt')}
            onChange={(e) => set({ onsaleAt: e.currentTarget.value })}
          />
          <NumberInput
            label={m.rate}
            withAsterisk
            // Nothing typed is rewritten: a rate out of bounds stays, with the rule's message.
            thousandSeparator=" "
            value={values.admissionPerMinute}
            error={fieldError('admissionPerMinute') ?? rateError(values.admissionPerMinute)}
            description={
              <Text span size="xs">
                {m.rateHelp}
              </Text>
            }
            onChange={(value) => set({ admissionPerMinute: value })}
          />
        </>
      )}
    </Section>
  );
}
