import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** One group of the settings: its own heading, its own form, its own save. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={id}>
      <Stack>
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
