import { type AuditEntry, adminFr } from '@guichet/shared';
import { Code, Group, Stack, Text } from '@mantine/core';
import { useAuditLog } from '../../api/admin';
import { AdminListPage } from '../../features/admin/AdminListPage';
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

function Changes({ entry }: { entry: AuditEntry }) {
  return changes(entry.before, entry.after).map((line) => (
    <Code key={line} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {line}
    </Code>
  ));
}

/** Every administrative action: who, what, on what, when, and what it changed. */
export default function AuditPage() {
  const audit = useAuditLog();
  return (
    <AdminListPage
      title={m.title}
      query={audit}
      empty={m.empty}
      itemKey={(entry) => entry.id}
      card={(entry) => (
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
          <Changes entry={entry} />
        </Stack>
      )}
      columns={[
        {
          header: m.when,
          cell: (entry) => <span style={{ whiteSpace: 'nowrap' }}>{shortDateTime(entry.createdAt)}</span>,
        },
        { header: m.who, cell: (entry) => entry.actorName ?? '—' },
        { header: m.what, cell: (entry) => actionLabel(entry.action) },
        {
          header: m.target,
          cell: (entry) => (
            <>
              <Text size="xs" c="dimmed">
                {m.targets[entry.targetType]}
              </Text>
              <Text size="sm">{entry.targetLabel ?? entry.targetId}</Text>
            </>
          ),
        },
        {
          header: `${m.before} → ${m.after}`,
          cell: (entry) => (
            <Stack gap={2}>
              <Changes entry={entry} />
            </Stack>
          ),
        },
      ]}
    />
  );
}
