import {
  discoveryFr,
  type EventDetail,
  eventDatesFr,
  formatDateTime,
  fr,
  IMAGE_SIZES,
  waitingRoomFr,
} from '@guichet/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconCalendarEvent,
  IconCircleCheckFilled,
  IconMapPin,
  IconShare,
  IconTag,
  type Icon as TablerIcon,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../api/auth';
import { useLiveAvailability } from '../../api/availability';
import { ApiError } from '../../api/client';
import { useEvent } from '../../api/events';
import { withAvailability } from '../../api/live-availability';
import { useMeta } from '../../api/meta';
import { useInviteLink } from '../../api/share-links';
import { useWaitingRoom } from '../../api/waiting-room';
import { rememberWidgetRef } from '../../features/embed/booking-window';
import { eventForDate, isMultiDate } from '../../features/event-dates/dates';
import { PLACEHOLDER_IMAGE } from '../../features/events/EventCard';
import { rememberRedirectAfterLogin } from '../../features/shell/markers';
import { waitableTickets } from '../../features/waiting-list/waitable-tickets';
import { WaitingRoomGate } from '../../features/waiting-room/WaitingRoomGate';
import { BuyBar } from './BuyBar';
import classes from './EventPage.module.css';

// The checkout flow is the largest part of the page: it loads beside the event's details.
const CheckoutPanel = lazy(() =>
  import('../../features/checkout/CheckoutPanel').then((m) => ({ default: m.CheckoutPanel })),
);
// Dialogs and the organiser's panels load when they are used: a visitor's first download stays
// without the modal and positioning code (issue 14, JavaScript budget).
const BannerModal = lazy(() => import('../../features/events/BannerModal'));
const ShareModal = lazy(() => import('../../features/events/ShareModal').then((m) => ({ default: m.ShareModal })));
const LeaveEventButton = lazy(() =>
  import('../../features/participations/LeaveEventButton').then((m) => ({ default: m.LeaveEventButton })),
);
const WaitingListPanel = lazy(() => import('../../features/waiting-list/WaitingListPanel'));
// Only an event of several dates shows it: a one-date page does not download it.
const DatePicker = lazy(() => import('../../features/event-dates/DatePicker').then((m) => ({ default: m.DatePicker })));
const PrivateLinkPanel = lazy(() =>
  import('../../features/share-links/PrivateLinkPanel').then((m) => ({ default: m.PrivateLinkPanel })),
);

const CHECKOUT_ID = 'reserver';

