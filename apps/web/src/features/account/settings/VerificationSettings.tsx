import { accountFr, type VerificationState } from '@guichet/shared';
import { Alert, Group, Text } from '@mantine/core';
import { IconCircleCheckFilled, IconHourglass } from '@tabler/icons-react';
import { useRequestVerification } from '../../../api/account';
import { ApiError } from '../../../api/client';
import { ConfirmButton } from '../../../ui/ConfirmButton';
import { toast } from '../../../ui/toast';
import { SettingsSection } from './SettingsSection';

const m = accountFr.settings;

/** Professional verification: not requested → in progress → verified. */
export function VerificationSettings({ state }: { state: VerificationState }) {
  const request = useRequestVerification();

  const send = (close: () => void) =>
    request.mutate(undefined, {
      onSuccess: (result) => toast(result.message),
      // The server's reason when it gave one, else the spec's failure text.
      onError: (failure) =>
        toast(failure instanceof ApiError && failure.status > 0 ? failure.message : m.verificationFailed, 'error'),
      onSettled: close,
    });

  return (
    <SettingsSection title={m.verificationSection}>
      <Text c="dimmed">{m.verificationText}</Text>
      {state === 'verified' && (
        <Alert color="teal" role="status" icon={<IconCircleCheckFilled aria-hidden />}>
          {m.alreadyVerified}
        </Alert>
      )}
      {state === 'pending' && (
        <Alert color="blue" role="status" icon={<IconHourglass aria-hidden />}>
          {m.verificationPending}
        </Alert>
      )}
      {state === 'none' && (
        <Group justify="flex-end">
          <ConfirmButton
            label={m.requestVerification}
            button={{ variant: 'light' }}
            title={m.verificationConfirmTitle}
            text={m.verificationConfirmText}
            confirmLabel={m.send}
            pending={request.isPending}
            onConfirm={send}
          />
        </Group>
      )}
    </SettingsSection>
  );
}
