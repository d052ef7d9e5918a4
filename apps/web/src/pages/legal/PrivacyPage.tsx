import { legalFr } from '@guichet/shared';
import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { useMeta } from '../../api/meta';
import { Blocks } from '../../features/legal/Blocks';

/** The privacy policy: a static legal text. */
export default function PrivacyPage() {
  const { brandName } = useMeta();
  const content = legalFr.privacy(brandName);
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>{content.title}</Title>
          <Text size="sm" c="dimmed">
            {content.updatedAt}
          </Text>
        </Stack>
        <Stack gap="sm">
          <Blocks blocks={content.intro} />
        </Stack>
        {content.sections.map((section) => (
          <Box
            key={section.id}
            component="section"
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            style={{ scrollMarginTop: 'calc(60px + var(--mantine-spacing-md))' }}
          >
            <Stack gap="sm">
              <Title order={2} id={`${section.id}-title`} size="h3">
                {section.title}
              </Title>
              <Blocks blocks={section.body} />
            </Stack>
          </Box>
        ))}
      </Stack>
    </Container>
  );
}
