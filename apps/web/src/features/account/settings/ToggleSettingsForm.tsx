import type { MessageResult } from '@guichet/shared';
import { Stack, Switch } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormActions } from '../../../ui/FormActions';
import { toast } from '../../../ui/toast';
import { SettingsSection } from './SettingsSection';

type Props<K extends string> = {
  title: string;
  saveLabel: string;
  labels: Record<K, string>;
  initial: Record<K, boolean>;
  mutation: UseMutationResult<MessageResult, Error, Record<K, boolean>>;
};

/** A group of on/off settings (travel means, privacy) saved together by its own button. */
export function ToggleSettingsForm<K extends string>({ title, saveLabel, labels, initial, mutation }: Props<K>) {
  const [values, setValues] = useState(initial);
  const initialKey = JSON.stringify(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the saved values change
  useEffect(() => setValues(initial), [initialKey]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    mutation.mutate(values, {
      onSuccess: (result) => toast(result.message),
    });
  };

  return (
    <SettingsSection title={title}>
      <form onSubmit={submit}>
        <Stack>
          {(Object.keys(labels) as K[]).map((key) => (
            <Switch
              key={key}
              label={labels[key]}
              checked={values[key]}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setValues((current) => ({ ...current, [key]: checked }));
              }}
            />
          ))}
          <FormActions error={mutation.error?.message} submitLabel={saveLabel} pending={mutation.isPending} />
        </Stack>
      </form>
    </SettingsSection>
  );
}
