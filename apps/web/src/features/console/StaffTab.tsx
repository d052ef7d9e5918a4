import {
  firstStaffEmailError,
  formatDateTime,
  type StaffMember,
  type StaffRole,
  type StaffScanSort,
  sortStaffScans,
  staffFr,
} from '@guichet/shared';
import {
  Badge,
  Button,
  Flex,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconScan, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAddStaff, useChangeStaffRole, useRemoveStaff, useStaff, useStaffScans } from '../../api/checkin';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { mutationDialog } from '../../ui/mutation-dialog';
import { PromptDialog } from '../../ui/PromptDialog';
import { QueryState } from '../../ui/QueryState';
import { Section } from '../../ui/Section';
import { toast } from '../../ui/toast';
import { DetailPanel } from './DetailPanel';

const m = staffFr;

/** The Staff tab (2-organiser.md §2.6): the organiser as Admin, the members, their scans. */
export function StaffTab({ eventId }: { eventId: string }) {
  const staff = useStaff(eventId);
  const [selected, setSelected] = useState<StaffMember | null>(null);
  const [adding, addModal] = useDisclosure(false);

  return (
    <Flex gap="md" align="flex-start">
      <Section
        title={m.title}
        grow
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to={`/scan/${eventId}`}
              target="_blank"
              variant="default"
              leftSection={<IconScan size={18} aria-hidden />}
            >
              {m.openScanner}
            </Button>
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={addModal.open}>
              {m.add}
            </Button>
          </Group>
        }
      >
        <QueryState query={staff}>
          {(members) => (
            <StaffList
              eventId={eventId}
              members={members}
              selectedId={selected?.userId ?? null}
              onSelect={setSelected}
            />
          )}
        </QueryState>
      </Section>
      <DetailPanel
        opened={selected !== null}
        onClose={() => setSelected(null)}
        title={selected ? `${selected.firstName} ${selected.lastName}` : undefined}
      >
        {selected && <StaffDetail eventId={eventId} member={selected} />}
      </DetailPanel>
      <AddStaffModal eventId={eventId} opened={adding} onClose={addModal.close} />
    </Flex>
  );
}

const roleOptions: { value: StaffRole; label: string }[] = [
  { value: 'scanner', label: m.roleScanner },
  { value: 'box-office', label: m.roleBoxOffice },
];

/** A member's role, changed on the spot (the organiser has none: they do everything). */
function RoleSelect({ eventId, member }: { eventId: string; member: StaffMember & { role: StaffRole } }) {
  const change = useChangeStaffRole(eventId);
  return (
    <NativeSelect
      size="xs"
      data={roleOptions}
      value={member.role}
      disabled={change.isPending}
      aria-label={m.roleOf(`${member.firstName} ${member.lastName}`)}
      onChange={(event) =>
        change.mutate(
          { userId: member.userId, role: event.currentTarget.value as StaffRole },
          {
            onSuccess: () => toast(m.roleChanged),
            onError: (error) => toast(m.failed(error.message), 'error'),
          },
        )
      }
    />
  );
}

function StatusBadge({ member }: { member: StaffMember }) {
  return (
    <Badge variant="light" color={member.status === 'admin' ? 'violet' : 'teal'}>
      {member.status === 'admin' ? m.statusAdmin : m.statusStaff}
    </Badge>
  );
}

