import { type QuoteStatus, quoteStatuses, showcaseFr } from '@guichet/shared';
import { Alert, Container, NativeSelect, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useQuoteRequests } from '../../api/shop';
import { RequireAuth } from '../../features/auth/RequireAuth';
import { QuoteRequestsTable } from '../../features/quote-admin/QuoteRequestsTable';
import { PageLoader } from '../../features/shell/PageLoader';

const m = showcaseFr.admin;

function QuoteRequests() {
  const [status, setStatus] = useState<QuoteStatus | ''>('');
  const requests = useQuoteRequests(status || undefined);
  return (
    <Stack gap="lg">
      <Title order={1}>{m.title}</Title>
      <NativeSelect
        label={m.statusFilter}
        value={status}
        onChange={(event) => setStatus(event.currentTarget.value as QuoteStatus | '')}
        data={[{ value: '', label: m.all }, ...quoteStatuses.map((value) => ({ value, label: m.statuses[value] }))]}
        maw={240}
      />
      {requests.isPending ? (
        <PageLoader />
      ) : requests.isError ? (
        <Alert color="red">{requests.error.message || m.loadFailed}</Alert>
      ) : (
        <QuoteRequestsTable requests={requests.data} />
      )}
    </Stack>
  );
}

/** /admin/devis: the administrator's list of quote requests (the spec's fix: listed, never dropped). */
export default function QuoteRequestsPage() {
  return (
    <Container size="md" py="xl">
      <RequireAuth>
        {(user) => (user.isAdmin ? <QuoteRequests /> : <Alert color="red">{m.forbidden}</Alert>)}
      </RequireAuth>
    </Container>
  );
}
