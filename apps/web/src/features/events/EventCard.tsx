import {
  dateBlock,
  discoveryFr,
  type EventListItem,
  eventDatesFr,
  formatDateTime,
  formatEuros,
  fr,
  IMAGE_SIZES,
} from '@guichet/shared';
import { Badge, Card, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import lift from '../../ui/lift.module.css';
import classes from './EventCard.module.css';

export const PLACEHOLDER_IMAGE = '/event-placeholder.svg';

/**
 * An event of the list, image first: the organiser's banner whole in its 5:3 box (space kept
 * before it loads), the date block over it, then the title, where, what, who and from how much,
 * and 'Complet' once every place is sold.
 * `priority` marks the first row: fetched at once and first, never lazily.
 */
export function EventCard({ event, priority = false }: { event: EventListItem; priority?: boolean }) {
  const when = dateBlock(event.dateBegin);
  const where = [event.city, event.type].filter(Boolean).join(' · ');
  return (
    <Card
      component={Link}
      to={`/billetterie/${event.id}`}
      withBorder
      radius="md"
      padding="md"
      className={`${classes.card} ${lift.lift}`}
    >
      <Card.Section className={classes.media}>
        <img
          className={classes.image}
          src={event.bannerUrl ?? PLACEHOLDER_IMAGE}
          srcSet={event.bannerSrcset ?? undefined}
          sizes={event.bannerSrcset ? IMAGE_SIZES.card : undefined}
          width={400}
          height={240}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? 'sync' : 'async'}
          fetchPriority={priority ? 'high' : 'auto'}
        />
        <time className={classes.date} dateTime={event.dateBegin} title={formatDateTime(event.dateBegin)}>
          <span className={classes.day}>{when.day}</span>
          <span className={classes.month}>{when.month}</span>
        </time>
      </Card.Section>
      <Text fw={700} lineClamp={2} component="h2" fz="md" m={0} mt="sm">
        {event.title}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {when.weekday} {when.time}
        {/* A multi-date event (issue 32): its next date above, then how many it has. */}
        {event.dateCount !== undefined && event.dateCount > 1 && ` · ${eventDatesFr.card.dateCount(event.dateCount)}`}
        {where && ` · ${where}`}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={1}>
        {discoveryFr.card.by(event.organizerName)}
      </Text>
      <Group justify="space-between" mt="auto" pt="sm" gap="xs">
        <Text fw={700}>
          {event.isFree ? fr.common.free : discoveryFr.card.fromPrice(formatEuros(event.minPriceCents))}
        </Text>
        <Group gap={6}>
          {event.isSoldOut && (
            <Badge color="red.9" variant="filled">
              {fr.events.soldOut}
            </Badge>
          )}
          {!event.isPublic && (
            <Badge color="gray" variant="light">
              {fr.common.private}
            </Badge>
          )}
        </Group>
      </Group>
    </Card>
  );
}
