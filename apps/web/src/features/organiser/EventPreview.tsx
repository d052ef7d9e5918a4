import { formatDateTime, fr, organiserFr, type TicketingStatus, type TicketRead } from '@guichet/shared';
import { Badge, Group, Image, Modal, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { PLACEHOLDER_IMAGE } from '../events/EventCard';
import { TicketList } from '../events/TicketList';

export type PreviewData = {
  title: string;
  organizerName: string;
  dateBegin: string;
  dateEnd: string;
  address: string;
  category: string | null;
  description: string;
  bannerUrl: string | null;
  status: TicketingStatus;
  tickets: TicketRead[];
};

const statusBadge: Record<TicketingStatus, { label: string; color: string }> = {
  open: { label: fr.events.ticketingOpen, color: 'teal.9' },
  closed: { label: fr.events.ticketingClosed, color: 'gray' },
  soldOut: { label: fr.events.soldOut, color: 'red' },
};

/** "Aperçu de l'événement": the event as attendees will see it, updated as the form changes. */
export function EventPreview({ data }: { data: PreviewData }) {
  const [bannerOpened, banner] = useDisclosure(false);
  const badge = statusBadge[data.status];
  const banners = data.bannerUrl ?? PLACEHOLDER_IMAGE;
  return (
    <Paper withBorder radius="md" p="md" aria-label={organiserFr.create.preview} component="section">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {organiserFr.create.preview}
        </Title>
        <UnstyledButton onClick={banner.open} aria-label={fr.events.enlargeBanner}>
          <Image src={banners} fallbackSrc={PLACEHOLDER_IMAGE} alt="" radius="sm" h={160} fit="cover" />
        </UnstyledButton>
        <Modal
          opened={bannerOpened}
          onClose={banner.close}
          fullScreen
          title={data.title}
          closeButtonProps={{ 'aria-label': fr.common.close }}
        >
          <Image src={banners} fallbackSrc={PLACEHOLDER_IMAGE} alt={fr.events.eventBannerAlt(data.title)} />
        </Modal>
        <Group justify="space-between" align="flex-start">
          <Text fw={700} size="lg">
            {data.title || '—'}
          </Text>
          <Badge color={badge.color}>{badge.label}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {fr.events.organizer} : {data.organizerName}
        </Text>
        {data.dateBegin && (
          <Text size="sm">
            {formatDateTime(data.dateBegin)}
            {data.dateEnd && ` → ${formatDateTime(data.dateEnd)}`}
          </Text>
        )}
        {data.address && <Text size="sm">{data.address}</Text>}
        {data.category && (
          <Text size="sm">
            {fr.events.category} : {data.category}
          </Text>
        )}
        {data.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {data.description}
          </Text>
        )}
        <TicketList tickets={data.tickets} />
      </Stack>
    </Paper>
  );
}
