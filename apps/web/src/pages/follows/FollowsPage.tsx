import { accountFr, followListType } from '@guichet/shared';
import { Container, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useSession } from '../../api/auth';
import { FollowList } from '../../features/account/FollowList';
import NotFoundPage from '../not-found/NotFoundPage';

/** /follows/{followers|follows}/{userId} */
export default function FollowsPage() {
  const { type = '', userId = '' } = useParams();
  const { data: user } = useSession();
  const parsed = followListType.safeParse(type);
  if (!parsed.success) return <NotFoundPage />;
  const listType = parsed.data;
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {listType === 'followers' ? accountFr.follows.followersTitle : accountFr.follows.followsTitle}
      </Title>
      <FollowList type={listType} userId={userId} isOwn={user?.id === userId} />
    </Container>
  );
}
