import { ageOn, fr, type SessionUser, todayInParis } from '@guichet/shared';
import { Avatar, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { RequireAuth } from '../../features/auth/RequireAuth';

function Profile({ user }: { user: SessionUser }) {
  const age = ageOn(user.birthDate, todayInParis());
  return (
    <Container size="md" py="xl">
      <Paper withBorder radius="md" p="xl">
        <Group gap="lg" wrap="nowrap">
          <Avatar size={96} radius={96} color="violet" alt="">
            {user.firstName.charAt(0)}
            {user.lastName.charAt(0)}
          </Avatar>
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={1} size="h2">
                {user.firstName} {user.lastName}
              </Title>
              {user.isVerified && (
                <IconCircleCheckFilled
                  size={22}
                  color="var(--mantine-color-blue-5)"
                  aria-label={fr.profile.verified}
                  role="img"
                />
              )}
            </Group>
            {age !== null && <Text c="dimmed">{fr.profile.age(age)}</Text>}
            <Text c="dimmed">{user.email}</Text>
          </Stack>
        </Group>
      </Paper>
    </Container>
  );
}

export default function ProfilePage() {
  return <RequireAuth>{(user) => <Profile user={user} />}</RequireAuth>;
}
