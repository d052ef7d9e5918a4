import type { LegalBlock } from '@guichet/shared';
import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';

function blockKey(block: LegalBlock): string {
  if (typeof block === 'string') return block;
  if ('link' in block) return `${block.before}${block.link}`;
  return block.join('\n');
}

/**
 * A paragraph, a bullet list, or a paragraph with one link. The link is underlined: its colour
 * alone is not told apart from the text around it (1.5:1 in the dark theme; WCAG 1.4.1).
 */
function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <Text>{block}</Text>;
  if ('link' in block) {
    const link = block.to.startsWith('/') ? (
      <Anchor component={Link} to={block.to} underline="always">
        {block.link}
      </Anchor>
    ) : (
      <Anchor href={block.to} underline="always">
        {block.link}
      </Anchor>
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

/** The blocks of a legal or static text, in order. */
export function Blocks({ blocks }: { blocks: readonly LegalBlock[] }) {
  return blocks.map((block) => <Block key={blockKey(block)} block={block} />);
}
