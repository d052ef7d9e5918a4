import { type AdminUser, adminFr } from '@guichet/shared';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useAdminUsers } from '../../api/admin';
import { useSession } from '../../api/auth';
import { AdminSearch } from '../../features/admin/AdminSearch';
import { AdminState } from '../../features/admin/AdminState';
import { BalanceFigure } from '../../features/admin/BalanceFigure';
import { longDate } from '../../features/admin/format';
import { UserManageModal } from '../../features/admin/UserManageModal';
import { rateLine } from '../../features/payouts/rate-line';

const m = adminFr.users;

/** Accounts by name or e-mail: role, verification, commission rate, balance and ban. */
export default function UsersPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const users = useAdminUsers(q);
  const { data: me } = useSession();
  const [opened, setOpened] = useState<AdminUser | null>(null);
  // The list's fresh copy after each change; the one clicked if a new search left it out meanwhile.
  const managed = opened && (users.data?.find((user) => user.id === opened.id) ?? opened);

  return (
    <Stack>
      <Title order={2} size="h3">
        {m.title}
      </Title>
      <AdminSearch value={search} onChange={setSearch} placeholder={adminFr.common.searchUsers} />
      <AdminState
        isPending={users.isPending}
        error={users.error}
        retry={() => void users.refetch()}
        isEmpty={users.data?.length === 0}
        empty={m.empty}
      />
      {users.data && users.data.length > 0 && (
        <Stack hiddenFrom="sm" gap="sm">
          {users.data.map((user) => (
            <Paper key={user.id} withBorder radius="md" p="sm" component="article" aria-label={user.email}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>
                    {user.firstName} {user.lastName}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {user.email}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setOpened(user)}
                  aria-label={`${m.manage} : ${user.firstName} ${user.lastName}`}
                >
                  {m.manage}
                </Button>
              </Group>
              <Group gap={6} mt="xs">
                <Badge variant="light" color={user.role === 'admin' ? 'grape' : 'gray'}>
                  {m.roles[user.role]}
                </Badge>
                {user.isVerified && (
                  <Badge variant="light" color="teal">
                    {m.verified}
                  </Badge>
                )}
                <Status user={user} />
              </Group>
              <Text size="sm" mt={4}>
                {m.rate} : {rateOf(user)}
              </Text>
              <Text size="sm">
                {m.balance} : <BalanceFigure cents={user.balanceCents} inherit />
                {user.payoutAdvancePercent > 0 && ` · ${m.advanceShort(user.payoutAdvancePercent)}`}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      {users.data && users.data.length > 0 && (
        <Table.ScrollContainer minWidth={860} visibleFrom="sm">
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.name}</Table.Th>
                <Table.Th>{m.role}</Table.Th>
                <Table.Th>{m.rate}</Table.Th>
                <Table.Th ta="right">{m.balance}</Table.Th>
                <Table.Th>{m.status}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{adminFr.common.actions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Text fw={600}>
                      {user.firstName} {user.lastName}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge variant="light" color={user.role === 'admin' ? 'grape' : 'gray'}>
                        {m.roles[user.role]}
                      </Badge>
                      {user.isVerified && (
                        <Badge variant="light" color="teal">
                          {m.verified}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{rateOf(user)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <BalanceFigure cents={user.balanceCents} size="sm" />
                    {user.payoutAdvancePercent > 0 && (
                      <Text size="xs" c="dimmed">
                        {m.advanceShort(user.payoutAdvancePercent)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Status user={user} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setOpened(user)}
                      aria-label={`${m.manage} : ${user.firstName} ${user.lastName}`}
                    >
                      {m.manage}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {managed && <UserManageModal user={managed} isSelf={managed.id === me?.id} onClose={() => setOpened(null)} />}
    </Stack>
  );
}

function rateOf(user: AdminUser): string {
  if (user.commissionRateBps === null || user.commissionFixedCents === null) return m.standardRate;
  return rateLine({ rateBps: user.commissionRateBps, fixedCents: user.commissionFixedCents });
}

function Status({ user }: { user: AdminUser }) {
  if (!user.isBanned) {
    return (
      <Text size="sm" c="dimmed">
        {m.active}
      </Text>
    );
  }
  return (
    <Badge color="red" variant="light">
      {user.bannedUntil ? m.bannedUntil(longDate(user.bannedUntil)) : m.bannedForever}
    </Badge>
  );
}
