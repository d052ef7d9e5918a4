import { type CheckinLists, checkinFr, formatDateTime, fr, type ScanDirection } from '@guichet/shared';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  RingProgress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCloudOff, IconRefresh, IconSearch, IconWifi } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { doorKeys, useScannerLists } from '../../api/checkin';
import { useMeta } from '../../api/meta';
import { Loading } from '../../ui/Loading';
import { signal } from './feedback';
import { QrCamera } from './QrCamera';
import { warmUpQrDetector } from './qr-detector';
import classes from './Scanner.module.css';
import { resolveTyped, type ScanDisplay, type ScanRequest, searchParticipants } from './scanner';
import { useScanner } from './useScanner';

const m = checkinFr.scanner;

/**
 * The scanner of one event. An event with check-in lists (issue 31) starts by choosing one (kept in
 * the address, `?list=`, so that a reload offline keeps it); without lists, or without network
 * before any choice, it scans for the whole event as before lists existed.
 */
export function ScannerView({ eventId }: { eventId: string }) {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('list');
  // Offline, the lists cannot be had: the address's choice, or the whole event.
  const lists = useScannerLists(eventId, navigator.onLine);
  const hasLists = (lists.data?.lists.length ?? 0) > 0;
  if (chosen === null) {
    if (lists.isLoading) return <Loading />;
    if (hasLists && lists.data) return <ListChooser lists={lists.data} onChoose={(list) => setParams({ list })} />;
  }
  const listId = chosen && chosen !== WHOLE_EVENT ? chosen : null;
  return (
    <EventScanner
      key={listId ?? WHOLE_EVENT}
      eventId={eventId}
      listId={listId}
      figures={lists.data}
      onChangeList={chosen !== null ? () => setParams({}) : undefined}
    />
  );
}

/** The address's value for the whole event's implicit list. */
const WHOLE_EVENT = 'all';

/** The lists to choose from at the door, each with its people inside, and the whole event. */
function ListChooser({ lists, onChoose }: { lists: CheckinLists; onChoose: (list: string) => void }) {
  const choices = [
    { id: WHOLE_EVENT, name: m.wholeEvent, help: m.wholeEventHelp, inside: lists.event.inside },
    ...lists.lists.map((list) => ({
      id: list.id,
      name: list.name,
      help: [list.allowCheckout && checkinFr.lists.checkout, list.allowReentry && checkinFr.lists.reentry]
        .filter(Boolean)
        .join(' · '),
      inside: list.inside,
    })),
  ];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {m.chooseList}
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {choices.map((choice) => (
          <li key={choice.id}>
            <UnstyledButton onClick={() => onChoose(choice.id)} w="100%" className={classes.choice}>
              <Paper withBorder radius="md" p="md">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={700}>{choice.name}</Text>
                    {choice.help && (
                      <Text size="sm" c="dimmed">
                        {choice.help}
                      </Text>
                    )}
                  </Stack>
                  <Badge variant="light" style={{ flexShrink: 0 }}>
                    {m.inside(choice.inside)}
                  </Badge>
                </Group>
              </Paper>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** The scanner of one event on one list: camera, typed code, search by name, counters, offline queue, conflicts. */
function EventScanner({
  eventId,
  listId,
  figures,
  onChangeList,
}: {
  eventId: string;
  listId: string | null;
  figures: CheckinLists | undefined;
  onChangeList?: () => void;
}) {
  const { brandName } = useMeta();
  const { state, submit, syncNow, dismissConflicts, clearLast } = useScanner(eventId, listId);
  const { manifest } = state;
  const [direction, setDirection] = useState<ScanDirection>('in');
  const queryClient = useQueryClient();
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
    // On a list, its own places only; with re-entry a place's entries may pass its places. On an
    // event of several dates, tonight's places and the passes (each counting tonight's entry).
    const doorDate = manifest?.doorDateId;
    const list = (manifest?.participations ?? []).filter(
      (p) => p.isOnList !== false && (!doorDate || !p.dateId || p.dateId === doorDate),
    );
    const entries = list.reduce((sum, p) => sum + p.quantity, 0);
    const scanned = list.reduce((sum, p) => sum + Math.min(p.entriesUsed, p.quantity), 0);
    const inside = list.reduce((sum, p) => sum + (p.inside ?? p.entriesUsed), 0);
    return { entries, scanned, remaining: Math.max(0, entries - scanned), inside };
  }, [manifest]);
  // Every door's people inside, from the server while it answers; this device's count otherwise.
  const serverInside = listId
    ? figures?.lists.find((list) => list.id === listId)?.inside
    : figures && figures.lists.length > 0
      ? figures.event.inside
      : undefined;
  const inside = state.online && serverInside !== undefined ? serverInside : totals.inside;
  const found = useMemo(() => (manifest ? searchParticipants(manifest, query) : []), [manifest, query]);

  const run = async (request: ScanRequest) => {
    const display = await submit(request, direction);
    if (onChangeList) void queryClient.invalidateQueries({ queryKey: doorKeys.scannerLists(eventId) });
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

      {onChangeList && (
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={700} truncate>
                  {m.currentList(manifest.list?.name ?? m.wholeEvent)}
                </Text>
                <Text size="sm" role="status" aria-live="polite" data-testid="inside-count">
                  {m.inside(inside)}
                </Text>
              </Stack>
              <Button size="xs" variant="default" onClick={onChangeList} style={{ flexShrink: 0 }}>
                {m.changeList}
              </Button>
            </Group>
            {manifest.list?.allowCheckout && (
              <SegmentedControl
                fullWidth
                aria-label={m.direction}
                value={direction}
                onChange={(value) => setDirection(value as ScanDirection)}
                data={[
                  { value: 'in', label: m.directionIn },
                  { value: 'out', label: m.directionOut },
                ]}
              />
            )}
          </Stack>
        </Paper>
      )}

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
              const left = Math.max(0, participant.quantity - participant.entriesUsed);
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