export default function EventPage() {
  const { eventId = '' } = useParams();
  const [search] = useSearchParams();
  const event = useEvent(eventId, search.get('share'));
  // The places left follow the sale live; every part of the page reads the same figures.
  const live = useLiveAvailability(event.data, search.get('share'));
  const shown = useMemo(() => event.data && withAvailability(event.data, live.figures), [event.data, live.figures]);
  // Opened by a site's embedded shop: the booking made here is reported to it.
  const widgetRef = search.get('widget');
  useEffect(() => rememberWidgetRef(eventId, widgetRef), [eventId, widgetRef]);

  if (event.isPending) {
    return (
      <Container size="lg" py="lg" aria-busy>
        <div className={classes.banner}>
          <Skeleton h="100%" radius="md" />
        </div>
        <Skeleton h={32} w="60%" mb="sm" />
        <Skeleton h={16} w="40%" />
      </Container>
    );
  }
  if (event.isError) {
    const notFound = event.error instanceof ApiError && event.error.status === 404;
    return (
      <Container size="sm" py={60}>
        <Stack align="center" gap="md">
          <Title order={1}>{notFound ? fr.events.notFoundTitle : fr.common.genericError}</Title>
          <Text c="dimmed" ta="center">
            {notFound ? fr.events.notFoundText : event.error.message}
          </Text>
          <Group>
            {!notFound && <Button onClick={() => event.refetch()}>{fr.common.retry}</Button>}
            <Button component={Link} to="/billetterie" variant="default">
              {fr.events.backToList}
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }
  return (
    <>
      <EventView event={shown ?? event.data} />
      {/* Polite and only when a ticket sells out: the counts themselves are not read out. */}
      <VisuallyHidden role="status" aria-live="polite">
        {live.announcement}
      </VisuallyHidden>
    </>
  );
}

function TicketingStatus({ event }: { event: EventDetail }) {
  const { data: user } = useSession();
  if (event.isCancelled)
    return (
      <Alert color="red" variant="light" title={fr.events.cancelled}>
        {event.cancellationMessage}
      </Alert>
    );
  if (event.status === 'soldOut')
    return (
      <Badge size="lg" color="red.9">
        {fr.events.soldOut}
      </Badge>
    );
  if (event.status === 'closed')
    return (
      <Badge size="lg" color="gray.7">
        {fr.events.ticketingClosed}
      </Badge>
    );
  // Behind a waiting room that has not opened yet, the ticketing is not open to anyone, visitors
  // included: this comes before their 'Billetterie ouverte' link to /connexion.
  if (event.waitingRoom && new Date(event.waitingRoom.opensAt) > new Date()) {
    return (
      <Badge size="lg" color="blue.9">
        {waitingRoomFr.panel.soon}
      </Badge>
    );
  }
  if (!user) {
    return (
      <Button component={Link} to="/connexion" onClick={() => rememberRedirectAfterLogin(`/billetterie/${event.id}`)}>
        {fr.events.ticketingOpen}
      </Button>
    );
  }
  return (
    <Badge size="lg" color="teal.9">
      {fr.events.ticketingOpen}
    </Badge>
  );
}

function EventView({ event }: { event: EventDetail }) {
  const { data: user } = useSession();
  const { brandName } = useMeta();
  // The buying bar exists on narrow screens only: wide ones show the ticket choice beside the details.
  const narrow = useMediaQuery('(max-width: 61.99em)');
  useEffect(() => {
    document.title = discoveryFr.titles.withBrand(event.title, brandName);
  }, [event.title, brandName]);
  const [searchParams, setSearchParams] = useSearchParams();
  const onPrivateLink = searchParams.has('share');
  // A multi-date event (issue 32): the date chosen lives in the address (?date=), so that it
  // survives a reload and can be shared; the checkout sells that date's tickets and the passes.
  const multiDate = isMultiDate(event);
  const requested = searchParams.get('date');
  const chosenDate =
    (multiDate && event.dates?.find((date) => date.id === requested && date.status !== 'cancelled')) || null;
  const dateId = chosenDate?.id ?? null;
  const forDate = useMemo(() => eventForDate(event, dateId), [event, dateId]);
  const chooseDate = (id: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('date', id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const [bannerOpened, banner] = useDisclosure(false);
  const [shareOpened, share] = useDisclosure(false);
  const eventUrl = `${window.location.origin}/billetterie/${event.id}`;
  const invite = useInviteLink(event.id, shareOpened && !event.isPublic && event.canManage);
  const bannerSrc = event.bannerUrl ?? PLACEHOLDER_IMAGE;
  const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(event.address)}`;
  // The gate's own question (one request for both): no "Réserver" bar while the visitor waits.
  const room = useWaitingRoom(event.id, event.waitingRoom !== null && event.status === 'open');
  const waiting = event.waitingRoom !== null && room.data?.state !== 'admitted' && room.data?.state !== 'off';

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        {/* The organiser's flyer whole in its 5:3 box, the box's space kept before it loads (no
            layout shift); the page's largest image, so fetched first. */}
        <UnstyledButton onClick={banner.open} aria-label={fr.events.enlargeBanner} className={classes.banner}>
          <img
            className={classes.bannerImage}
            src={bannerSrc}
            srcSet={event.bannerSrcset ?? undefined}
            sizes={event.bannerSrcset ? IMAGE_SIZES.banner : undefined}
            width={1500}
            height={900}
            alt={fr.events.eventBannerAlt(event.title)}
            fetchPriority="high"
          />
        </UnstyledButton>
        {bannerOpened && (
          <Suspense>
            <BannerModal
              opened
              onClose={banner.close}
              title={event.title}
              src={bannerSrc}
              alt={fr.events.eventBannerAlt(event.title)}
            />
          </Suspense>
        )}

        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6}>
            <Group gap="sm">
              <Title order={1}>{event.title}</Title>
              <Badge variant="light" color={event.isPublic ? 'violet' : 'gray'}>
                {event.isPublic ? fr.common.public : fr.common.private}
              </Badge>
            </Group>
            <Group gap={6}>
              <Text c="dimmed">{fr.events.organizer} :</Text>
              {user ? (
                <Anchor component={Link} to={`/profileOrganizer/${event.organizerId}`} fw={600}>
                  {event.organizerName}
                </Anchor>
              ) : (
                <Text fw={600}>{event.organizerName}</Text>
              )}
              {event.isVerifiedOrganizer && (
                <IconCircleCheckFilled
                  size={18}
                  color="var(--mantine-color-blue-5)"
                  aria-label={fr.events.verifiedOrganizer}
                  role="img"
                />
              )}
            </Group>
          </Stack>
          <Group gap="sm">
            {event.canManage && !onPrivateLink && (
              <Button component={Link} to={`/editevents/${event.id}`} variant="default">
                {fr.events.editEvent}
              </Button>
            )}
            {/* The console is for verified organisers; the edit page above is for every creator. */}
            {event.canManage && !onPrivateLink && (user?.isVerified || user?.isAdmin) && (
              <Button component={Link} to={`/event_management?event=${event.id}`} target="_blank" variant="default">
                {fr.events.management}
              </Button>
            )}
            {/* A private event is shared by its organiser only, through its invitation link. */}
            {!onPrivateLink && (event.isPublic || event.canManage) && (
              <Button leftSection={<IconShare size={16} />} variant="default" onClick={share.open}>
                {fr.events.share}
              </Button>
            )}
          </Group>
        </Group>

        {multiDate && event.dates && (
          <Suspense fallback={<Skeleton h={160} radius="md" />}>
            <DatePicker dates={event.dates} value={dateId} onChange={chooseDate} />
          </Suspense>
        )}

        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Paper withBorder p="md" radius="md">
                <Stack gap="sm">
                  <Fact icon={IconCalendarEvent}>
                    <Text>
                      <Labelled label={fr.events.start}>{formatDateTime(event.dateBegin)}</Labelled>
                      <br />
                      <Labelled label={fr.events.end}>{formatDateTime(event.dateEnd)}</Labelled>
                    </Text>
                  </Fact>
                  {event.address && (
                    <Fact icon={IconMapPin}>
                      <Anchor href={mapsUrl} target="_blank" rel="noopener noreferrer">
                        {event.address}
                      </Anchor>
                    </Fact>
                  )}
                  {event.type && (
                    <Fact icon={IconTag}>
                      <Text>
                        <Labelled label={fr.events.category}>{event.type}</Labelled>
                      </Text>
                    </Fact>
                  )}
                </Stack>
              </Paper>
              <Stack gap={4}>
                <Title order={2} size="h3">
                  {fr.events.description}
                </Title>
                <Text style={{ whiteSpace: 'pre-line' }}>{event.description}</Text>
              </Stack>
              {event.canManage && (
                <Suspense>
                  <PrivateLinkPanel event={event} />
                </Suspense>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Group justify="space-between">
                <TicketingStatus event={event} />
                {event.isUserParticipates && (
                  <Anchor component={Link} to="/myTickets" fw={600}>
                    {fr.events.myTicket}
                  </Anchor>
                )}
                {event.isUserParticipates && event.isFree && (
                  <Suspense>
                    <LeaveEventButton eventId={event.id} />
                  </Suspense>
                )}
              </Group>
              <Title order={2} size="h3" id={CHECKOUT_ID} className={classes.checkoutTitle}>
                {fr.events.tickets}
              </Title>
              {chosenDate && (
                <Text fw={600} aria-live="polite">
                  {eventDatesFr.picker.chosen(formatDateTime(chosenDate.dateBegin))}
                </Text>
              )}
              {/* The checkout flow; for a closed or sold-out event, the read-only ticket list. */}
              <WaitingRoomGate
                eventId={event.id}
                room={event.status === 'open' && !event.isCancelled ? event.waitingRoom : null}
              >
                <Suspense fallback={<Skeleton h={240} radius="md" />}>
                  <CheckoutPanel event={forDate} dateId={dateId} shareKey={searchParams.get('share')} />
                </Suspense>
              </WaitingRoomGate>
              {event.isOpen && !event.isCancelled && waitableTickets(forDate).length > 0 && (
                <Suspense>
                  <WaitingListPanel event={forDate} dateId={dateId} />
                </Suspense>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      {narrow && event.status === 'open' && !event.isCancelled && !waiting && (
        <>
          <div className={classes.barSpace} />
          <BuyBar event={event} targetId={CHECKOUT_ID} />
        </>
      )}
      {shareOpened && (
        <Suspense>
          <ShareModal
            opened
            onClose={share.close}
            url={event.isPublic ? eventUrl : (invite.data?.url ?? null)}
            title={event.title}
            isPrivate={!event.isPublic}
            failed={invite.isError}
          />
        </Suspense>
      )}
    </Container>
  );
}

/** One line of the event's facts: its icon, then what it says. */
function Fact({ icon: Icon, children }: { icon: TablerIcon; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Icon size={20} aria-hidden />
      {children}
    </Group>
  );
}

/** "label : value", the label dimmed. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text span c="dimmed">
        {label} :{' '}
      </Text>
      {children}
    </>
  );
}
