import { accountFr, type HistoryType, historyTypeFromRoute } from '@guichet/shared';
import { Container, SimpleGrid, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useHistory } from '../../api/account';
import { HistoryCard } from '../../features/account/HistoryCard';
import { QueryState } from '../../features/account/QueryState';
import NotFoundPage from '../not-found/NotFoundPage';

const m = accountFr.history;

function HistoryList({ type, userId }: { type: HistoryType; userId: string }) {
  const list = useHistory(type, userId);
  if (!list.data) return <QueryState error={list.error} isPending={list.isPending} retry={() => list.refetch()} />;
  if (list.data.length === 0) return <Text c="dimmed">{type === 'past' ? m.emptyPast : m.emptyOrganized}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      {list.data.map((event) => (
        <HistoryCard key={event.id} event={event} />
      ))}
    </SimpleGrid>
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
