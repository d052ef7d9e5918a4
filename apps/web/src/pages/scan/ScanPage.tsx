import { checkinFr, doorSalesFr, formatDateTime, fr } from '@guichet/shared';
import { Anchor, Badge, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCash, IconScan } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useScannableEvents } from '../../api/checkin';
import { useMeta } from '../../api/meta';
import { RequireAuth } from '../../features/auth/RequireAuth';
import { ScannerView } from '../../features/checkin/ScannerView';
import { ThemeToggle } from '../../features/shell/ThemeToggle';
import { QueryState } from '../../ui/QueryState';

const m = checkinFr.scanner;

/**
 * The check-in scanner (/scan, /scan/{eventId}): a page of its own, without the site's header, for
 * the phones at the door; installable and working offline once opened with network.
 */
export default function ScanPage() {
  const { eventId } = useParams();
  useInstallableScanner();
  const page = () => (
    <Container size="sm" px="sm" py="sm">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={eventId ? '/scan' : '/billetterie'} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden />
              {eventId ? m.chooseEvent : fr.events.backToList}
            </Group>
          </Anchor>
          <ThemeToggle />
        </Group>
        {eventId ? <ScannerView eventId={eventId} /> : <ScannableEvents />}
      </Stack>
    </Container>
  );
  return <RequireAuth offline={page}>{page}</RequireAuth>;
}

function ScannableEvents() {
  const { brandName } = useMeta();
  const events = useScannableEvents();
  useEffect(() => {
    document.title = `${m.title} · ${brandName}`;
  }, [brandName]);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {m.chooseEvent}
      </Title>
      <QueryState query={events} isEmpty={(list) => list.length === 0} empty={m.noEvent}>
        {(list) => (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map((event) => (
              <li key={event.id}>
                <Card withBorder radius="md" component={Link} to={`/scan/${event.id}`}>
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={2}>
                      <Text fw={700}>{event.title}</Text>
                      <Text size="sm" c="dimmed">
                        {formatDateTime(event.dateBegin)}
                      </Text>
                    </Stack>
                    <Badge leftSection={<IconScan size={14} aria-hidden />} variant="light">
                      {m.title}
                    </Badge>
                  </Group>
                </Card>
                {event.canSell && (
                  <Anchor
                    component={Link}
                    to={`/addParticipationManual?event=${event.id}`}
                    size="sm"
                    mt={4}
                    display="inline-block"
                  >
                    <Group gap={4} component="span" wrap="nowrap">
                      <IconCash size={16} aria-hidden />
                      {doorSalesFr.title} · {event.title}
                    </Group>
                  </Anchor>
                )}
              </li>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

/**
 * The scanner is an installable web app: its manifest, and a service worker (scope /scan) that
 * keeps the page and its code for the door when the network goes.
 */
function useInstallableScanner() {
  useEffect(() => {
    // A page has one manifest, the first linked: the site's gives way to the scanner's while it is open.
    const site = document.head.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    site?.remove();
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/scan.webmanifest';
    document.head.append(link);
    if ('serviceWorker' in navigator && window.isSecureContext) {
      void navigator.serviceWorker
        .register('/scan-sw.js', { scope: '/scan' })
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          // The files this first visit loaded before the worker ran: kept for the next one offline.
          const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
          registration.active?.postMessage({ type: 'cache', urls });
        })
        .catch(() => {});
    }
    return () => {
      link.remove();
      if (site) document.head.append(site);
    };
  }, []);
}
