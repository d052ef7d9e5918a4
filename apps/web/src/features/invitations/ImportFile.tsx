import { type InvitationPreview, invitationsFr, MAX_INVITATION_ROWS } from '@guichet/shared';
import { Alert, Badge, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useImportInvitationFile, usePreviewInvitationFile } from '../../api/invitations';
import { DataTable } from '../../ui/DataTable';
import { Section } from '../../ui/Section';
import { toast } from '../../ui/toast';

const m = invitationsFr;

/** A list from a file, in two steps: the server's preview of every row, then all of them created, or none. */
export function ImportFile({ eventId }: { eventId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = usePreviewInvitationFile(eventId);
  const save = useImportInvitationFile(eventId);

  const reset = () => {
    setPreview(null);
    setError(null);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    reset();
    if (!file) {
      setError(m.fileRequired);
      return;
    }
    check.mutate(file, { onSuccess: setPreview, onError: (refusal) => setError(refusal.message) });
  };

  const confirm = () => {
    if (!file) return;
    save.mutate(file, {
      onSuccess: (done) => {
        toast(done.message);
        setFile(null);
        reset();
      },
      onError: (refusal) => setError(refusal.message),
    });
  };

  return (
    <Section title={m.importTitle}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={720}>
          <Text size="sm">{m.importHelp(MAX_INVITATION_ROWS)}</Text>
          <FileInput
            label={m.file}
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              reset();
            }}
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            clearable
            clearButtonProps={{ 'aria-label': m.clearFile }}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button type="submit" variant="default" loading={check.isPending}>
              {m.preview}
            </Button>
          </Group>
        </Stack>
      </form>
      {preview && (
        <Stack gap="sm" mt="md">
          <Text fw={600} role="status">
            {m.previewSummary(preview.validCount, preview.errorCount)}
          </Text>
          <PreviewTable preview={preview} />
          <Group>
            <Button onClick={confirm} loading={save.isPending} disabled={preview.errorCount > 0}>
              {m.confirmImport(preview.validCount)}
            </Button>
            <Button variant="default" onClick={reset}>
              {m.cancelImport}
            </Button>
          </Group>
        </Stack>
      )}
    </Section>
  );
}

type PreviewRow = InvitationPreview['rows'][number];

/** The file's rows as the server read them: text only, a formula shown with its neutralising apostrophe. */
function PreviewTable({ preview }: { preview: InvitationPreview }) {
  const c = m.previewColumns;
  return (
    <DataTable
      items={preview.rows}
      itemKey={(row) => String(row.line)}
      minWidth={760}
      fz="sm"
      columns={[
        { header: c.line, cell: (row) => row.line },
        { header: c.email, cell: (row) => row.email },
        { header: c.firstName, cell: (row) => row.firstName },
        { header: c.lastName, cell: (row) => row.lastName },
        { header: c.ticket, cell: (row) => row.ticketTitle },
        ...(preview.rows.some((row) => row.date) ? [{ header: c.date, cell: (row: PreviewRow) => row.date }] : []),
        {
          header: c.error,
          cell: (row) =>
            row.error ? (
              <Text size="sm" c="var(--mantine-color-error)">
                {row.error}
              </Text>
            ) : (
              <Badge color="teal" variant="light">
                {m.rowOk}
              </Badge>
            ),
        },
      ]}
    />
  );
}
