import { formatDateTime, type Invitation, invitationsFr } from '@guichet/shared';
import { Badge, type ButtonProps, Group, Stack, Text } from '@mantine/core';
import { useInvitations, useRevokeInvitation } from '../../api/invitations';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DataList } from '../../ui/DataList';
import { QueryState } from '../../ui/QueryState';
import { Section } from '../../ui/Section';
import { toast } from '../../ui/toast';

const m = invitationsFr;

/** The invitations sent, revoked ones included: a table on a desktop, cards on a phone, each revocable after confirming. */
export function InvitationList({ eventId }: { eventId: string }) {
  const invitations = useInvitations(eventId);
  const c = m.columns;
  return (
    <Section title={m.list}>
      <QueryState query={invitations} isEmpty={(list) => list.length === 0} empty={m.empty}>
        {(list) => (
          <DataList
            items={list}
            itemKey={(item) => item.participationId}
            cardLabel={(item) => `${item.firstName} ${item.lastName}`}
            card={(item) => <InvitationCard eventId={eventId} invitation={item} />}
            minWidth={760}
            columns={[
              { header: c.name, cell: (item) => `${item.firstName} ${item.lastName}` },
              { header: c.email, cell: (item) => item.email },
              { header: c.ticket, cell: (item) => item.ticketTitle },
              ...(list.some((item) => item.dateBegin)
                ? [
                    {
                      header: c.date,
                      cell: (item: Invitation) => (item.dateBegin ? formatDateTime(item.dateBegin) : '—'),
                    },
                  ]
                : []),
              { header: c.number, align: 'right', cell: (item) => item.ticketNumber ?? '—' },
              { header: c.status, cell: (item) => <Status invitation={item} /> },
              {
                header: c.actions,
                hideHeader: true,
                cell: (item) => <Revoke eventId={eventId} invitation={item} />,
              },
            ]}
          />
        )}
      </QueryState>
    </Section>
  );
}

function Status({ invitation }: { invitation: Invitation }) {
  return invitation.revokedAt ? (
    <Badge color="red" variant="light">
      {m.statusRevoked}
    </Badge>
  ) : (
    <Badge color="teal" variant="light">
      {m.statusValid}
    </Badge>
  );
}

function InvitationCard({ eventId, invitation }: { eventId: string; invitation: Invitation }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {invitation.firstName} {invitation.lastName}
        </Text>
        <Status invitation={invitation} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {invitation.email}
      </Text>
      {invitation.dateBegin && (
        // The date the place is for, apart from when it was given (the line below).
        <Text size="sm" fw={600}>
          {formatDateTime(invitation.dateBegin)}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {invitation.ticketTitle}
        {invitation.ticketNumber !== null && ` · ${m.columns.number} ${invitation.ticketNumber}`} ·{' '}
        {formatDateTime(invitation.createdAt)}
      </Text>
      <Group>
        <Revoke eventId={eventId} invitation={invitation} />
      </Group>
    </Stack>
  );
}

function Revoke({ eventId, invitation }: { eventId: string; invitation: Invitation }) {
  const revoke = useRevokeInvitation(eventId);
  if (invitation.revokedAt) return null;
  const name = `${invitation.firstName} ${invitation.lastName}`;
  return (
    <ConfirmButton
      label={m.revoke}
      // Named after the person: a screen reader lists one 'Révoquer' per invitation.
      button={{ variant: 'light', color: 'red', size: 'xs', ...({ 'aria-label': m.revokeLabel(name) } as ButtonProps) }}
      title={m.revokeTitle}
      text={m.revokeConfirm(name)}
      confirmLabel={m.revokeSubmit}
      color="red"
      pending={revoke.isPending}
      error={revoke.error?.message ?? null}
      onClose={() => revoke.reset()}
      onConfirm={(close) =>
        revoke.mutate(invitation.participationId, {
          onSuccess: (done) => {
            toast(done.message);
            close();
          },
        })
      }
    />
  );
}
