import { accountFr, fr, type VisibleProfile } from '@guichet/shared';
import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useFollow, usePublicProfile } from '../../api/account';
import { useSession } from '../../api/auth';
import { ApiError } from '../../api/client';
import { ProfileCounts } from '../../features/account/ProfileCounts';
import { ProfileImages } from '../../features/account/ProfileImages';
import { ProfileName } from '../../features/account/ProfileName';
import { Loading } from '../../ui/Loading';
import { QueryState } from '../../ui/QueryState';

const m = accountFr.organizer;

function FollowButton({ profile }: { profile: VisibleProfile }) {
  const follow = useFollow(profile.id);
  const following = profile.isFollowedByMe;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant={following ? 'default' : 'filled'}
        leftSection={following ? <IconUserCheck size={18} aria-hidden /> : <IconUserPlus size={18} aria-hidden />}
        loading={follow.isPending}
        onClick={() => follow.mutate(!following)}
      >
        {following ? m.unfollow : m.follow}
      </Button>
      {follow.error && (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {follow.error.message}
        </Text>
      )}
    </Stack>
  );
}

function Profile({ profile }: { profile: VisibleProfile }) {
  const { data: user } = useSession();
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <ProfileImages profile={profile} />
        <Group justify="space-between" align="flex-start">
          <Stack gap={6}>
            <ProfileName profile={profile} />
            <ProfileCounts
              userId={profile.id}
              nbFollowers={profile.nbFollowers}
              nbFollows={profile.nbFollows}
              nbOrganizedEvents={profile.nbOrganizedEvents ?? undefined}
            />
            {profile.email && (
              <Text>
                {m.email} :{' '}
                <Anchor href={`mailto:${profile.email}`} inherit>
                  {profile.email}
                </Anchor>
              </Text>
            )}
          </Stack>
          {user && !profile.isMe && <FollowButton profile={profile} />}
        </Group>
        <Text style={{ whiteSpace: 'pre-line' }} c={profile.description ? undefined : 'dimmed'}>
          {profile.description || accountFr.profile.noDescription}
        </Text>
      </Stack>
    </Container>
  );
}

export default function OrganizerProfilePage() {
  const { userId = '' } = useParams();
  const profile = usePublicProfile(userId);
  if (profile.isPending) return <Loading />;
  if (profile.error) {
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <Container size="sm" py={60}>
        <Stack align="center">
          <Title order={1}>{notFound ? m.notFoundTitle : fr.common.genericError}</Title>
          {!notFound && <QueryState query={profile} />}
          {notFound && <Text c="dimmed">{m.notFound}</Text>}
        </Stack>
      </Container>
    );
  }
  if (!profile.data.isPublic) {
    return (
      <Container size="sm" py={60}>
        <Stack align="center" gap="md">
          <IconLock size={40} aria-hidden />
          <Title order={1} size="h2">
            {accountFr.profile.title}
          </Title>
          <Text ta="center">{m.privateProfile}</Text>
        </Stack>
      </Container>
    );
  }
  return <Profile profile={profile.data} />;
}
