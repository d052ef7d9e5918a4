import { adminFr } from '@guichet/shared';
import { Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useAuditLog } from '../../api/admin';
import { AdminState } from '../../features/admin/AdminState';
import { shortDateTime } from '../../features/admin/format';

const m = adminFr.audit;

const fieldLabel = (key: string) => (m.fields as Record<string, string>)[key] ?? key;
const actionLabel = (action: string) => (m.actions as Record<string, string>)[action] ?? action;

/** Only the fields that changed, "name: before → after": the whole rows would drown the change. */
function changes(before: unknown, after: unknown): string[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  return Object.keys({ ...b, ...a })
    .filter((key) => JSON.stringify(b[key]) !== JSON.stringify(a[key]))
    .map((key) => `${fieldLabel(key)} : ${JSON.stringify(b[key] ?? null)} → ${JSON.stringify(a[key] ?? null)}`);
}

/** Every administrative action: who, what, on what, when, and what it changed. */
export default function AuditPage() {
  const audit = useAuditLog();
  return (
    <Stack>
      <Title order={2} size="h3">
        {m.title}
      </Title>
      <AdminState
        isPending={audit.isPending}
        error={audit.error}
        retry={() => void audit.refetch()}
        isEmpty={audit.data?.length === 0}
        empty={m.empty}
      />
      {audit.data && audit.data.length > 0 && (
        <Stack hiddenFrom="sm" gap="sm">
          {audit.data.map((entry) => (
            <Paper key={entry.id} withBorder radius="md" p="sm" component="article">
              <Stack gap={4}>
                <Group justify="space-between" gap="xs">
                  <Text fw={600}>{actionLabel(entry.action)}</Text>
                  <Text size="xs" c="dimmed">
                    {shortDateTime(entry.createdAt)}
                  </Text>
                </Group>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {m.targets[entry.targetType]} : {entry.targetLabel ?? entry.targetId}
                </Text>
                <Text size="xs" c="dimmed">
                  {m.who} : {entry.actorName ?? '—'}
                </Text>
                {changes(entry.before, entry.after).map((line) => (
                  <Code key={line} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {line}
                  </Code>
                ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {audit.data && audit.data.length > 0 && (
        <Table.ScrollContainer minWidth={820} visibleFrom="sm">
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.when}</Table.Th>
                <Table.Th>{m.who}</Table.Th>
                <Table.Th>{m.what}</Table.Th>
                <Table.Th>{m.target}</Table.Th>
                <Table.Th>
                  {m.before} → {m.after}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {audit.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{shortDateTime(entry.createdAt)}</Table.Td>
                  <Table.Td>{entry.actorName ?? '—'}</Table.Td>
                  <Table.Td>{actionLabel(entry.action)}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {m.targets[entry.targetType]}
                    </Text>
                    <Text size="sm">{entry.targetLabel ?? entry.targetId}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {changes(entry.before, entry.after).map((line) => (
                        <Code key={line} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                          {line}
                        </Code>
                      ))}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
