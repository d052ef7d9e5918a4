import { legalFr } from '@guichet/shared';
import { Container, Stack, Title } from '@mantine/core';
import { useMeta } from '../../api/meta';
import { Blocks } from '../../features/legal/Blocks';
import { LegalSection } from '../../features/legal/LegalSection';

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
          <LegalSection key={section.id} section={section} />
        ))}
      </Stack>
    </Container>
  );
}
