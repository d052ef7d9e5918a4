import { accountFr, type FollowListType } from '@guichet/shared';
import { SimpleGrid } from '@mantine/core';
import { useFollowList } from '../../api/account';
import { QueryState } from '../../ui/QueryState';
import { FollowCard } from './FollowCard';
import { profileNotices } from './profile-notices';

const emptyTexts = {
  own: { follows: accountFr.follows.emptyFollows, followers: accountFr.follows.emptyFollowers },
  other: { follows: accountFr.follows.emptyFollowsOther, followers: accountFr.follows.emptyFollowersOther },
};

/** The followers or follows of a person, as cards; `isOwn` picks the spec's "Vous…" empty texts. */
export function FollowList({ type, userId, isOwn }: { type: FollowListType; userId: string; isOwn: boolean }) {
  const list = useFollowList(type, userId);
  return (
    <QueryState
      query={list}
      notices={profileNotices}
      isEmpty={(items) => items.length === 0}
      empty={emptyTexts[isOwn ? 'own' : 'other'][type]}
    >
      {(items) => (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {items.map((item) => (
            <FollowCard key={item.id} item={item} />
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  );
}
