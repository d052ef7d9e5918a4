import { type EventPreview, formatDateTime, formatEuros, fr } from '@guichet/shared';
import { Badge, Card, Group, Image, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './EventCard.module.css';

export const PLACEHOLDER_IMAGE = '/event-placeholder.svg';

export function priceLabel(event: { isFree: boolean; minPriceCents: number }): string {
  return event.isFree ? fr.common.free : formatEuros(event.minPriceCents);
}

export function EventCard({ event }: { event: EventPreview }) {
  return (
    <Card component={Link} to={`/billetterie/${event.id}`} withBorder radius="md" padding="md" className={classes.card}>
      <Card.Section>
        <Image
          src={event.bannerUrl ?? PLACEHOLDER_IMAGE}
          fallbackSrc={PLACEHOLDER_IMAGE}
          alt=""
          h={180}
          loading="lazy"
        />
      </Card.Section>
      <Group justify="space-between" mt="md" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={700} lineClamp={2} component="h2" fz="md" m={0}>
          {event.title}
        </Text>
        {!event.isPublic && (
          <Badge color="gray" variant="light">
            {fr.common.private}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {formatDateTime(event.dateBegin)}
      </Text>
      <Text fw={700} mt="sm">
        {priceLabel(event)}
      </Text>
    </Card>
  );
}
