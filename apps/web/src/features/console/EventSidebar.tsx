import { consoleFr, formatDate, fr } from '@guichet/shared';
import { Badge, Box, Image, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ConsoleEvent } from '../../api/console';
import { ErrorState } from '../../ui/ErrorState';
import { Loading } from '../../ui/Loading';
import { PLACEHOLDER_IMAGE } from '../events/EventCard';
import classes from './Console.module.css';
import type { EventSort } from './sort';

type Props = {
  title: string;
  /** Already in the chosen order. */
  events: ConsoleEvent[] | undefined;
  isLoading: boolean;
  error: Error | null;
  onRetry(): void;
  selectedId: string | null;
  onSelect(eventId: string): void;
  sort: EventSort;
  onSortChange(sort: EventSort): void;
};

/** The organiser's events with their banner, sortable by date (2-organiser.md §2.3). */
export function EventSidebar({
  title,
  events,
  isLoading,
  error,
  onRetry,
  selectedId,
  onSelect,
  sort,
  onSortChange,
}: Props) {
  return (
    <Stack gap="sm">
      <Text component="h2" fw={700} fz="lg" m={0}>
        {title}
      </Text>
      <SegmentedControl
        aria-label={consoleFr.sortLabel}
        size="xs"
        fullWidth
        value={sort}
        onChange={(value) => onSortChange(value as EventSort)}
        data={[
          { value: 'newest', label: consoleFr.sortNewest },
          { value: 'oldest', label: consoleFr.sortOldest },
        ]}
      />
      {isLoading && <Loading size="sm" />}
      {error && <ErrorState message={error.message} onRetry={onRetry} />}
      {events && events.length === 0 && (
        <Text c="dimmed" size="sm">
          {consoleFr.noEvents}
        </Text>
      )}
      {events && events.length > 0 && (
        <Box component="ul" className={classes.eventList}>
          {events.map((event) => (
            <li key={event.id}>
              <UnstyledButton
                className={classes.eventItem}
                aria-current={event.id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(event.id)}
              >
                <Image
                  src={event.bannerUrl ?? PLACEHOLDER_IMAGE}
                  fallbackSrc={PLACEHOLDER_IMAGE}
                  alt=""
                  w={80}
                  h={48}
                  radius="sm"
                  loading="lazy"
                />
                <Box miw={0}>
                  <Text fw={600} size="sm" lineClamp={2}>
                    {event.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(event.dateBegin)}
                  </Text>
                  {event.isCancelled ? (
                    <Badge size="xs" color="red" variant="light" mt={2} className={classes.cancelled}>
                      {consoleFr.cancelled}
                    </Badge>
                  ) : (
                    !event.isPublic && (
                      <Badge size="xs" color="gray" variant="light" mt={2}>
                        {fr.common.private}
                      </Badge>
                    )
                  )}
                </Box>
              </UnstyledButton>
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}
