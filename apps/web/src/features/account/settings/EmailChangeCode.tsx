import { accountFr } from '@guichet/shared';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useCancelEmailChange, useConfirmEmailChange } from '../../../api/account';
import { FormError } from '../../../ui/FormError';
import { toast } from '../../../ui/toast';
import { CodeField } from '../../auth/CodeField';

const m = accountFr.settings;

/** The new e-mail applies only once the code sent to it is typed here. */
export function EmailChangeCode({ pendingEmail }: { pendingEmail: string }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmEmailChange();
  const cancel = useCancelEmailChange();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(m.emailChangeCodeRequired);
      return;
    }
    setError(null);
    // Not mutate's callbacks: on success this block unmounts (no pending e-mail any more) before they run.
    confirm
      .mutateAsync({ code: code.trim() })
      .then((result) => toast(result.message))
      .catch((failure: Error) => setError(failure.message));
  };

  return (
    <Alert color="blue" variant="light" role="status">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <span>{m.emailChangeSent(pendingEmail)}</span>
          <CodeField
            label={m.emailChangeCode}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error}
          />
          <FormError message={error} />
          <Group>
            <Button type="submit" loading={confirm.isPending}>
              {m.emailChangeConfirm}
            </Button>
            <Button variant="default" onClick={() => cancel.mutate()} loading={cancel.isPending}>
              {m.emailChangeCancel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Alert>
  );
}
