import { type ExportColumns, followUpFr } from '@guichet/shared';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { type ExportFormat, exportUrl } from '../../api/follow-up';
import { toast } from '../../ui/toast';
import { downloadFile } from './download';

const m = followUpFr.export;

/**
 * The export button of Statistiques ('Extraction des données') and Participants ('Exporter')
 * (2-organiser.md §2.4, §2.5, §9); a refusal becomes a French toast (download.ts).
 */
export function ExportMenu({
  eventId,
  columns,
  label,
  dateId = null,
}: {
  eventId: string;
  columns: ExportColumns;
  label: string;
  /** The console's date filter (issue 32): the export holds that date's rows. */
  dateId?: string | null;
}) {
  const [pending, setPending] = useState<ExportFormat | null>(null);

  const download = async (format: ExportFormat) => {
    setPending(format);
    try {
      await downloadFile(exportUrl(eventId, format, columns, dateId), `export.${format}`);
    } catch {
      toast(m.failed, 'error');
    } finally {
      setPending(null);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          loading={pending !== null}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={m.menuLabel}>
        <Menu.Item onClick={() => void download('xlsx')}>{m.xlsx}</Menu.Item>
        <Menu.Item onClick={() => void download('csv')}>{m.csv}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
