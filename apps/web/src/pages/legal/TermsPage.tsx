import { legalFr } from '@guichet/shared';
import { Anchor, Box, List, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useMeta } from '../../api/meta';
import { Blocks } from '../../features/legal/Blocks';
import { LegalPage } from '../../features/legal/LegalPage';
import { anchorOffset, LegalSection } from '../../features/legal/LegalSection';

/** Terms of use, of sale, of organisers and legal notice; the footer links to their anchors. */
export default function TermsPage() {
  const { brandName } = useMeta();
  const { hash } = useLocation();
  const content = legalFr.terms(brandName);
  const { cgu, parts } = content;

  // Opened at the top, or at the anchor named by the URL (also when a footer link changes it on this page).
  useEffect(() => {
    const target = hash ? document.getElementById(hash.slice(1)) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [hash]);

  const toc = [{ id: cgu.id, title: cgu.label }, ...parts];
  return (
    <LegalPage title={content.title} updatedAt={content.updatedAt}>
      <Box component="nav" aria-labelledby="terms-toc">
        <Text id="terms-toc" fw={600} mb="xs">
          {content.tocLabel}
        </Text>
        <List spacing="xs">
          {toc.map((entry) => (
            <List.Item key={entry.id}>
              <Anchor component={Link} to={`#${entry.id}`}>
                {entry.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Box>

      <Box component="section" id={cgu.id} aria-label={cgu.label} style={anchorOffset}>
        <Stack gap="xl">
          <Stack gap="sm">
            <Blocks blocks={cgu.preamble} />
          </Stack>
          {cgu.articles.map((article) => (
            <LegalSection key={article.id} section={article} />
          ))}
        </Stack>
      </Box>

      {parts.map((part) => (
        <Box key={part.id} component="section" id={part.id} aria-labelledby={`${part.id}-title`} style={anchorOffset}>
          <Stack gap="lg">
            <Title order={2} id={`${part.id}-title`}>
              {part.title}
            </Title>
            {part.intro.length > 0 && (
              <Stack gap="sm">
                <Blocks blocks={part.intro} />
              </Stack>
            )}
            {part.sections.map((section) => (
              <LegalSection key={section.id} section={section} order={3} />
            ))}
          </Stack>
        </Box>
      ))}
    </LegalPage>
  );
}
