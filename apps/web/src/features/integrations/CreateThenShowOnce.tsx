import { Button, Group, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '../../api/client';
import { FormError } from '../../ui/FormError';
import { toast } from '../../ui/toast';
import { SettingsSection } from '../account/settings/SettingsSection';
import { SecretOnce } from './SecretOnce';

/**
 * A settings section that creates something with a secret (an API token, a webhook): its form,
 * then, once created, the secret in the form's place until the user says they copied it (it is
 * never shown again); `children` (the list) below. `onCreated` empties the form's fields.
 */
export function CreateThenShowOnce<Body, Created>({
  texts,
  create,
  body,
  secretOf,
  onCreated,
  fields,
  children,
}: {
  texts: {
    title: string;
    help: string;
    create: string;
    created: string;
    secret: string;
    shownOnce: string;
    copy: string;
    copied: string;
    close: string;
  };
  create: UseMutationResult<Created, Error, Body>;
  body: Body;
  secretOf: (created: Created) => string;
  onCreated: () => void;
  fields: (failure: ApiError | null) => ReactNode;
  children: ReactNode;
}) {
  const [secret, setSecret] = useState<string | null>(null);
  const failure = create.error instanceof ApiError ? create.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(body, {
      onSuccess: (result) => {
        setSecret(secretOf(result));
        onCreated();
        toast(texts.created);
      },
    });
  };

  return (
    <SettingsSection title={texts.title}>
      <Text size="sm" c="dimmed">
        {texts.help}
      </Text>
      {secret !== null ? (
        <SecretOnce
          label={texts.secret}
          value={secret}
          warning={texts.shownOnce}
          copyLabel={texts.copy}
          copied={texts.copied}
          doneLabel={texts.close}
          onDone={() => setSecret(null)}
        />
      ) : (
        <form onSubmit={submit} noValidate aria-label={texts.create}>
          <Stack gap="sm">
            {fields(failure)}
            <FormError message={failure && !failure.field ? failure.message : null} />
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                {texts.create}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {children}
    </SettingsSection>
  );
}
