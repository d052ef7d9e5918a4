import { followUpFr } from '@guichet/shared';
import { Box, Button, Collapse, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTable } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';

const m = followUpFr.stats;

export type TableRow = { key: string; cells: ReactNode[] };

type Props = {
  title: string;
  subtitle?: ReactNode;
  /** Shown above the chart: a radio, a frame switch. */
  controls?: ReactNode;
  /** The chart itself; hidden from screen readers, who read `table` instead. */
  chart: ReactNode;
  isEmpty?: boolean;
  columns: string[];
  rows: TableRow[];
};

/**
 * One chart of the statistics with its data as a table behind 'Voir le tableau': the same figures
 * for screen readers and for anyone who wants the exact numbers the chart only suggests.
 */
export function ChartCard({ title, subtitle, controls, chart, isEmpty = false, columns, rows }: Props) {
  const [tableShown, table] = useDisclosure(false);
  const tableId = useId();
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Box miw={0}>
            <Title order={3} size="h5" id={titleId}>
              {title}
            </Title>
            {subtitle && (
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            )}
          </Box>
          {!isEmpty && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconTable size={16} aria-hidden />}
              aria-expanded={tableShown}
              aria-controls={tableId}
              onClick={table.toggle}
            >
              {tableShown ? m.hideTable : m.showTable}
            </Button>
          )}
        </Group>
        {controls}
        {isEmpty ? (
          <Text c="dimmed" size="sm">
            {m.noData}
          </Text>
        ) : (
          <>
            <Box aria-hidden>{chart}</Box>
            <Collapse in={tableShown} id={tableId}>
              <Table.ScrollContainer minWidth={240}>
                <Table striped fz="sm" aria-labelledby={titleId}>
                  <Table.Thead>
                    <Table.Tr>
                      {columns.map((column) => (
                        <Table.Th key={column}>{column}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row) => (
                      <Table.Tr key={row.key}>
                        {row.cells.map((cell, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells never reorder
                          <Table.Td key={i}>{cell}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Collapse>
          </>
        )}
      </Stack>
    </Paper>
  );
}
