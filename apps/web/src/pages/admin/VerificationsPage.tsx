import { adminFr, type VerificationRequest } from '@guichet/shared';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useRefuseVerification, useVerificationRequests, useVerifyUser } from '../../api/admin';
import { AdminListPage } from '../../features/admin/AdminListPage';
import { shortDateTime } from '../../features/admin/format';
import { ReasonModal } from '../../features/admin/ReasonModal';
import { mutationDialog } from '../../ui/mutation-dialog';
import { toast } from '../../ui/toast';

const m = adminFr.verifications;
const name = (r: VerificationRequest) => `${r.firstName} ${r.lastName}`;

/** Professional verification requests: approve (the account becomes a verified organiser) or refuse with a reason. */
export default function VerificationsPage() {
  const requests = useVerificationRequests();
  const verify = useVerifyUser();
  const [refusing, setRefusing] = useState<VerificationRequest | null>(null);
  const refuse = mutationDialog(useRefuseVerification(), () => setRefusing(null));

  return (
    <AdminListPage
      title={m.title}
      query={requests}
      empty={m.empty}
      itemKey={(request) => request.userId}
      cardLabel={name}
      card={(request) => (
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
      )}
    >
      {refusing && (
        <ReasonModal
          title={m.refuseTitle(name(refusing))}
          confirmLabel={m.refuse}
          {...refuse.props}
          onConfirm={(reason) => refuse.send({ userId: refusing.userId, reason }, m.refused)}
        />
      )}
    </AdminListPage>
  );
}
