import { MAX_ADMISSION_PER_MINUTE, waitingRoomFr } from '@guichet/shared';
import { NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';

const m = waitingRoomFr.settings;

/** The room's settings as the edit form holds them (the date in local time, as its input shows it). */
export type WaitingRoomValues = { waitingRoom: boolean; onsaleAt: string; admissionPerMinute: number | '' };

/** The organiser's switch and, once on, the opening and the rate (issue 17). */
export function WaitingRoomFields({
  values,
  set,
  fieldError,
}: {
  values: WaitingRoomValues;
  set: (changes: Partial<WaitingRoomValues>) => void;
  fieldError: (field: string) => string | undefined;
}) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {m.title}
      </Title>
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
            min={1}
            max={MAX_ADMISSION_PER_MINUTE}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            value={values.admissionPerMinute}
            error={fieldError('admissionPerMinute')}
            description={
              <Text span size="xs">
                {m.rateHelp}
              </Text>
            }
            onChange={(value) => set({ admissionPerMinute: typeof value === 'number' ? value : '' })}
          />
        </>
      )}
    </Stack>
  );
}
