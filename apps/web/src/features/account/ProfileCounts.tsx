import { accountFr } from '@guichet/shared';
import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { followListPath, historyPath } from './links';

type Props = {
  userId: string;
  nbFollowers: number;
  nbFollows: number;
  /** Shown only when given: the organised-event count and its link. */
  nbOrganizedEvents?: number;
};

const m = accountFr.profile;

/** Follower, follow and organised-event counts, each a link to its list. */
export function ProfileCounts({ userId, nbFollowers, nbFollows, nbOrganizedEvents }: Props) {
  return (
    <Group gap="lg" component="nav" aria-label={m.counts}>
      <Anchor component={Link} to={followListPath('followers', userId)} fw={600}>
        {m.followers(nbFollowers)}
      </Anchor>
      <Anchor component={Link} to={followListPath('follows', userId)} fw={600}>
        {m.follows(nbFollows)}
      </Anchor>
      {nbOrganizedEvents !== undefined && (
        <Anchor component={Link} to={historyPath('organized', userId)} fw={600}>
          {m.organizedEvents(nbOrganizedEvents)}
        </Anchor>
      )}
    </Group>
  );
}
