import { consoleFr, fr } from '@guichet/shared';
import { CloseButton, Drawer, Group, Paper, ScrollArea, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

type Props = {
  opened: boolean;
  onClose(): void;
  title?: string;
  children?: ReactNode;
};

/**
 * The detail of a selected participant or staff member: a side panel beside the list on desktop,
 * a bottom sheet on phones (2-organiser.md §2.3, breakpoint 700 px). Renders nothing when closed.
 */
export function DetailPanel({ opened, onClose, title = consoleFr.detailTitle, children }: Props) {
  const theme = useMantineTheme();
  // Read at once: a phone must not first render the desktop panel.
  const isDesktop = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, { getInitialValueInEffect: false });

  if (!isDesktop) {
    return (
      <Drawer
        opened={opened}
        onClose={onClose}
        position="bottom"
        size="70%"
        title={title}
        closeButtonProps={{ 'aria-label': fr.common.close }}
        scrollAreaComponent={ScrollArea.Autosize}
      >
        {children}
      </Drawer>
    );
  }
  if (!opened) return null;
  return (
    <Paper component="aside" aria-label={title} withBorder p="md" w={340} miw={280} style={{ alignSelf: 'flex-start' }}>
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Text component="h3" fw={700} m={0}>
          {title}
        </Text>
        <CloseButton aria-label={fr.common.close} onClick={onClose} />
      </Group>
      {children}
    </Paper>
  );
}
