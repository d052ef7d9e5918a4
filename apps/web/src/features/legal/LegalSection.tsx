import type { LegalSection as Section } from '@guichet/shared';
import { Box, Stack, Title } from '@mantine/core';
import { Blocks } from './Blocks';

/** Anchored sections stop below the sticky header (60 px high) instead of under it. */
export const anchorOffset = { scrollMarginTop: 'calc(60px + var(--mantine-spacing-md))' };

/** One titled section of a static text (about, privacy, terms), reachable by its anchor. */
export function LegalSection({ section, order = 2 }: { section: Section; order?: 2 | 3 }) {
  const titleId = `${section.id}-title`;
  return (
    <Box component="section" id={section.id} aria-labelledby={titleId} style={anchorOffset}>
      <Stack gap="sm">
        <Title order={order} id={titleId} size={order === 2 ? 'h3' : 'h4'}>
          {section.title}
        </Title>
        <Blocks blocks={section.body} />
      </Stack>
    </Box>
  );
}
