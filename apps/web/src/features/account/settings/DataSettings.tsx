import { accountFr } from '@guichet/shared';
import { Button, Group, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PERSONAL_DATA_URL, useDeleteAccount } from '../../../api/account';
import { ConfirmButton } from '../../../ui/ConfirmButton';
import { toast } from '../../../ui/toast';
import { clearPersonalMarkers } from '../../shell/markers';
import { SettingsSection } from './SettingsSection';

const m = accountFr.data;

/** GDPR: download one's data, or delete the account after a confirmation. */
export function DataSettings() {
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
        <ConfirmButton
          label={m.deleteAccount}
          button={{ color: 'red', variant: 'light', leftSection: <IconTrash size={18} aria-hidden /> }}
          title={m.deleteTitle}
          text={m.deleteText}
          confirmLabel={m.deleteConfirm}
          color="red.9"
          pending={remove.isPending}
          error={remove.error?.message ?? null}
          onConfirm={() => remove.mutate()}
        />
      </Group>
    </SettingsSection>
  );
}
