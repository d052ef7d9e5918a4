import {
  type AdminUser,
  adminFr,
  eurosToCents,
  firstReasonError,
  percentToBps,
  REASON_MAX_LENGTH,
  REDUCED_COMMISSION,
  STANDARD_COMMISSION,
} from '@guichet/shared';
import { Button, Group, Modal, Radio, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useBanUser, useUnbanUser, useUpdateUser } from '../../api/admin';
import { DecimalInput } from '../../ui/DecimalInput';
import { FormError } from '../../ui/FormError';
import { toast } from '../../ui/toast';
import { longDate } from './format';
import { ManageSection } from './ManageSection';
import { UserMoneySection } from './UserMoneySection';

const m = adminFr.users;

type RateChoice = 'standard' | 'reduced' | 'custom';

function choiceOf(user: AdminUser): RateChoice {
  if (user.commissionRateBps === null) return 'standard';
  if (
    user.commissionRateBps === REDUCED_COMMISSION.bps &&
    user.commissionFixedCents === REDUCED_COMMISSION.fixedCents
  ) {
    return 'reduced';
  }
  return 'custom';
}

/** One account's role, commission rate, money and ban, each saved (and audited) on its own. */
export function UserManageModal({ user, isSelf, onClose }: { user: AdminUser; isSelf: boolean; onClose: () => void }) {
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <Modal
      opened
      onClose={onClose}
      title={m.manageTitle(name)}
      size="lg"
      closeButtonProps={{ 'aria-label': adminFr.common.cancel }}
    >
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {user.email}
        </Text>
        {!isSelf && <RoleSection user={user} />}
        <RateSection user={user} />
        {(user.isVerified || user.balanceCents !== 0 || user.payoutAdvancePercent > 0) && (
          <UserMoneySection user={user} />
        )}
        {!isSelf && user.role !== 'admin' && <BanSection user={user} />}
      </Stack>
    </Modal>
  );
}

function RoleSection({ user }: { user: AdminUser }) {
  const update = useUpdateUser();
  const [role, setRole] = useState(user.role);
  return (
    <ManageSection title={m.roleSection} first>
      <Group>
        <SegmentedControl
          value={role}
          onChange={(value) => setRole(value as AdminUser['role'])}
          data={[
            { value: 'user', label: m.roles.user },
            { value: 'admin', label: m.roles.admin },
          ]}
          aria-label={m.roleSection}
        />
        <Button
          variant="light"
          disabled={role === user.role}
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { userId: user.id, change: { role } },
              { onSuccess: () => toast(adminFr.common.saved), onError: (e) => toast(e.message, 'error') },
            )
          }
        >
          {m.saveRole}
        </Button>
      </Group>
    </ManageSection>
  );
}

function RateSection({ user }: { user: AdminUser }) {
  const update = useUpdateUser();
  const [choice, setChoice] = useState<RateChoice>(choiceOf(user));
  const [percent, setPercent] = useState<string | number>((user.commissionRateBps ?? STANDARD_COMMISSION.bps) / 100);
  const [fixed, setFixed] = useState<string | number>(
    (user.commissionFixedCents ?? STANDARD_COMMISSION.fixedCents) / 100,
  );
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    setError(null);
    let commission: { rateBps: number; fixedCents: number } | null = null;
    if (choice === 'reduced')
      commission = { rateBps: REDUCED_COMMISSION.bps, fixedCents: REDUCED_COMMISSION.fixedCents };
    if (choice === 'custom') {
      const bps = percentToBps(Number(percent));
      const cents = eurosToCents(Number(fixed));
      if (!Number.isFinite(bps) || !Number.isFinite(cents) || bps < 0 || bps > 10_000 || cents < 0) {
        setError(adminFr.errors.rateInvalid);
        return;
      }
      commission = { rateBps: bps, fixedCents: cents };
    }
    update.mutate(
      { userId: user.id, change: { commission } },
      { onSuccess: () => toast(adminFr.common.saved), onError: (e) => setError(e.message) },
    );
  };

  return (
    <ManageSection title={m.rateSection}>
      <Radio.Group value={choice} onChange={(value) => setChoice(value as RateChoice)} aria-label={m.rateSection}>
        <Stack gap="xs">
          <Radio value="standard" label={m.rateStandard} />
          <Radio value="reduced" label={m.rateReduced} />
          <Radio value="custom" label={m.rateCustom} />
        </Stack>
      </Radio.Group>
      {choice === 'custom' && (
        <Group grow align="flex-start">
          <DecimalInput label={m.ratePercent} value={percent} onChange={setPercent} max={100} step={0.1} />
          <DecimalInput label={m.rateFixed} value={fixed} onChange={setFixed} step={0.05} />
        </Group>
      )}
      <FormError message={error} />
      <Group>
        <Button variant="light" loading={update.isPending} onClick={save}>
          {m.saveRate}
        </Button>
      </Group>
    </ManageSection>
  );
}

function BanSection({ user }: { user: AdminUser }) {
  const ban = useBanUser();
  const unban = useUnbanUser();
  const [kind, setKind] = useState<'temporary' | 'permanent'>('temporary');
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (user.isBanned) {
    return (
      <ManageSection title={m.banSection}>
        <Text>{user.bannedUntil ? m.bannedUntil(longDate(user.bannedUntil)) : m.bannedForever}</Text>
        {user.banReason && (
          <Text size="sm" c="dimmed">
            {adminFr.common.reason} : {user.banReason}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            loading={unban.isPending}
            onClick={() =>
              unban.mutate(user.id, { onSuccess: () => toast(m.unbanned), onError: (e) => setError(e.message) })
            }
          >
            {m.unban}
          </Button>
        </Group>
        <FormError message={error} />
      </ManageSection>
    );
  }

  const submit = () => {
    const problem = firstReasonError(reason);
    if (problem) {
      setError(problem);
      return;
    }
    // The ban lasts to the end of the chosen day in Paris (winter time; an hour longer in summer).
    const end = kind === 'temporary' && until ? new Date(`${until}T23:59:59+01:00`).toISOString() : null;
    if (kind === 'temporary' && !end) {
      setError(adminFr.errors.banInPast);
      return;
    }
    setError(null);
    ban.mutate(
      { userId: user.id, ban: { until: end, reason: reason.trim() } },
      { onSuccess: () => toast(m.banned), onError: (e) => setError(e.message) },
    );
  };

  return (
    <ManageSection title={m.banSection}>
      <SegmentedControl
        value={kind}
        onChange={(value) => setKind(value as 'temporary' | 'permanent')}
        data={[
          { value: 'temporary', label: m.banTemporary },
          { value: 'permanent', label: m.banPermanent },
        ]}
        aria-label={m.banSection}
      />
      {kind === 'temporary' && (
        <TextInput type="date" label={m.banUntil} value={until} onChange={(e) => setUntil(e.currentTarget.value)} />
      )}
      <Textarea
        label={adminFr.common.reason}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={REASON_MAX_LENGTH}
      />
      <FormError message={error} />
      <Group>
        <Button color="red.8" loading={ban.isPending} onClick={submit}>
          {m.ban}
        </Button>
      </Group>
    </ManageSection>
  );
}
