import { apiTokenScopes, formatDateTime, integrationsFr } from '@guichet/shared';
import { Badge, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../../api/integrations';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { CreateThenShowOnce } from './CreateThenShowOnce';

const m = integrationsFr.tokens;
const scopeLabels = integrationsFr.scopes;

/** 'Jetons d’API' (issue 33): create one with its scopes, see it once, list and revoke them. */
export function ApiTokensSettings() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);

  return (
    <CreateThenShowOnce
      texts={{ ...m, secret: m.token }}
      create={create}
      body={{ name, scopes }}
      secretOf={(created) => created.token}
      onCreated={() => {
        setName('');
        setScopes([]);
      }}
      fields={(failure) => (
        <>
          <TextInput
            label={m.name}
            placeholder={m.namePlaceholder}
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.currentTarget.value)}
            error={failure?.field === 'name' ? failure.message : undefined}
          />
          <Checkbox.Group
            label={m.scopes}
            value={scopes}
            onChange={setScopes}
            error={failure?.field === 'scopes' ? failure.message : undefined}
          >
            <Stack gap={6} mt={6}>
              {apiTokenScopes.map((scope) => (
                <Checkbox key={scope} value={scope} label={`${scopeLabels[scope]} (${scope})`} />
              ))}
            </Stack>
          </Checkbox.Group>
        </>
      )}
    >
      <QueryState query={tokens} errorTitle={m.loadError} compact isEmpty={(list) => list.length === 0} empty={m.empty}>
        {(list) => (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={m.title}>
            {list.map((token) => (
              <Paper key={token.id} component="li" withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }} align="flex-start">
                    <IconKey size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                    <Stack gap={4} style={{ minWidth: 0 }}>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {token.name}
                      </Text>
                      <Group gap={4}>
                        {token.scopes.map((scope) => (
                          <Badge key={scope} variant="light" size="sm" tt="none">
                            {scopeLabels[scope]}
                          </Badge>
                        ))}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {m.createdAt} {formatDateTime(token.createdAt)} ·{' '}
                        {token.lastUsedAt ? `${m.lastUsedAt} ${formatDateTime(token.lastUsedAt)}` : m.neverUsed}
                      </Text>
                    </Stack>
                  </Group>
                  <ConfirmButton
                    label={m.revoke}
                    button={{ variant: 'subtle', color: 'red', size: 'compact-sm', style: { flexShrink: 0 } }}
                    title={m.revokeTitle}
                    text={m.revokeConfirm(token.name)}
                    confirmLabel={m.revoke}
                    color="red"
                    pending={revoke.isPending}
                    error={revoke.error?.message ?? null}
                    onClose={() => revoke.reset()}
                    onConfirm={(close) =>
                      revoke.mutate(token.id, {
                        onSuccess: () => {
                          close();
                          toast(m.revoked);
                        },
                      })
                    }
                  />
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </QueryState>
    </CreateThenShowOnce>
  );
}
