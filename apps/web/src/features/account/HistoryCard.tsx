import { type EventPreview, formatDateTime, formatEuros, fr } from '@guichet/shared';
import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import lift from '../../ui/lift.module.css';
import classes from './HistoryCard.module.css';

/** A history card: the banner as background behind a dark veil, so the text keeps its contrast. */
export function HistoryCard({ event }: { event: EventPreview }) {
  return (
    <Box
      component={Link}
      to={`/billetterie/${event.id}`}
      className={`${classes.card} ${lift.lift}`}
      style={event.bannerUrl ? { backgroundImage: `url(${event.bannerUrl})` } : undefined}
    >
      <Stack gap={6} className={classes.veil}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text component="h2" fw={700} fz="lg" m={0} lineClamp={2} className={classes.text}>
            {event.title}
          </Text>
          <Badge color={event.isPublic ? 'violet' : 'dark'} variant="filled" style={{ flexShrink: 0 }}>
            {event.isPublic ? fr.common.public : fr.common.private}
          </Badge>
        </Group>
        <Text size="sm" className={classes.text}>
          {formatDateTime(event.dateBegin)}
        </Text>
        <Text fw={700} className={classes.text}>
          {event.isFree ? fr.common.free : formatEuros(event.minPriceCents)}
        </Text>
      </Stack>
    </Box>
  );
}
