import { fr } from '@guichet/shared';
import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMeta } from '../../api/meta';
import { isFirstVisit } from '../../features/shell/markers';

/** The landing page; a first-time visitor is sent once to the events. */
export default function HomePage() {
  const navigate = useNavigate();
  const { brandName } = useMeta();
  useEffect(() => {
    if (isFirstVisit()) navigate('/billetterie', { replace: true });
  }, [navigate]);

  const sections = [
    fr.home.searchSection,
    fr.home.participateSection,
    fr.home.ticketingSection,
    fr.home.organiserSection,
  ];
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="sm" maw={720}>
          <Title order={1}>{fr.home.title(brandName)}</Title>
          <Text size="lg" c="dimmed">
            {fr.home.subtitle}
          </Text>
          <Group>
            <Button component={Link} to="/billetterie" size="md">
              {fr.home.discoverEvents}
            </Button>
            <Button component={Link} to="/createevents" size="md" variant="default">
              {fr.shell.navCreateEvent}
            </Button>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {sections.map((section) => (
            <Stack key={section.title} gap={4}>
              <Title order={2} size="h3">
                {section.title}
              </Title>
              <Text c="dimmed">{section.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
