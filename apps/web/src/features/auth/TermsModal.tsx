import { fr } from '@guichet/shared';
import { Anchor, Button, Group, Modal, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAcceptTerms, useSession } from '../../api/auth';
import { useMeta } from '../../api/meta';
import { useLogoutAndLeave } from './useLogoutAndLeave';

/** Shown whenever the logged-in user has not accepted the current terms; closing it logs out. */
export default function TermsModal() {
  const { data: user } = useSession();
  const accept = useAcceptTerms();
  const leave = useLogoutAndLeave();
  const { brandName } = useMeta();
  return (
    <Modal
      opened={Boolean(user?.mustAcceptTerms)}
      onClose={leave}
      title={fr.terms.modalTitle}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': fr.common.close }}
      centered
    >
      <Text mb="sm">{fr.terms.modalText(brandName)}</Text>
      <Anchor component={Link} to="/termsAndConditions" target="_blank">
        {fr.terms.readTerms}
      </Anchor>
      {accept.error && (
        <Text c="var(--mantine-color-error)" mt="sm" role="alert">
          {accept.error.message}
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button onClick={() => accept.mutate()} loading={accept.isPending}>
          {fr.terms.accept}
        </Button>
      </Group>
    </Modal>
  );
}
