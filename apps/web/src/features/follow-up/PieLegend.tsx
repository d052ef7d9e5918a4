import { ColorSwatch, Group, Text } from '@mantine/core';
import type { Slice } from './chart-data';

/** 'violet.5' → the theme's CSS variable, the same colour the chart draws. */
export const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/** The pie's key under it: Mantine's pie has none, and labels alone do not name the slices. */
export function PieLegend({ slices, format = String }: { slices: Slice[]; format?: (value: number) => string }) {
  return (
    <Group gap="md" justify="center" wrap="wrap">
      {slices.map((slice) => (
        <Group key={slice.name} gap={6} wrap="nowrap">
          <ColorSwatch color={cssColor(slice.color)} size={12} withShadow={false} />
          <Text size="sm">
            {slice.name} : {format(slice.value)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
