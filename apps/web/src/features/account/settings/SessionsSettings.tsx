import { accountFr, formatDateTime } from '@guichet/shared';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useEndSession, useSessions } from '../../../api/account';
import { QueryState } from '../../../ui/QueryState';
import { toast } from '../../../ui/toast';
import { SettingsSection } from './SettingsSection';

const m = accountFr.settings.sessions;

/** The account's open sessions (issue 15): each ended on its own, or every other one at once. */
export function SessionsSettings() {
  const sessions = useSessions();
  const end = useEndSession();
  const run = (id: string | 'others') =>
    end.mutate(id, { onSuccess: (result) => toast(result.message), onError: (error) => toast(error.message, 'error') });

  return (
    <SettingsSection title={m.title}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {m.intro}
        </Text>
        {!sessions.data ? (
          <QueryState query={sessions} />
        ) : (
          <>
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {sessions.data.map((session) => {
                const device = session.device ?? m.unknownDevice;
                return (
                  <Paper key={session.id} component="li" withBorder radius="md" p="sm">
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
                        <IconDeviceDesktop size={20} aria-hidden style={{ flexShrink: 0 }} />
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Text fw={600} lineClamp={2}>
                            {device}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {m.openedOn(formatDateTime(session.createdAt))}
                          </Text>
                        </Stack>
                      </Group>
                      {session.current ? (
                        <Badge variant="light" color="teal" style={{ flexShrink: 0 }}>
                          {m.current}
                        </Badge>
                      ) : (
                        <Button
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          style={{ flexShrink: 0 }}
                          aria-label={m.endLabel(device)}
                          loading={end.isPending && end.variables === session.id}
                          onClick={() => run(session.id)}
                        >
                          {m.end}
                        </Button>
                      )}
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
            {sessions.data.some((session) => !session.current) ? (
              <Group justify="flex-end">
                <Button
                  variant="default"
                  loading={end.isPending && end.variables === 'others'}
                  onClick={() => run('others')}
                >
                  {m.endOthers}
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {m.none}
              </Text>
            )}
          </>
        )}
      </Stack>
    </SettingsSection>
  );
}
