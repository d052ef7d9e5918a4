import { accountFr } from '@guichet/shared';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../api/auth';
import { ContactForm } from '../../features/account/ContactForm';
import { Loading } from '../../ui/Loading';

export default function ContactPage() {
  const session = useSession();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{accountFr.contact.title}</Title>
        <Text c="dimmed">{accountFr.contact.intro}</Text>
        <Paper withBorder radius="md" p="lg">
          {/* Wait for the session so that a logged-in user's fields start filled in. */}
          {session.isPending ? <Loading /> : <ContactForm user={session.data ?? null} />}
        </Paper>
      </Stack>
    </Container>
  );
}
