import { legalFr } from '@guichet/shared';
import { Box, Container, Stack, Title } from '@mantine/core';
import { useMeta } from '../../api/meta';
import { Blocks } from '../../features/legal/Blocks';

/** Who the product is for and what it does, with the ways to reach the team. */
export default function AboutPage() {
  const { brandName } = useMeta();
  const content = legalFr.about(brandName);
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{content.title}</Title>
          <Blocks blocks={content.intro} />
        </Stack>
        {content.sections.map((section) => (
          <Box key={section.id} component="section" id={section.id} aria-labelledby={`${section.id}-title`}>
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
