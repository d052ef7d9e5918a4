import { eurosToCents, type ResaleSettings, resaleFeeError, resaleFr } from '@guichet/shared';
import { Button, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useResaleSettings, useSaveResaleSettings } from '../../api/resale';
import { FormError } from '../../ui/FormError';
import { QueryState } from '../../ui/QueryState';
import { Section } from '../../ui/Section';
import { toast } from '../../ui/toast';
import { fromLocalInput, toLocalInput } from '../organiser/datetime';

const m = resaleFr.settings;

/** The organiser's rules for the event's face-value resale (issue 30), in the console's edit tab. */
export function ResaleSettingsForm({ eventId }: { eventId: string }) {
  const settings = useResaleSettings(eventId);
  return (
    <Section title={m.title}>
      <QueryState query={settings} errorTitle={m.loadFailed} compact>
        {(saved) => <SettingsFields eventId={eventId} saved={saved} />}
      </QueryState>
    </Section>
  );
}

function SettingsFields({ eventId, saved }: { eventId: string; saved: ResaleSettings }) {
  const save = useSaveResaleSettings(eventId);
  const [allowed, setAllowed] = useState(saved.resaleAllowed);
  const [deadline, setDeadline] = useState(toLocalInput(saved.resaleDeadline));
  const [fee, setFee] = useState<number | string>(saved.resaleFeeCents / 100);
  const feeCents = typeof fee === 'number' ? eurosToCents(fee) : fee === '' ? 0 : Number.NaN;
  const feeError = resaleFeeError(feeCents);
  return (
    <Stack
      component="form"
      gap="sm"
      maw={480}
      onSubmit={(event) => {
        event.preventDefault();
        if (feeError) return;
        save.mutate(
          { resaleAllowed: allowed, resaleDeadline: fromLocalInput(deadline) || null, resaleFeeCents: feeCents },
          { onSuccess: () => toast(m.saved) },
        );
      }}
    >
      <Switch
        label={m.allowed}
        description={m.help}
        checked={allowed}
        onChange={(event) => setAllowed(event.currentTarget.checked)}
      />
      <TextInput
        type="datetime-local"
        label={m.deadline}
        value={deadline}
        disabled={!allowed}
        onChange={(event) => setDeadline(event.currentTarget.value)}
      />
      <NumberInput
        label={m.fee}
        min={0}
        decimalScale={2}
        decimalSeparator=","
        value={fee}
        disabled={!allowed}
        error={feeError ?? undefined}
        onChange={setFee}
      />
      <FormError message={save.error?.message ?? null} />
      <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
        {m.save}
      </Button>
    </Stack>
  );
}
