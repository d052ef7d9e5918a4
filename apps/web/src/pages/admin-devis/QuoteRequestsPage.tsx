import { type QuoteStatus, quoteStatuses, showcaseFr } from '@guichet/shared';
import { Alert, Container, Group, NativeSelect, Pagination, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useQuoteRequests } from '../../api/shop';
import { RequireAuth } from '../../features/auth/RequireAuth';
import { QuoteRequestsTable } from '../../features/quote-admin/QuoteRequestsTable';
import { Loading } from '../../ui/Loading';

const m = showcaseFr.admin;

function QuoteRequests() {
  const [status, setStatus] = useState<QuoteStatus | ''>('');
  const [page, setPage] = useState(1);
  const requests = useQuoteRequests(status || undefined, page);
  const pages = requests.data ? Math.ceil(requests.data.total / requests.data.pageSize) : 0;
  const pager = pages > 1 && (
    <nav aria-label={m.pagesLabel}>
      <Pagination
        total={pages}
        value={page}
        onChange={(value) => {
          setPage(value);
          window.scrollTo({ top: 0 });
        }}
        size="sm"
      />
    </nav>
  );
  return (
    <Stack gap="lg">
      <Title order={1}>{m.title}</Title>
      <Group justify="space-between" align="end">
        <NativeSelect
          label={m.statusFilter}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as QuoteStatus | '');
            setPage(1);
          }}
          data={[{ value: '', label: m.all }, ...quoteStatuses.map((value) => ({ value, label: m.statuses[value] }))]}
          maw={240}
        />
        {requests.data && <Text c="dimmed">{m.count(requests.data.total)}</Text>}
      </Group>
      {requests.isPending ? (
        <Loading />
      ) : requests.isError ? (
        <Alert color="red">{requests.error.message || m.loadFailed}</Alert>
      ) : (
        <>
          <QuoteRequestsTable requests={requests.data.items} />
          {pager}
        </>
      )}
    </Stack>
  );
}

/** /admin/devis: the administrator's list of quote requests (the spec's fix: listed, never dropped), paged. */
export default function QuoteRequestsPage() {
  return (
    <Container size="md" py="xl">
      <RequireAuth>
        {(user) => (user.isAdmin ? <QuoteRequests /> : <Alert color="red">{m.forbidden}</Alert>)}
      </RequireAuth>
    </Container>
  );
}
