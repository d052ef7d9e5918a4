import { Stack, Text, Textarea } from '@mantine/core';
import type { ComponentProps } from 'react';

/** A long text with, under it, how much of its length is used (said as it changes). */
export function CountedTextarea({ counter, ...props }: ComponentProps<typeof Textarea> & { counter: string }) {
  return (
    <Stack gap={4}>
      <Textarea autosize {...props} />
      <Text size="xs" c="dimmed" ta="right" aria-live="polite">
        {counter}
      </Text>
    </Stack>
  );
}