function StaffList({
  eventId,
  members,
  selectedId,
  onSelect,
}: {
  eventId: string;
  members: StaffMember[];
  selectedId: string | null;
  onSelect: (member: StaffMember | null) => void;
}) {
  const remove = useRemoveStaff(eventId);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const staffOnly = members.filter((member) => member.role !== null);
  return (
    <Stack gap="xs">
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {members.map((member) => (
          <Paper
            key={member.userId}
            component="li"
            withBorder
            radius="md"
            p="sm"
            data-selected={member.userId === selectedId || undefined}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <UnstyledButton
                onClick={() => onSelect(member)}
                style={{ flex: 1, minWidth: 0 }}
                aria-current={member.userId === selectedId || undefined}
              >
                <Group gap="sm" wrap="nowrap">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {member.firstName} {member.lastName}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {member.email} · {m.scannedCount(member.scannedCount)}
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
              <StatusBadge member={member} />
            </Group>
            {member.role !== null && (
              // The role and the removal under the name: on a phone the name keeps the whole width.
              <Group justify="space-between" wrap="nowrap" gap="sm" mt="xs">
                <RoleSelect eventId={eventId} member={{ ...member, role: member.role }} />
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  aria-label={`${m.remove} ${member.firstName} ${member.lastName}`}
                  onClick={() => setRemoving(member)}
                >
                  <IconTrash size={16} aria-hidden />
                </Button>
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
      {staffOnly.length === 0 && (
        <Text c="dimmed" size="sm">
          {m.empty}
        </Text>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={m.removeTitle}
        confirmLabel={m.remove}
        cancelLabel={m.cancel}
        color="red"
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.userId, {
            onSuccess: () => {
              toast(m.removed);
              if (removing.userId === selectedId) onSelect(null);
              setRemoving(null);
            },
            onError: (error) => toast(m.failed(error.message), 'error'),
          })
        }
      >
        {removing ? m.removeConfirm(`${removing.firstName} ${removing.lastName}`) : ''}
      </ConfirmDialog>
    </Stack>
  );
}

/** 'Ajouter': the e-mail of an existing account; Enter confirms; every refusal said in French. */
function AddStaffModal({ eventId, opened, onClose }: { eventId: string; opened: boolean; onClose: () => void }) {
  const [role, setRole] = useState<StaffRole>('scanner');
  // Each opening starts as a scanner, as the e-mail starts empty.
  const add = mutationDialog(useAddStaff(eventId), () => {
    setRole('scanner');
    onClose();
  });
  return (
    <PromptDialog
      opened={opened}
      title={m.addTitle}
      intro={
        <NativeSelect
          label={m.roleLabel}
          description={m.roleHelp}
          data={roleOptions}
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as StaffRole)}
          mb="sm"
        />
      }
      label={m.emailLabel}
      description={m.emailHelp}
      type="email"
      required={false}
      maxLength={254}
      check={firstStaffEmailError}
      confirmLabel={m.confirm}
      cancelLabel={m.cancel}
      {...add.props}
      onConfirm={(email) => add.send({ email, role }, m.added)}
    />
  );
}

const sorts: { value: StaffScanSort; label: string }[] = [
  { value: 'date', label: m.sortDate },
  { value: 'lastName', label: m.sortLastName },
  { value: 'ticket', label: m.sortTicket },
];

/** A member's detail: status, count, and the tickets they scanned, sortable (newest first by default). */
function StaffDetail({ eventId, member }: { eventId: string; member: StaffMember }) {
  const scans = useStaffScans(eventId, member.userId);
  const [sort, setSort] = useState<StaffScanSort>('date');
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <StatusBadge member={member} />
        <Text size="sm">{m.scannedCount(member.scannedCount)}</Text>
      </Group>
      <SegmentedControl
        size="xs"
        value={sort}
        onChange={(value) => setSort(value as StaffScanSort)}
        data={sorts}
        aria-label={m.sortLabel}
      />
      <QueryState query={scans} compact isEmpty={(rows) => rows.length === 0} empty={m.scansEmpty}>
        {(rows) => (
          <DataTable
            items={sortStaffScans(rows, sort)}
            itemKey={(scan) => scan.scanId}
            minWidth={360}
            fz="sm"
            columns={[
              { header: m.columns.lastName, cell: (scan) => scan.lastName },
              { header: m.columns.firstName, cell: (scan) => scan.firstName },
              { header: m.columns.ticket, cell: (scan) => scan.ticket },
              {
                header: m.columns.date,
                cell: (scan) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(scan.scannedAt)}</span>,
              },
            ]}
          />
        )}
      </QueryState>
    </Stack>
  );
}
