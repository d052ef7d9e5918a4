import { invitationsFr } from '@guichet/shared';
import { Stack, Text } from '@mantine/core';
import { ImportFile } from './ImportFile';
import { InvitationList } from './InvitationList';
import { InviteForm } from './InviteForm';

const m = invitationsFr;

/** The console's Invitations tab (issue 31): invite one person, import a list after its preview, revoke. */
export function InvitationsTab({ eventId }: { eventId: string }) {
  return (
    <Stack gap="xl">
      <Text size="sm" c="dimmed" maw={720}>
        {m.intro}
      </Text>
      <InviteForm eventId={eventId} />
      <ImportFile eventId={eventId} />
      <InvitationList eventId={eventId} />
    </Stack>
  );
}
