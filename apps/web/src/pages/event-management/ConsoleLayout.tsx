import { consoleFr, formatDate, fr, type SessionUser } from '@guichet/shared';
import { Anchor, AppShell, Badge, Box, Button, Drawer, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconList } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type ConsoleEvent, useConsoleEvents, useConsoleOrganizers, useEventOwner } from '../../api/console';
import { useMeta } from '../../api/meta';
import { BillingNotice } from '../../features/billing/BillingNotice';
import classes from '../../features/console/Console.module.css';
import { ConsoleFooter } from '../../features/console/ConsoleFooter';
import { ConsoleTabs } from '../../features/console/ConsoleTabs';
import { EventPicker } from '../../features/console/EventPicker';
import { EventSidebar } from '../../features/console/EventSidebar';
import { OrganizerPicker } from '../../features/console/OrganizerPicker';
import { type EventSort, sortConsoleEvents } from '../../features/console/sort';
import { useConsoleParams } from '../../features/console/useConsoleParams';
import { ThemeToggle } from '../../features/shell/ThemeToggle';

const TermsModal = lazy(() => import('../../features/auth/TermsModal'));

/** The console's frame: events on the side (a drawer on phones), the chosen event's tabs in the middle. */
export function ConsoleLayout({ user }: { user: SessionUser }) {
  const { brandName } = useMeta();
  const params = useConsoleParams();
  const [sort, setSort] = useState<EventSort>('newest');
  const [drawerOpened, drawer] = useDisclosure(false);

  useEffect(() => {
    document.title = `${consoleFr.pageTitle} · ${brandName}`;
  }, [brandName]);

  const organizerId = useListedOrganizer(user, params.eventId, params.organizerId);
  const events = useConsoleEvents(organizerId.value, organizerId.ready);
  const organizers = useConsoleOrganizers(user.isAdmin);
  const sorted = events.data ? sortConsoleEvents(events.data, sort) : undefined;
  const selected = events.data?.find((event) => event.id === params.eventId) ?? null;
  const organizer = organizers.data?.find((o) => o.id === organizerId.value && o.id !== user.id);
  const listTitle = organizer
    ? consoleFr.eventsOf(`${organizer.firstName} ${organizer.lastName}`)
    : consoleFr.eventsTitle;

  const sidebar = (onSelect: (eventId: string) => void) => (
    <EventSidebar
      title={listTitle}
      events={sorted}
      isLoading={events.isPending && organizerId.ready}
      error={events.error}
      onRetry={() => void events.refetch()}
      selectedId={selected?.id ?? null}
      onSelect={onSelect}
      sort={sort}
      onSortChange={setSort}
    />
  );

  return (
    <AppShell navbar={{ width: 320, breakpoint: 'sm', collapsed: { mobile: true } }} padding="md">
      <AppShell.Navbar p="md" aria-label={listTitle}>
        <AppShell.Section mb="md">
          <Group justify="space-between">
            <Text fw={800} fz="lg">
              {brandName}
            </Text>
            <ThemeToggle />
          </Group>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          {sidebar(params.selectEvent)}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Stack mih="calc(100dvh - 2 * var(--mantine-spacing-md))" gap="lg">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Stack gap={4}>
              <Anchor component={Link} to="/billetterie" size="sm">
                <Group gap={4} component="span">
                  <IconArrowLeft size={16} aria-hidden />
                  {consoleFr.backToSite}
                </Group>
              </Anchor>
              <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
                {consoleFr.pageTitle}
              </Title>
            </Stack>
            <Group gap="sm" align="flex-end" w={{ base: '100%', sm: 'auto' }}>
              {user.isAdmin && <OrganizerPicker value={organizerId.value} onChange={params.selectOrganizer} />}
              <EventPicker events={sorted} value={selected?.id ?? null} onChange={params.selectEvent} />
              <Button hiddenFrom="sm" variant="default" leftSection={<IconList size={18} />} onClick={drawer.open}>
                {listTitle}
              </Button>
              <Box hiddenFrom="sm">
                <ThemeToggle />
              </Box>
            </Group>
          </Group>

          {user.isVerified && <BillingNotice />}

          {selected ? (
            <Stack gap="md">
              <EventHeading event={selected} />
              <ConsoleTabs
                key={selected.id}
                eventId={selected.id}
                dateEnd={selected.dateEnd}
                tab={params.tab}
                onTabChange={params.selectTab}
                onDeleted={params.clearEvent}
              />
            </Stack>
          ) : (
            <Text c="dimmed">{consoleFr.noEventSelected}</Text>
          )}

          <Box flex={1} />
          <ConsoleFooter />
        </Stack>
      </AppShell.Main>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        title={consoleFr.pageTitle}
        hiddenFrom="sm"
        size="85%"
        closeButtonProps={{ 'aria-label': fr.common.close }}
      >
        {sidebar((eventId) => {
          params.selectEvent(eventId);
          drawer.close();
        })}
      </Drawer>

      {user.mustAcceptTerms && (
        <Suspense>
          <TermsModal />
        </Suspense>
      )}
    </AppShell>
  );
}

function EventHeading({ event }: { event: ConsoleEvent }) {
  const begin = formatDate(event.dateBegin);
  const end = formatDate(event.dateEnd);
  // A cancelled event is no longer on sale, public or not: its state is what the organiser must see.
  const status = event.isCancelled
    ? { label: consoleFr.cancelled, color: 'red' }
    : event.isPublic
      ? { label: fr.common.public, color: 'violet' }
      : { label: fr.common.private, color: 'gray' };
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Box miw={0}>
        <Title order={2} fz="h3">
          {event.title}
        </Title>
        <Text c="dimmed" size="sm">
          {begin === end ? begin : `${begin} – ${end}`}
        </Text>
      </Box>
      <Badge
        variant="light"
        color={status.color}
        className={event.isCancelled ? classes.cancelled : undefined}
        style={{ flexShrink: 0 }}
      >
        {status.label}
      </Badge>
    </Group>
  );
}

/**
 * Whose events the sidebar lists: always one's own, except for the administrator, who picks an
 * organiser, or arrives from an event page's 'Gestion' link and sees that event's organiser.
 */
function useListedOrganizer(user: SessionUser, eventId: string | null, chosen: string | null) {
  const needsEventOwner = user.isAdmin && !chosen && Boolean(eventId);
  const owner = useEventOwner(needsEventOwner ? eventId : null);
  if (!user.isAdmin) return { value: null, ready: true };
  if (chosen) return { value: chosen, ready: true };
  if (!needsEventOwner) return { value: null, ready: true };
  if (owner.isPending) return { value: null, ready: false };
  return { value: owner.data && owner.data !== user.id ? owner.data : null, ready: true };
}
