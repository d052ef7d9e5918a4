import { type EventDetail, embedFr, formatDateTime, fr } from '@guichet/shared';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  type MantineColorScheme,
  Skeleton,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useLiveAvailability } from '../../api/availability';
import { ApiError } from '../../api/client';
import { useEmbedBooking } from '../../api/embed';
import { eventKeys, useEvent } from '../../api/events';
import { withAvailability } from '../../api/live-availability';
import { useMeta } from '../../api/meta';
import { newWidgetRef } from '../../features/embed/booking-window';
import { TicketList } from '../../features/events/TicketList';

const m = embedFr.widget;

/**
 * /embed/billetterie/:eventId, inside an organiser's site (issue 33): the event's tickets with the
 * places left live, and a button that books in Guichet's own window (the session cookie is not
 * sent to a frame on another site, and the bank refuses frames). The page it is framed by is
 * named by `?origin=` (embed.js): the only origin it writes to and hears from; the browser,
 * through `frame-ancestors`, shows it only on the sites the organiser declared.
 */
export default function EmbedShopPage() {
  const { eventId = '' } = useParams();
  const [search] = useSearchParams();
  const host = useMemo(() => originOf(search.get('origin')), [search]);
  useHostTheme(search.get('theme'), host);
  const box = useReportedHeight(host);
  const event = useEvent(eventId);
  const live = useLiveAvailability(event.data);
  const shown = useMemo(() => event.data && withAvailability(event.data, live.figures), [event.data, live.figures]);

  let content: React.ReactNode;
  if (event.isPending) {
    content = (
      <Stack gap="sm" aria-busy>
        <Skeleton h={28} w="60%" />
        <Skeleton h={16} w="40%" />
        <Skeleton h={120} />
      </Stack>
    );
  } else if (event.isError || !shown) {
    const gone = event.error instanceof ApiError && event.error.status === 404;
    content = (
      <Alert color={gone ? 'gray' : 'red'} variant="light" role="alert">
        {gone ? m.unavailable : (event.error?.message ?? fr.common.genericError)}
      </Alert>
    );
  } else {
    content = (
      <>
        <Shop event={shown} host={host} />
        <VisuallyHidden role="status" aria-live="polite">
          {live.announcement}
        </VisuallyHidden>
      </>
    );
  }
  return (
    <Box ref={box} p="md">
      {content}
    </Box>
  );
}

function Shop({ event, host }: { event: EventDetail; host: string | null }) {
  const { brandName } = useMeta();
  const queryClient = useQueryClient();
  const [ref, setRef] = useState(newWidgetRef);
  const [booking, setBooking] = useState<{ ref: string; startedAt: number } | null>(null);
  const status = useEmbedBooking(booking?.ref ?? null, booking?.startedAt ?? 0);
  const done = status.data?.status === 'done' ? status.data.places : null;
  const eventUrl = `${window.location.origin}/billetterie/${encodeURIComponent(event.id)}`;
  const bookingUrl = `${eventUrl}?widget=${ref}#reserver`;
  const canBook = event.status === 'open' && !event.isCancelled;

  useEffect(() => {
    document.title = event.title;
  }, [event.title]);
  useEffect(() => {
    if (done === null) return;
    void queryClient.invalidateQueries({ queryKey: eventKeys.detail(event.id) });
    postToHost(host, { type: 'guichet:booked', places: done });
    // The next booking is another window's, under a reference of its own.
    setRef(newWidgetRef());
  }, [done, event.id, host, queryClient]);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h3">
          {event.title}
        </Title>
        <Text size="sm" c="dimmed">
          {formatDateTime(event.dateBegin)}
          {event.address ? ` · ${event.address}` : ''}
        </Text>
      </Stack>
      {event.isCancelled ? (
        <Alert color="red" variant="light" title={fr.events.cancelled}>
          {event.cancellationMessage}
        </Alert>
      ) : event.status === 'soldOut' ? (
        <Badge size="lg" color="red.9">
          {fr.events.soldOut}
        </Badge>
      ) : event.status === 'closed' ? (
        <Badge size="lg" color="gray.7">
          {fr.events.ticketingClosed}
        </Badge>
      ) : null}
      <TicketList tickets={event.tickets} />
      {done !== null && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status" title={m.done(done)}>
          {m.doneHint}
        </Alert>
      )}
      {booking && done === null && (
        <Text size="sm" role="status">
          {m.waiting}
        </Text>
      )}
      {canBook && (
        <Stack gap={4} align="flex-start">
          <Button
            component="a"
            href={bookingUrl}
            target="_blank"
            size="md"
            rightSection={<IconExternalLink size={18} aria-hidden />}
            aria-describedby="embed-opens-window"
            onClick={(click) => {
              setBooking({ ref, startedAt: Date.now() });
              // A pop-up beside the site where the browser allows one; the link's new tab otherwise.
              const opened = window.open(bookingUrl, `guichet-${event.id}`, 'popup,width=540,height=820');
              if (opened) click.preventDefault();
            }}
          >
            {m.book}
          </Button>
          <Text id="embed-opens-window" size="xs" c="dimmed">
            {m.opensWindow}
          </Text>
        </Stack>
      )}
      <Anchor href={eventUrl} target="_blank" rel="noopener" size="xs" c="dimmed">
        {m.poweredBy(brandName)}
      </Anchor>
    </Stack>
  );
}

/** The origin `?origin=` names (an http(s) origin, nothing else), or null. */
function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value ? url.origin : null;
  } catch {
    return null;
  }
}

type HostMessage =
  | { type: 'guichet:ready' }
  | { type: 'guichet:height'; height: number }
  | { type: 'guichet:booked'; places: number };

/** Written to the framing page only, under its own origin: elsewhere the browser drops it. */
function postToHost(host: string | null, message: HostMessage): void {
  if (!host || window.parent === window) return;
  window.parent.postMessage(message, host);
}

/** Says it is ready, then its height whenever it changes, so that embed.js sizes the frame to it. */
function useReportedHeight(host: string | null) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || !host) return;
    postToHost(host, { type: 'guichet:ready' });
    let last = 0;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      postToHost(host, { type: 'guichet:height', height });
    };
    report();
    const observer = new ResizeObserver(report);
    observer.observe(element);
    return () => observer.disconnect();
  }, [host]);
  return box;
}

const isScheme = (value: unknown): value is 'light' | 'dark' => value === 'light' || value === 'dark';

/**
 * The site's theme: the one embed.js passed (`?theme=`, then its messages when the site switches),
 * or else the visitor's own setting, which the site follows too.
 */
function useHostTheme(theme: string | null, host: string | null) {
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    const initial: MantineColorScheme = isScheme(theme) ? theme : 'auto';
    setColorScheme(initial);
    if (!host) return;
    const listen = (message: MessageEvent) => {
      if (message.origin !== host || message.source !== window.parent) return;
      const data = message.data as { type?: unknown; theme?: unknown } | null;
      if (data?.type === 'guichet:theme' && isScheme(data.theme)) setColorScheme(data.theme);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [theme, host, setColorScheme]);
}
