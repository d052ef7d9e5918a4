import { adminFr, type VerificationRequest } from '@guichet/shared';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useRefuseVerification, useVerificationRequests, useVerifyUser } from '../../api/admin';
import { AdminState } from '../../features/admin/AdminState';
import { shortDateTime } from '../../features/admin/format';
import { ReasonModal } from '../../features/admin/ReasonModal';
import { toast } from '../../ui/toast';

const m = adminFr.verifications;

/** Professional verification requests: approve (the account becomes a verified organiser) or refuse with a reason. */
export default function VerificationsPage() {
  const requests = useVerificationRequests();
  const verify = useVerifyUser();
  const refuse = useRefuseVerification();
  const [refusing, setRefusing] = useState<VerificationRequest | null>(null);
  const name = (r: VerificationRequest) => `${r.firstName} ${r.lastName}`;

  return (
    <Stack>
      <Title order={2} size="h3">
        {m.title}
      </Title>
      <AdminState
        isPending={requests.isPending}
        error={requests.error}
        retry={() => void requests.refetch()}
        isEmpty={requests.data?.length === 0}
        empty={m.empty}
      />
      {requests.data?.map((request) => (
        <Paper key={request.userId} withBorder radius="md" p="md" component="article" aria-label={name(request)}>
          <Group justify="space-between" gap="sm">
            <div>
              <Text fw={600}>{name(request)}</Text>
              <Anchor href={`mailto:${request.email}`} size="sm">
                {request.email}
              </Anchor>
              <Text size="xs" c="dimmed">
                {m.requestedAt} {shortDateTime(request.requestedAt)}
              </Text>
            </div>
            <Group gap="xs">
              <Button
                loading={verify.isPending && verify.variables === request.userId}
                onClick={() =>
                  verify.mutate(request.userId, {
                    onSuccess: () => toast(m.approved(name(request))),
                    onError: (error) => toast(error.message, 'error'),
                  })
                }
              >
                {m.approve}
              </Button>
              <Button variant="default" color="red" onClick={() => setRefusing(request)}>
                {m.refuse}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      {refusing && (
        <ReasonModal
          title={m.refuseTitle(name(refusing))}
          confirmLabel={m.refuse}
          pending={refuse.isPending}
          error={refuse.error?.message ?? null}
          onClose={() => {
            refuse.reset();
            setRefusing(null);
          }}
          onConfirm={(reason) =>
            refuse.mutate(
              { userId: refusing.userId, reason },
              {
                onSuccess: () => {
                  toast(m.refused);
                  setRefusing(null);
                },
              },
            )
          }
        />
      )}
    </Stack>
  );
}
