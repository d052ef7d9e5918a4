import { Group, Title } from '@mantine/core';
import { VerifiedTick } from './VerifiedTick';

/** A profile's heading: the person's name, and the tick of a verified organiser. */
export function ProfileName({ profile }: { profile: { firstName: string; lastName: string; isVerified: boolean } }) {
  return (
    <Group gap="xs">
      <Title order={1} size="h2">
        {profile.firstName} {profile.lastName}
      </Title>
      {profile.isVerified && <VerifiedTick />}
    </Group>
  );
}
