import type { CheckinManifest, ScanDirection } from '@guichet/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchManifest } from '../../api/checkin';
import { ApiError } from '../../api/client';
import { type ScanDisplay, type ScanRequest, scan, sync } from './scanner';
import * as store from './store';

const SYNC_EVERY_MS = 30_000;

export type ScannerState = {
  manifest: CheckinManifest | null;
  /** Why the list could not be had at all (first visit offline, no right to scan). */
  failure: ApiError | null;
  online: boolean;
  pending: number;
  syncing: boolean;
  conflicts: store.Conflict[];
  last: ScanDisplay | null;
  busy: boolean;
};

/**
 * The scanner of one event: its list from the device at once, then from the server; scans; the
 * queue sent whenever the network is there (on return, every 30 s, on demand).
 */
export function useScanner(eventId: string, listId: string | null = null) {
  // The device keeps a manifest per check-in list (issue 31); the queue stays the event's.
  const scope = store.scopeOf(eventId, listId);
  const [state, setState] = useState<ScannerState>({
    manifest: null,
    failure: null,
    online: navigator.onLine,
    pending: 0,
    syncing: false,
    conflicts: [],
    last: null,
    busy: false,
  });
  const patch = useCallback((values: Partial<ScannerState>) => setState((s) => ({ ...s, ...values })), []);
  const syncing = useRef(false);

  const refreshCounts = useCallback(async () => {
    const [pending, conflicts] = await Promise.all([store.queued(eventId), store.conflictsOf(eventId)]);
    patch({ pending: pending.length, conflicts });
  }, [eventId, patch]);

  const syncNow = useCallback(async () => {
    if (syncing.current || !navigator.onLine) return;
    syncing.current = true;
    patch({ syncing: true });
    try {
      const manifest = await sync(eventId, listId);
      patch({ manifest, failure: null });
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) patch({ failure: error });
    } finally {
      syncing.current = false;
      patch({ syncing: false });
      await refreshCounts();
    }
  }, [eventId, listId, patch, refreshCounts]);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const stored = await store.loadEvent(scope);
      if (cancelled) return;
      if (stored) patch({ manifest: stored.manifest });
      await refreshCounts();
      if (navigator.onLine) {
        await syncNow();
      } else if (!stored) {
        try {
          const manifest = await fetchManifest(eventId, listId);
          await store.saveManifest(manifest);
          if (!cancelled) patch({ manifest });
        } catch (error) {
          if (!cancelled && error instanceof ApiError) patch({ failure: error });
        }
      }
    })();
    const online = () => {
      patch({ online: true });
      void syncNow();
    };
    const offline = () => patch({ online: false });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    const timer = setInterval(() => void syncNow(), SYNC_EVERY_MS);
    return () => {
      cancelled = true;
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      clearInterval(timer);
    };
  }, [eventId, listId, scope, patch, refreshCounts, syncNow]);

  const submit = useCallback(
    async (request: ScanRequest, direction: ScanDirection = 'in'): Promise<ScanDisplay | null> => {
      const manifest = state.manifest;
      if (!manifest) return null;
      patch({ busy: true });
      try {
        const display = await scan(eventId, manifest, request, direction);
        const stored = await store.loadEvent(scope);
        patch({ last: display, manifest: stored?.manifest ?? manifest });
        await refreshCounts();
        return display;
      } finally {
        patch({ busy: false });
      }
    },
    [eventId, scope, patch, refreshCounts, state.manifest],
  );

  const dismissConflicts = useCallback(async () => {
    await store.clearConflicts(eventId);
    await refreshCounts();
  }, [eventId, refreshCounts]);

  const clearLast = useCallback(() => patch({ last: null }), [patch]);

  return { state, submit, syncNow, dismissConflicts, clearLast };
}
