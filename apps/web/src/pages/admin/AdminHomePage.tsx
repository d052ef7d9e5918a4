import { adminFr, formatEuros } from '@guichet/shared';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAdminSummary } from '../../api/admin';
import { QueryState } from '../../ui/QueryState';

const m = adminFr.home;

/** What waits for the administrator: requests, payouts to send, messages. */
export default function AdminHomePage() {
  const summary = useAdminSummary();
  if (!summary.data) return <QueryState query={summary} errorTitle={adminFr.common.loadFailed} />;
  const cards = [
    { label: m.pendingVerifications, value: String(summary.data.pendingVerifications), to: '/admin/verifications' },
    { label: m.pendingPayouts, value: String(summary.data.pendingPayouts), to: '/admin/virements' },
    { label: m.pendingPayoutsAmount, value: formatEuros(summary.data.pendingPayoutsCents), to: '/admin/virements' },
    { label: m.messages, value: String(summary.data.messages), to: '/admin/messages' },
  ];
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {cards.map((card) => (
          <Paper key={card.label} withBorder radius="md" p="md">
            <Stack gap="xs" h="100%" justify="space-between">
              <Text size="sm" c="dimmed">
                {card.label}
              </Text>
              <Text fz={28} fw={700} lh={1.1}>
                {card.value}
              </Text>
              <Button component={Link} to={card.to} variant="light" size="xs" aria-label={`${m.open} : ${card.label}`}>
                {m.open}
              </Button>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" gap="sm">
          <div>
            <Text fw={600}>{m.console}</Text>
            <Text size="sm" c="dimmed">
              {m.consoleHint}
            </Text>
          </div>
          {/* The console opens in its own tab (2-organiser.md §2 routes). */}
          <Button
            component={Link}
            to="/event_management"
            target="_blank"
            variant="default"
            rightSection={<IconExternalLink size={16} aria-hidden />}
          >
            {m.console}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
