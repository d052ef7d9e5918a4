import { followUpFr, type ScanStatus } from '@guichet/shared';
import { Badge } from '@mantine/core';

const colors: Record<ScanStatus, string> = { scanned: 'teal', incomplete: 'orange', absent: 'gray' };

/** Scanné / Incomplet / Absent (2-organiser.md §4 "Scan status"). */
export function ScanStatusBadge({ status }: { status: ScanStatus }) {
  return (
    <Badge variant="light" color={colors[status]} size="sm">
      {followUpFr.participants.status[status]}
    </Badge>
  );
}
