import { MAX_TRANSFER_EXPIRY_DAYS, type TransferSettings, transferExpiryDaysError, transfersFr } from '@guichet/shared';
import { Button, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSaveTransferSettings, useTransferSettings } from '../../api/transfers';
import { FormError } from '../../ui/FormError';
import { QueryState } from '../../ui/QueryState';
import { Section } from '../../ui/Section';
import { toast } from '../../ui/toast';
import { fromLocalInput, toLocalInput } from '../organiser/datetime';

const m = transfersFr.settings;

/** The organiser's rules for the event's ticket transfers (issue 30), in the console's edit tab. */
export function TransferSettingsForm({ eventId }: { eventId: string }) {
  const settings = useTransferSettings(eventId);
  return (
    <Section title={m.title}>
      <QueryState query={settings} errorTitle={m.loadFailed} compact>
        {(saved) => <SettingsFields eventId={eventId} saved={saved} />}
      </QueryState>
    </Section>
  );
}

function SettingsFields({ eventId, saved }: { eventId: string; saved: TransferSettings }) {
  const save = useSaveTransferSettings(eventId);
  const [allowed, setAllowed] = useState(saved.transfersAllowed);
  const [deadline, setDeadline] = useState(toLocalInput(saved.transferDeadline));
  const [days, setDays] = useState<number | string>(saved.transferExpiryDays);
  const daysError = typeof days === 'number' ? transferExpiryDaysError(days) : transferExpiryDaysError(Number.NaN);
  return (
    <Stack
      component="form"
      gap="sm"
      maw={480}
      onSubmit={(event) => {
        event.preventDefault();
        if (daysError || typeof days !== 'number') return;
        save.mutate(
          { transfersAllowed: allowed, transferDeadline: fromLocalInput(deadline) || null, transferExpiryDays: days },
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
        label={m.expiryDays}
        min={1}
        max={MAX_TRANSFER_EXPIRY_DAYS}
        allowDecimal={false}
        value={days}
        error={daysError ?? undefined}
        onChange={setDays}
      />
      <FormError message={save.error?.message ?? null} />
      <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
        {m.save}
      </Button>
    </Stack>
  );
}
