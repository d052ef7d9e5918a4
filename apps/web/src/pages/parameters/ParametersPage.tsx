import { accountFr } from '@guichet/shared';
import { Container, Title } from '@mantine/core';
import { SettingsPanel } from '../../features/account/settings/SettingsPanel';
import { RequireAuth } from '../../features/auth/RequireAuth';

export default function ParametersPage() {
  return (
    <RequireAuth>
      {() => (
        <Container size="md" py="xl">
          <Title order={1} mb="lg">
            {accountFr.settings.title}
          </Title>
          <SettingsPanel />
        </Container>
      )}
    </RequireAuth>
  );
}
