import { fr } from '@guichet/shared';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="lg">
        <Text fz={80} fw={900} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1} ta="center">
          {fr.shell.notFound}
        </Title>
        <Button component={Link} to="/" size="md">
          {fr.common.backHome}
        </Button>
      </Stack>
    </Container>
  );
}
