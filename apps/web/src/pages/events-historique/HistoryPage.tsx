import { accountFr, type HistoryType, historyTypeFromRoute } from '@guichet/shared';
import { Container, SimpleGrid, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useHistory } from '../../api/account';
import { HistoryCard } from '../../features/account/HistoryCard';
import { profileNotices } from '../../features/account/profile-notices';
import { QueryState } from '../../ui/QueryState';
import NotFoundPage from '../not-found/NotFoundPage';

const m = accountFr.history;

function HistoryList({ type, userId }: { type: HistoryType; userId: string }) {
  const list = useHistory(type, userId);
  return (
    <QueryState
      query={list}
      notices={profileNotices}
      isEmpty={(events) => events.length === 0}
      empty={type === 'past' ? m.emptyPast : m.emptyOrganized}
    >
      {(events) => (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {events.map((event) => (
            <HistoryCard key={event.id} event={event} />
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  );
}

/** /eventsHistorique/{passés|organisés}/{userId} */
export default function HistoryPage() {
  const { type = '', userId = '' } = useParams();
  const historyType = historyTypeFromRoute(type);
  if (!historyType) return <NotFoundPage />;
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {m.heading(historyType === 'past' ? m.past : m.organized)}
      </Title>
      <HistoryList type={historyType} userId={userId} />
    </Container>
  );
}
