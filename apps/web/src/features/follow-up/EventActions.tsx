import { followUpFr } from '@guichet/shared';
import { Button, Group } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { MANUAL_EVENT_KEY } from '../console/manual-event';

const m = followUpFr.stats;

/**
 * 'Modifier' and 'Ajouter une place' of the follow-up screen (2-organiser.md §2.4): the second keeps
 * the event in local storage, where /addParticipationManual looks for it (§2 routes).
 */
export function EventActions({ eventId, children }: { eventId: string; children?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Group gap="xs" justify="flex-end" role="group" aria-label={m.actionsLabel}>
      <Button
        component={Link}
        to={`/editevents/${eventId}`}
        variant="default"
        leftSection={<IconPencil size={18} aria-hidden />}
      >
        {m.edit}
      </Button>
      <Button
        variant="default"
        leftSection={<IconPlus size={18} aria-hidden />}
        onClick={() => {
          localStorage.setItem(MANUAL_EVENT_KEY, eventId);
          navigate(`/addParticipationManual?event=${encodeURIComponent(eventId)}`);
        }}
      >
        {m.addPlace}
      </Button>
      {children}
    </Group>
  );
}
