import {
  attendeeMessagesFr,
  consoleFr,
  embedFr,
  eventDatesFr,
  invitationsFr,
  invoicesFr,
  waitingListFr,
} from '@guichet/shared';
import { Stack, Tabs } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Loading } from '../../ui/Loading';
import { EventEditor } from '../organiser/EventEditor';
import { CancelEventButton, CancellationBanner } from '../refunds/CancelEvent';
import { TicketRulesForm } from '../ticket-rules/TicketRulesForm';
import { CheckinListsSection } from './CheckinListsSection';
import classes from './Console.module.css';
import { DoorSale } from './DoorSale';
import { StaffTab } from './StaffTab';

// The follow-up tabs carry the charts library: loaded when opened, never with the public pages.
const StatsTab = lazy(() => import('../follow-up/StatsTab'));
const ParticipantsTab = lazy(() => import('../follow-up/ParticipantsTab'));
const DeclarationsTab = lazy(() => import('../declarations/DeclarationsTab'));
const EmbedTab = lazy(() => import('../embed/EmbedTab').then((module) => ({ default: module.EmbedTab })));
const MessagesTab = lazy(() =>
  import('../attendee-messages/MessagesTab').then((module) => ({ default: module.MessagesTab })),
);
const InvitationsTab = lazy(() =>
  import('../invitations/InvitationsTab').then((module) => ({ default: module.InvitationsTab })),
);
const DatesTab = lazy(() => import('../event-dates/DatesTab').then((module) => ({ default: module.DatesTab })));
const WaitingListTab = lazy(() =>
  import('../waiting-list/WaitingListTab').then((module) => ({ default: module.WaitingListTab })),
);

export const consoleTabs = [
  'stats',
  'edit',
  'dates',
  'participants',
  'waitingList',
  'messages',
  'invitations',
  'declarations',
  'staff',
  'manual',
  'embed',
] as const;
export type ConsoleTab = (typeof consoleTabs)[number];

const tabLabels: Record<ConsoleTab, string> = {
  ...consoleFr.tabs,
  declarations: invoicesFr.declarations.tab,
  waitingList: waitingListFr.console.tab,
  dates: eventDatesFr.console.tab,
  embed: embedFr.console.tab,
  messages: attendeeMessagesFr.tab,
  invitations: invitationsFr.tab,
};

export const isConsoleTab = (value: string | null): value is ConsoleTab => consoleTabs.includes(value as ConsoleTab);

type Props = {
  eventId: string;
  dateEnd: string;
  tab: ConsoleTab;
  onTabChange(tab: ConsoleTab): void;
  onDeleted(): void;
};

/**
 * The sections of one event (2-organiser.md §2.3, and the declarations of issue 29). The parent keys this by event and panels are
 * not kept mounted, so choosing another event or tab clears the selected participant or staff member.
 */
export function ConsoleTabs({ eventId, dateEnd, tab, onTabChange, onDeleted }: Props) {
  return (
    <Stack gap="sm">
      <CancellationBanner eventId={eventId} />
      <Tabs
        value={tab}
        onChange={(value) => {
          if (!isConsoleTab(value)) return;
          onTabChange(value);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={consoleFr.tabsLabel} className={classes.tabList}>
          {consoleTabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {tabLabels[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>

        <Tabs.Panel value="stats" pt="md">
          <Suspense fallback={<TabLoader />}>
            <StatsTab eventId={eventId} dateEnd={dateEnd} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="edit" pt="md">
          <Stack gap="xl">
            <EventEditor eventId={eventId} onDeleted={onDeleted} />
            <TicketRulesForm kind="transfer" eventId={eventId} />
            <TicketRulesForm kind="resale" eventId={eventId} />
            <CancelEventButton eventId={eventId} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="dates" pt="md">
          <Suspense fallback={<TabLoader />}>
            <DatesTab eventId={eventId} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="participants" pt="md">
          <Suspense fallback={<TabLoader />}>
            <ParticipantsTab eventId={eventId} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="waitingList" pt="md">
          <Suspense fallback={<TabLoader />}>
            <WaitingListTab eventId={eventId} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="messages" pt="md">
          <Suspense fallback={<TabLoader />}>
            <MessagesTab eventId={eventId} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="invitations" pt="md">
          <Suspense fallback={<TabLoader />}>
            <InvitationsTab eventId={eventId} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="declarations" pt="md">
          <Suspense fallback={<TabLoader />}>
            <DeclarationsTab eventId={eventId} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="staff" pt="md">
          <Stack gap="xl">
            <StaffTab eventId={eventId} />
            <CheckinListsSection eventId={eventId} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="manual" pt="md">
          <DoorSale eventId={eventId} />
        </Tabs.Panel>
        <Tabs.Panel value="embed" pt="md">
          <Suspense fallback={<TabLoader />}>
            <EmbedTab eventId={eventId} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function TabLoader() {
  return <Loading />;
}
