import { consoleFr } from '@guichet/shared';
import { Box, Button, Flex, Group, Paper, Tabs, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { EventEditor } from '../organiser/EventEditor';
import classes from './Console.module.css';
import { DetailPanel } from './DetailPanel';
import { DoorSale } from './DoorSale';
import { StaffTab } from './StaffTab';

export const consoleTabs = ['stats', 'edit', 'participants', 'staff', 'manual'] as const;
export type ConsoleTab = (typeof consoleTabs)[number];

export const isConsoleTab = (value: string | null): value is ConsoleTab => consoleTabs.includes(value as ConsoleTab);

type Props = { eventId: string; tab: ConsoleTab; onTabChange(tab: ConsoleTab): void; onDeleted(): void };

/**
 * The five sections of one event (2-organiser.md §2.3). The parent keys this by event, so choosing
 * another event, like changing tab, clears the selected participant or staff member.
 */
export function ConsoleTabs({ eventId, tab, onTabChange, onDeleted }: Props) {
  const [detail, setDetail] = useState<string | null>(null);
  const closeDetail = () => setDetail(null);

  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        if (!isConsoleTab(value)) return;
        setDetail(null);
        onTabChange(value);
      }}
      keepMounted={false}
    >
      <Tabs.List aria-label={consoleFr.tabsLabel} className={classes.tabList}>
        {consoleTabs.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {consoleFr.tabs[value]}
          </Tabs.Tab>
        ))}
      </Tabs.List>

      <Tabs.Panel value="stats" pt="md">
        <ExportBar />
        <EmptyState text={consoleFr.empty.stats} />
      </Tabs.Panel>
      <Tabs.Panel value="edit" pt="md">
        <EventEditor eventId={eventId} onDeleted={onDeleted} />
      </Tabs.Panel>
      <Tabs.Panel value="participants" pt="md">
        <ExportBar />
        <Flex gap="md" align="flex-start">
          <Box flex={1} miw={0}>
            <EmptyState text={consoleFr.empty.participants} />
          </Box>
          <DetailPanel opened={detail !== null} onClose={closeDetail} />
        </Flex>
      </Tabs.Panel>
      <Tabs.Panel value="staff" pt="md">
        <StaffTab eventId={eventId} />
      </Tabs.Panel>
      <Tabs.Panel value="manual" pt="md">
        <DoorSale eventId={eventId} />
      </Tabs.Panel>
    </Tabs>
  );
}

function EmptyState({ text }: { text: string }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Text c="dimmed" ta="center">
        {text}
      </Text>
    </Paper>
  );
}

/**
 * The export arrives with the operations issue: until then the button is visibly unavailable and
 * says why, rather than pretending to export. aria-disabled keeps it focusable so the reason is heard.
 */
function ExportBar() {
  const reasonId = useId();
  return (
    <Group justify="flex-end" mb="sm">
      <VisuallyHidden id={reasonId}>{consoleFr.exportSoon}</VisuallyHidden>
      <Tooltip label={consoleFr.exportSoon} withArrow>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          data-disabled
          aria-disabled="true"
          aria-describedby={reasonId}
          onClick={(event) => event.preventDefault()}
        >
          {consoleFr.exportButton}
        </Button>
      </Tooltip>
    </Group>
  );
}
