import {
  followUpFr,
  formatEuros,
  type ParticipantRow,
  type ParticipantSort,
  participantSorts,
  participationTotalCents,
  scanStatusOf,
} from '@guichet/shared';
import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { compactDateTime } from './chart-data';
import classes from './ParticipantsTable.module.css';
import { ariaSort, type SortState } from './participants-sort';
import { ScanStatusBadge } from './ScanStatusBadge';

const m = followUpFr.participants;

const columns = participantSorts;
const numeric = new Set<ParticipantSort>(['quantity', 'price']);

type Props = {
  rows: ParticipantRow[];
  sort: SortState;
  onSort(column: ParticipantSort): void;
  selectedId: string | null;
  onSelect(row: ParticipantRow): void;
};

/**
 * 'Billets' (2-organiser.md §2.5): every header sorts on the server. The buyer's name is the row's
 * button, so a row opens from the keyboard as well as by a click anywhere on it.
 */
export function ParticipantsTable({ rows, sort, onSort, selectedId, onSelect }: Props) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover fz="sm" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const Icon = sort.sort !== column ? IconSelector : sort.dir === 'asc' ? IconArrowUp : IconArrowDown;
              return (
                <Table.Th
                  key={column}
                  aria-sort={ariaSort(sort, column)}
                  ta={numeric.has(column) ? 'right' : undefined}
                >
                  <UnstyledButton className={classes.sortButton} onClick={() => onSort(column)}>
                    {m.columns[column]}
                    <Icon size={14} aria-hidden />
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const name = `${row.firstName} ${row.lastName}`;
            return (
              <Table.Tr
                key={row.id}
                className={classes.row}
                data-selected={row.id === selectedId || undefined}
                onClick={() => onSelect(row)}
              >
                <Table.Td>
                  <UnstyledButton
                    className={classes.rowButton}
                    aria-label={m.openDetails(name)}
                    aria-current={row.id === selectedId || undefined}
                    onClick={(event) => {
                      event.stopPropagation();
                      onSelect(row);
                    }}
                  >
                    {name}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td ta="right">{row.quantity}</Table.Td>
                <Table.Td>{row.ticketTitle}</Table.Td>
                <Table.Td className={classes.nowrap}>
                  {compactDateTime(row.purchasedAt, followUpFr.stats.invalidDate)}
                </Table.Td>
                <Table.Td>
                  <ScanStatusBadge status={scanStatusOf(row.quantity, row.entriesUsed)} />
                </Table.Td>
                <Table.Td>{row.promoCode ?? ''}</Table.Td>
                <Table.Td ta="right" className={classes.nowrap}>
                  {formatEuros(participationTotalCents(row.quantity, row.unitPriceCents, row.promoPercent))}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
