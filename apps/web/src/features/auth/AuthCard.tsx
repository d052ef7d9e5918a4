import { Container, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the account screens: one centred card with its title. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={460} py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
        <Title order={1} ta="center" mb="lg">
          {title}
        </Title>
        {children}
      </Paper>
    </Container>
  );
}
