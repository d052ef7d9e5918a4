import { accountFr, type MyProfile } from '@guichet/shared';
import { Container, Stack, Tabs, Text } from '@mantine/core';
import { useMyProfile } from '../../api/account';
import { FollowList } from '../../features/account/FollowList';
import { OwnEvents } from '../../features/account/OwnEvents';
import { ParticipationList } from '../../features/account/ParticipationList';
import { ProfileCounts } from '../../features/account/ProfileCounts';
import { ProfileImages } from '../../features/account/ProfileImages';
import { ProfileName } from '../../features/account/ProfileName';
import { SettingsPanel } from '../../features/account/settings/SettingsPanel';
import { RequireAuth } from '../../features/auth/RequireAuth';
import { QueryState } from '../../ui/QueryState';

const m = accountFr.profile;

function Profile({ profile }: { profile: MyProfile }) {
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <ProfileImages profile={profile} editable />
        <Stack gap={6}>
          <ProfileName profile={profile} />
          {profile.age !== null && <Text c="dimmed">{m.age(profile.age)}</Text>}
          <ProfileCounts
            userId={profile.id}
            nbFollowers={profile.nbFollowers}
            nbFollows={profile.nbFollows}
            // The organised-events link is for verified accounts only (1-attendee.md).
            nbOrganizedEvents={profile.nbOrganizedEvents ?? undefined}
          />
          <Text style={{ whiteSpace: 'pre-line' }} c={profile.description ? undefined : 'dimmed'}>
            {profile.description || m.noDescription}
          </Text>
        </Stack>
        <OwnEvents />
        <Tabs defaultValue="tickets" keepMounted={false}>
          <Tabs.List aria-label={m.tabsLabel}>
            <Tabs.Tab value="tickets">{m.myTicketsTab}</Tabs.Tab>
            <Tabs.Tab value="settings">{m.settingsTab}</Tabs.Tab>
            <Tabs.Tab value="follows">{m.followsTab}</Tabs.Tab>
            <Tabs.Tab value="followers">{m.followersTab}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="tickets" pt="lg">
            <ParticipationList />
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="lg">
            <SettingsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="follows" pt="lg">
            <FollowList type="follows" userId={profile.id} isOwn />
          </Tabs.Panel>
          <Tabs.Panel value="followers" pt="lg">
            <FollowList type="followers" userId={profile.id} isOwn />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

function OwnProfile() {
  const profile = useMyProfile();
  if (!profile.data) {
    return (
      <Container size="lg" py="lg">
        <QueryState query={profile} />
      </Container>
    );
  }
  return <Profile profile={profile.data} />;
}

export default function ProfilePage() {
  return <RequireAuth>{() => <OwnProfile />}</RequireAuth>;
}
