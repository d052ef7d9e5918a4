import { accountFr, fr } from '@guichet/shared';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useOwnEvents } from '../../api/console';

/** The events the account created, each with its edit page: the way in for a creator who is not verified. */
export function OwnEvents() {
  const events = useOwnEvents();
  if (!events.data?.length) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {accountFr.profile.myEvents}
      </Title>
      {events.data.map((event) => (
        <Group key={event.id} gap="sm" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={`/billetterie/${event.id}`}>
            {event.title}
          </Anchor>
          <Anchor component={Link} to={`/editevents/${event.id}`} aria-label={fr.events.editEventNamed(event.title)}>
            <Text span size="sm">
              {fr.events.editEvent}
            </Text>
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}
