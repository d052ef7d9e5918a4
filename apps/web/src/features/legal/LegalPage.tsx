import type { LegalBlock, LegalSection as Section } from '@guichet/shared';
import { Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { Blocks } from './Blocks';
import { LegalSection } from './LegalSection';

/**
 * A static text's page (about, privacy, terms): its title and date, its introduction, then its
 * sections (or, for the terms and their several parts, `children`).
 */
export function LegalPage({
  title,
  updatedAt,
  intro = [],
  sections = [],
  children,
}: {
  title: string;
  updatedAt?: string;
  intro?: readonly LegalBlock[];
  sections?: readonly Section[];
  children?: ReactNode;
}) {
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="sm">
          <PageHeader title={title} hint={updatedAt} />
          <Blocks blocks={intro} />
        </Stack>
        {sections.map((section) => (
          <LegalSection key={section.id} section={section} />
        ))}
        {children}
      </Stack>
    </Container>
  );
}
