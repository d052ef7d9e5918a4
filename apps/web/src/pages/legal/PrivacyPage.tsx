import { legalFr } from '@guichet/shared';
import { Container, Stack } from '@mantine/core';
import { useMeta } from '../../api/meta';
import { Blocks } from '../../features/legal/Blocks';
import { LegalSection } from '../../features/legal/LegalSection';
import { PageHeader } from '../../ui/PageHeader';

/** The privacy policy: a static legal text. */
export default function PrivacyPage() {
  const { brandName } = useMeta();
  const content = legalFr.privacy(brandName);
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <PageHeader title={content.title} hint={content.updatedAt} />
        <Stack gap="sm">
          <Blocks blocks={content.intro} />
        </Stack>
        {content.sections.map((section) => (
          <LegalSection key={section.id} section={section} />
        ))}
      </Stack>
    </Container>
  );
}
