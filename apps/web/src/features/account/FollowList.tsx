import { accountFr, type FollowListType } from '@guichet/shared';
import { SimpleGrid, Text } from '@mantine/core';
import { useFollowList } from '../../api/account';
import { FollowCard } from './FollowCard';
import { QueryState } from './QueryState';

const emptyTexts = {
  own: { follows: accountFr.follows.emptyFollows, followers: accountFr.follows.emptyFollowers },
  other: { follows: accountFr.follows.emptyFollowsOther, followers: accountFr.follows.emptyFollowersOther },
};

/** The followers or follows of a person, as cards; `isOwn` picks the spec's "Vous…" empty texts. */
export function FollowList({ type, userId, isOwn }: { type: FollowListType; userId: string; isOwn: boolean }) {
  const list = useFollowList(type, userId);
  if (!list.data) return <QueryState error={list.error} isPending={list.isPending} retry={() => list.refetch()} />;
  if (list.data.length === 0) return <Text c="dimmed">{emptyTexts[isOwn ? 'own' : 'other'][type]}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {list.data.map((item) => (
        <FollowCard key={item.id} item={item} />
      ))}
    </SimpleGrid>
  );
}
