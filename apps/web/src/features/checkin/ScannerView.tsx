import { checkinFr, formatDateTime, fr } from '@guichet/shared';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  RingProgress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCloudOff, IconRefresh, IconSearch, IconWifi } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useMeta } from '../../api/meta';
import { Loading } from '../../ui/Loading';
import { signal } from './feedback';
import { QrCamera } from './QrCamera';
import { warmUpQrDetector } from './qr-detector';
import classes from './Scanner.module.css';
import { resolveTyped, type ScanDisplay, type ScanRequest, searchParticipants } from './scanner';
import { useScanner } from './useScanner';

const m = checkinFr.scanner;

/** The scanner of one event: camera, typed code, search by name, counters, offline queue, conflicts. */
export function ScannerView({ eventId }: { eventId: string }) {
  const { brandName } = useMeta();
  const { state, submit, syncNow, dismissConflicts, clearLast } = useScanner(eventId);
  const { manifest } = state;
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (manifest) document.title = `${m.pageTitle(manifest.event.title)} · ${brandName}`;
  }, [manifest, brandName]);
  const hasManifest = Boolean(manifest);
  useEffect(() => {
    if (hasManifest && navigator.onLine) warmUpQrDetector();
  }, [hasManifest]);

  const totals = useMemo(() => {
    const list = manifest?.participations ?? [];
    const entries = list.reduce((sum, p) => sum + p.quantity, 0);
    const scanned = list.reduce((sum, p) => sum + p.entriesUsed, 0);
    return { entries, scanned, remaining: Math.max(0, entries - scanned) };
  }, [manifest]);
  const found = useMemo(() => (manifest ? searchParticipants(manifest, query) : []), [manifest, query]);

  const run = async (request: ScanRequest) => {
    const display = await submit(request);
    if (display) {
      signal(display.tone);
      resultRef.current?.focus();
    }
  };

  if (state.failure && !manifest) {
    const notAllowed = state.failure.status === 403 || state.failure.status === 404;
    return (
      <Alert color="red" role="alert" title={notAllowed ? m.notAllowed : fr.common.genericError}>
        {notAllowed ? state.failure.message : m.loadFailed}
      </Alert>
    );
  }
  if (!manifest) {
    return state.online ? (
      <Loading />
    ) : (
      <Alert color="orange" role="alert">
        {m.loadFailed}
      </Alert>
    );
  }

  const onTyped = (event: FormEvent) => {
    event.preventDefault();
    const request = resolveTyped(typed, manifest);
    if (!request) {
      setTypedError(m.unknownShortCode);
      return;
    }
    setTypedError(null);
    setTyped('');
    void run(request);
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {manifest.event.title}
        </Title>
        <Group gap="xs">
          {state.online ? (
            <Badge color="teal" variant="light" leftSection={<IconWifi size={14} aria-hidden />}>
              {m.online}
            </Badge>
          ) : (
            <Badge color="orange" variant="filled" leftSection={<IconCloudOff size={14} aria-hidden />}>
              {fr.common.offline}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {m.synced(formatDateTime(manifest.syncedAt))}
          </Text>
        </Group>
      </Stack>

      {!state.online && (
        <Alert color="orange" variant="light">
          {m.offline}
        </Alert>
      )}
      {state.pending > 0 && (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" role="status">
            {m.pending(state.pending)}
          </Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void syncNow()}
            loading={state.syncing}
            disabled={!state.online}
          >
            {m.syncNow}
          </Button>
        </Group>
      )}
      {state.conflicts.length > 0 && (
        <Alert color="orange" title={m.conflictsTitle} role="alert">
          <Stack gap="xs">
            {state.conflicts.map((conflict) => (
              <Text key={conflict.id} size="sm">
                {m.conflict(conflict.holderName, formatDateTime(conflict.scannedAt))}
              </Text>
            ))}
            <Button size="xs" variant="white" color="orange" onClick={() => void dismissConflicts()}>
              {m.dismissConflicts}
            </Button>
          </Stack>
        </Alert>
      )}

      <Progress scanned={totals.scanned} total={totals.entries} remaining={totals.remaining} />

      <ResultPanel display={state.last} busy={state.busy} onNext={clearLast} panelRef={resultRef} />

      <QrCamera paused={state.busy} onCode={(code) => void run({ code })} />

      <Paper withBorder p="md" radius="md">
        <form onSubmit={onTyped}>
          <Stack gap="xs">
            <TextInput
              label={m.typedCode}
              description={m.typedCodeHelp}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              error={typedError}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={2048}
            />
            <Button type="submit" variant="light" disabled={!typed.trim()} loading={state.busy}>
              {m.check}
            </Button>
          </Stack>
        </form>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <TextInput
            label={m.search}
            description={m.searchHelp}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            maxLength={100}
          />
          {query.trim() && found.length === 0 && (
            <Text size="sm" c="dimmed" role="status">
              {m.searchEmpty}
            </Text>
          )}
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {found.map((participant) => {
              const left = participant.quantity - participant.entriesUsed;
              return (
                <Group key={participant.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {participant.holderName}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {participant.ticketTitle} · {m.remaining(left)}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    onClick={() => {
                      setQuery('');
                      void run({ participationId: participant.id });
                    }}
                    aria-label={`${m.admit} : ${participant.holderName}`}
                    disabled={state.busy}
                  >
                    {m.admit}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The scan-progress circle (3-showcase-and-shell.md "Global shell") with the two counters. */
function Progress({ scanned, total, remaining }: { scanned: number; total: number; remaining: number }) {
  const percent = total === 0 ? 0 : Math.round((scanned / total) * 100);
  return (
    <Paper withBorder p="sm" radius="md">
      <Group wrap="nowrap" gap="md">
        <RingProgress
          size={96}
          thickness={10}
          roundCaps
          sections={[{ value: percent, color: 'teal' }]}
          aria-label={m.progressLabel}
          label={
            <Text ta="center" fw={700} size="sm">
              {percent} %
            </Text>
          }
        />
        <SimpleGrid cols={2} spacing="xs" style={{ flex: 1 }}>
          <Counter label={m.scanned} value={scanned} testId="scanned-count" />
          <Counter label={m.toScan} value={remaining} testId="remaining-count" />
          <Text size="xs" c="dimmed" style={{ gridColumn: 'span 2' }}>
            {m.progress(scanned, total)}
          </Text>
        </SimpleGrid>
      </Group>
    </Paper>
  );
}

function Counter({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={800} fz="xl" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** The answer, big and unmistakable: read aloud to screen readers as soon as it changes. */
function ResultPanel({
  display,
  busy,
  onNext,
  panelRef,
}: {
  display: ScanDisplay | null;
  busy: boolean;
  onNext: () => void;
  panelRef: React.RefObject<HTMLDivElement | null>;
}) {
  return (
    <Box aria-live="assertive" aria-atomic="true">
      {busy && !display && <Loading />}
      {display && (
        <Box
          ref={panelRef}
          tabIndex={-1}
          className={classes.result}
          data-tone={display.tone}
          role="status"
          data-testid="scan-result"
        >
          <Stack gap={6} align="center">
            <Text className={classes.resultTitle}>{display.title}</Text>
            {display.holderName && <Text className={classes.holder}>{display.holderName}</Text>}
            {display.ticketTitle && <Text>{display.ticketTitle}</Text>}
            {display.detail && <Text fw={600}>{display.detail}</Text>}
            {display.offline && <Text size="sm">{m.offline}</Text>}
            <Button variant="white" color="dark" mt="xs" onClick={onNext}>
              {m.next}
            </Button>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
