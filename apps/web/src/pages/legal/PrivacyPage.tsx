import { type LegalBlock, legalFr } from '@guichet/shared';
import { Anchor, Box, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMeta } from '../../api/meta';

function blockKey(block: LegalBlock): string {
  if (typeof block === 'string') return block;
  if ('link' in block) return `${block.before}${block.link}`;
  return block.join('\n');
}

/** A paragraph, a bullet list, or a paragraph with one link. */
function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <Text>{block}</Text>;
  if ('link' in block) {
    const link = block.to.startsWith('/') ? (
      <Anchor component={Link} to={block.to}>
        {block.link}
      </Anchor>
    ) : (
      <Anchor href={block.to}>{block.link}</Anchor>
    );
    return (
      <Text>
        {block.before}
        {link}
        {block.after}
      </Text>
    );
  }
  return (
    <List spacing="xs">
      {block.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

function Blocks({ blocks }: { blocks: readonly LegalBlock[] }) {
  return blocks.map((block) => <Block key={blockKey(block)} block={block} />);
}

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
