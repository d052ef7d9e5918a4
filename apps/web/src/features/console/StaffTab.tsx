import {
  firstStaffEmailError,
  formatDateTime,
  type StaffMember,
  type StaffScanSort,
  sortStaffScans,
  staffFr,
} from '@guichet/shared';
import {
  Badge,
  Box,
  Button,
  Flex,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconScan, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useAddStaff, useRemoveStaff, useStaff, useStaffScans } from '../../api/checkin';
import { QueryState } from '../../ui/QueryState';
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
      <Stack flex={1} miw={0} gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {m.title}
          </Title>
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
        </Group>
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
      </Stack>
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
  const staffOnly = members.filter((member) => member.status === 'staff');
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
              {member.status === 'staff' && (
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  aria-label={`${m.remove} ${member.firstName} ${member.lastName}`}
                  onClick={() => setRemoving(member)}
                >
                  <IconTrash size={16} aria-hidden />
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      {staffOnly.length === 0 && (
        <Text c="dimmed" size="sm">
          {m.empty}
        </Text>
      )}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={m.removeTitle} centered>
        <Stack>
          <Text>{removing && m.removeConfirm(`${removing.firstName} ${removing.lastName}`)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {m.cancel}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
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
              {m.remove}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** 'Ajouter': the e-mail of an existing account; Enter confirms; every refusal said in French. */
function AddStaffModal({ eventId, opened, onClose }: { eventId: string; opened: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddStaff(eventId);
  const close = () => {
    setEmail('');
    setError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = firstStaffEmailError(email);
    if (invalid) {
      setError(invalid);
      return;
    }
    add.mutate(
      { email },
      {
        onSuccess: () => {
          toast(m.added);
          close();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={m.addTitle} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            type="email"
            label={m.emailLabel}
            description={m.emailHelp}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={error}
            data-autofocus
            autoComplete="off"
            maxLength={254}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {m.cancel}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {m.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
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
          <Box style={{ overflowX: 'auto' }}>
            <Table striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.columns.lastName}</Table.Th>
                  <Table.Th>{m.columns.firstName}</Table.Th>
                  <Table.Th>{m.columns.ticket}</Table.Th>
                  <Table.Th>{m.columns.date}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sortStaffScans(rows, sort).map((scan) => (
                  <Table.Tr key={scan.scanId}>
                    <Table.Td>{scan.lastName}</Table.Td>
                    <Table.Td>{scan.firstName}</Table.Td>
                    <Table.Td>{scan.ticket}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(scan.scannedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
      </QueryState>
    </Stack>
  );
}
