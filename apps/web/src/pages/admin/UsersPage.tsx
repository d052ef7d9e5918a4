import { type AdminUser, adminFr, billingFr } from '@guichet/shared';
import { Badge, Button, Group, Switch, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useAdminUsers } from '../../api/admin';
import { useSession } from '../../api/auth';
import { AdminListPage } from '../../features/admin/AdminListPage';
import { AdminSearch } from '../../features/admin/AdminSearch';
import { BalanceFigure } from '../../features/admin/BalanceFigure';
import { longDate } from '../../features/admin/format';
import { UserManageModal } from '../../features/admin/UserManageModal';
import { rateLine } from '../../features/payouts/rate-line';

const m = adminFr.users;

/** Accounts by name or e-mail: role, verification, commission rate, balance and ban. */
export default function UsersPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [billingDue, setBillingDue] = useState(false);
  const users = useAdminUsers(q, billingDue);
  const { data: me } = useSession();
  const [opened, setOpened] = useState<AdminUser | null>(null);
  // The list's fresh copy after each change; the one clicked if a new search left it out meanwhile.
  const managed = opened && (users.data?.find((user) => user.id === opened.id) ?? opened);

  const manageButton = (user: AdminUser) => (
    <Button
      size="xs"
      variant="default"
      onClick={() => setOpened(user)}
      aria-label={`${m.manage} : ${user.firstName} ${user.lastName}`}
    >
      {m.manage}
    </Button>
  );

  return (
    <AdminListPage
      title={m.title}
      tools={
        <Group align="flex-end" gap="md">
          <AdminSearch value={search} onChange={setSearch} placeholder={adminFr.common.searchUsers} />
          <Switch
            label={billingFr.admin.dueFilter}
            checked={billingDue}
            onChange={(event) => setBillingDue(event.currentTarget.checked)}
            mb={8}
          />
        </Group>
      }
      query={users}
      empty={m.empty}
      itemKey={(user) => user.id}
      cardLabel={(user) => user.email}
      card={(user) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>
                {user.firstName} {user.lastName}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
            </div>
            {manageButton(user)}
          </Group>
          <Group gap={6} mt="xs">
            <Roles user={user} />
            <Status user={user} />
          </Group>
          <Text size="sm" mt={4}>
            {m.rate} : {rateOf(user)}
          </Text>
          <Text size="sm">
            {m.balance} : <BalanceFigure cents={user.balanceCents} inherit />
            {user.payoutAdvancePercent > 0 && ` · ${m.advanceShort(user.payoutAdvancePercent)}`}
          </Text>
        </>
      )}
      minWidth={860}
      columns={[
        {
          header: m.name,
          cell: (user) => (
            <>
              <Text fw={600}>
                {user.firstName} {user.lastName}
              </Text>
              <Text size="sm" c="dimmed">
                {user.email}
              </Text>
            </>
          ),
        },
        {
          header: m.role,
          cell: (user) => (
            <Group gap={4}>
              <Roles user={user} />
            </Group>
          ),
        },
        { header: m.rate, cell: (user) => <Text size="sm">{rateOf(user)}</Text> },
        {
          header: m.balance,
          align: 'right',
          cell: (user) => (
            <>
              <BalanceFigure cents={user.balanceCents} size="sm" />
              {user.payoutAdvancePercent > 0 && (
                <Text size="xs" c="dimmed">
                  {m.advanceShort(user.payoutAdvancePercent)}
                </Text>
              )}
            </>
          ),
        },
        { header: m.status, cell: (user) => <Status user={user} /> },
        { header: adminFr.common.actions, hideHeader: true, align: 'right', cell: manageButton },
      ]}
    >
      {managed && <UserManageModal user={managed} isSelf={managed.id === me?.id} onClose={() => setOpened(null)} />}
    </AdminListPage>
  );
}

function Roles({ user }: { user: AdminUser }) {
  return (
    <>
      <Badge variant="light" color={user.role === 'admin' ? 'grape' : 'gray'}>
        {m.roles[user.role]}
      </Badge>
      {user.isVerified && (
        <Badge variant="light" color="teal">
          {m.verified}
        </Badge>
      )}
      {user.billingIdentityDueAt && (
        <Badge variant="light" color="orange">
          {billingFr.admin.dueBy(longDate(user.billingIdentityDueAt))}
        </Badge>
      )}
    </>
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
