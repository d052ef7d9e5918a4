import { accountFr, type FollowListItem } from '@guichet/shared';
import { Avatar, Badge, Box, Card, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import lift from '../../ui/lift.module.css';
import classes from './FollowCard.module.css';
import { organizerProfilePath } from './links';
import { VerifiedTick } from './VerifiedTick';

const m = accountFr;

/** The spec's follow preview: banner, avatar, category, name, verified tick, follower count. */
export function FollowCard({ item }: { item: FollowListItem }) {
  if (!item.isPublic) {
    return (
      <Card withBorder radius="md" padding="md" className={classes.card}>
        <Group gap="sm">
          <Avatar radius="xl" color="gray" alt="">
            <IconLock size={18} aria-hidden />
          </Avatar>
          <Text c="dimmed">{m.follows.privateAccount}</Text>
        </Group>
      </Card>
    );
  }
  const name = `${item.firstName} ${item.lastName}`;
  return (
    <Card
      component={Link}
      to={organizerProfilePath(item.id)}
      withBorder
      radius="md"
      padding="md"
      className={`${classes.card} ${lift.lift}`}
    >
      <Card.Section>
        <Box className={classes.banner}>
          {item.bannerUrl && <img src={item.bannerUrl} alt="" className={classes.bannerImage} loading="lazy" />}
        </Box>
      </Card.Section>
      <Group gap="sm" wrap="nowrap" mt={-28} align="flex-end">
        <Avatar src={item.photoUrl} size={56} radius={56} color="violet" className={classes.avatar} alt="">
          {item.firstName.charAt(0)}
          {item.lastName.charAt(0)}
        </Avatar>
        {item.category && (
          <Badge variant="light" color="violet" mb={4}>
            {item.category}
          </Badge>
        )}
      </Group>
      <Stack gap={2} mt="xs">
        <Group gap={6} wrap="nowrap">
          <Text fw={700} lineClamp={1} component="h2" fz="md" m={0}>
            {name}
          </Text>
          {item.isVerified && <VerifiedTick size={18} />}
        </Group>
        <Text size="sm" c="dimmed">
          {m.profile.followers(item.nbFollowers)}
        </Text>
      </Stack>
    </Card>
  );
}
