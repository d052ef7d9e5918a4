import { type ExportColumns, followUpFr } from '@guichet/shared';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { type ExportFormat, exportUrl } from '../../api/follow-up';
import { toast } from '../../ui/toast';
import { fileNameFromDisposition } from './download-name';

const m = followUpFr.export;

/**
 * The export button of Statistiques ('Extraction des données') and Participants ('Exporter')
 * (2-organiser.md §2.4, §2.5, §9). Fetched rather than linked so that a refusal becomes a French
 * toast instead of a downloaded error page; the session cookie goes with the request.
 */
export function ExportMenu({ eventId, columns, label }: { eventId: string; columns: ExportColumns; label: string }) {
  const [pending, setPending] = useState<ExportFormat | null>(null);

  const download = async (format: ExportFormat) => {
    setPending(format);
    try {
      const response = await fetch(exportUrl(eventId, format, columns), { credentials: 'same-origin' });
      if (!response.ok) throw new Error(String(response.status));
      const blob = await response.blob();
      const name = fileNameFromDisposition(response.headers.get('content-disposition'), `export.${format}`);
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = name;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      // The click has handed the blob to the browser's download; the URL is no longer needed.
      setTimeout(() => URL.revokeObjectURL(url), 0);
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
