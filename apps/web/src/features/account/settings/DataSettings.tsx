import { accountFr, fr } from '@guichet/shared';
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PERSONAL_DATA_URL, useDeleteAccount } from '../../../api/account';
import { toast } from '../../../ui/toast';
import { clearPersonalMarkers } from '../../shell/markers';
import { SettingsSection } from './SettingsSection';

const m = accountFr.data;

/** GDPR: download one's data, or delete the account after a confirmation. */
export function DataSettings() {
  const [opened, dialog] = useDisclosure(false);
  const navigate = useNavigate();
  const remove = useDeleteAccount(() => {
    clearPersonalMarkers();
    navigate('/billetterie', { replace: true });
    toast(m.deleted);
  });

  return (
    <SettingsSection title={m.section}>
      <Text c="dimmed">{m.exportText}</Text>
      <Group justify="space-between">
        <Button
          component="a"
          href={PERSONAL_DATA_URL}
          download
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
        >
          {m.export}
        </Button>
        <Button color="red" variant="light" leftSection={<IconTrash size={18} aria-hidden />} onClick={dialog.open}>
          {m.deleteAccount}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={dialog.close}
        title={m.deleteTitle}
        centered
        closeButtonProps={{ 'aria-label': fr.common.close }}
      >
        <Text>{m.deleteText}</Text>
        {remove.error && (
          <Alert color="red" role="alert" mt="md">
            {remove.error.message}
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={dialog.close}>
            {fr.common.cancel}
          </Button>
          <Button color="red.9" onClick={() => remove.mutate()} loading={remove.isPending}>
            {m.deleteConfirm}
          </Button>
        </Group>
      </Modal>
    </SettingsSection>
  );
}
