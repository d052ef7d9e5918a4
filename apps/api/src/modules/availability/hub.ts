import type { EventAvailability } from '@guichet/shared';
import type { Database, DatabaseHandle, Unlisten } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { availabilityReads, availabilityStreams } from '../../lib/metrics';
import { availabilityView, fingerprint } from './figures';
import { findEventPlaces, type PlacesRow } from './repository';

/** The channel of the tickets_places_changed trigger (availability/sql/): its payload is the id of the event whose places changed. */
const PLACES_CHANNEL = 'guichet_places';

type Watcher = {
  /** The tickets this reader may see (events/event.service.ts rules), and a key shared by equal sets. */
  visible: ReadonlySet<string>;
  push(json: string): void;
  close(reconnectInMs?: number): void;
};

/**
 * When the readers of a stopping process reconnect (through the load balancer, to another
 * server): spread over two seconds so that a thousand readers do not arrive in the same instant.
 */
const reconnectHintMs = () => 500 + Math.floor(Math.random() * 2000);

type Followed = {
  eventId: string;
  watchers: Set<Watcher>;
  rows?: PlacesRow[];
  print?: string;
  /** One JSON text per distinct set of visible tickets, made once per change. */
  views: Map<string, string>;
  reading?: Promise<void>;
  isDirty: boolean;
  lastReadAt: number;
  timer?: NodeJS.Timeout;
  expiryTimer?: NodeJS.Timeout;
};

export type AvailabilityHub = ReturnType<typeof createAvailabilityHub>;

/**
 * This process's readers of live availability (docs/decisions.md, "Live availability"). One
 * LISTEN for the process; a change of an event that somebody here follows is read once, at most
 * every `minIntervalMs`, whatever the number of its readers, and pushed only when a figure moved.
 * Events nobody here follows cost nothing. A hold that runs out changes no row until it is
 * reclaimed, yet its places are free from its deadline on: a timer reads again then.
 */
export function createAvailabilityHub(deps: {
  db: Database;
  clock: Clock;
  listen: DatabaseHandle['listen'];
  minIntervalMs?: number;
  maxWatchers?: number;
  onError?: (error: unknown) => void;
}) {
  const minIntervalMs = deps.minIntervalMs ?? 250;
  const followed = new Map<string, Followed>();
  let watcherCount = 0;
  let reads = 0;
  let listening: Promise<Unlisten> | undefined;
  let isClosed = false;

  const keyOf = (visible: ReadonlySet<string>) => [...visible].sort().join(',');
  const viewJson = (entry: Followed, visible: ReadonlySet<string>): string => {
    const key = keyOf(visible);
    let json = entry.views.get(key);
    if (json === undefined) {
      json = JSON.stringify(availabilityView(entry.eventId, entry.rows ?? [], visible));
      entry.views.set(key, json);
    }
    return json;
  };

  const apply = (entry: Followed, rows: PlacesRow[]) => {
    scheduleExpiry(entry, rows[0]?.next_expiry ?? null);
    const print = fingerprint(rows);
    if (print === entry.print) return;
    const isFirst = entry.print === undefined;
    entry.rows = rows;
    entry.print = print;
    entry.views.clear();
    if (isFirst) return;
    for (const watcher of entry.watchers) watcher.push(viewJson(entry, watcher.visible));
  };

  const read = (entry: Followed): Promise<void> => {
    entry.isDirty = false;
    entry.lastReadAt = Date.now();
    reads++;
    availabilityReads.inc();
    entry.reading = findEventPlaces(deps.db, entry.eventId, deps.clock.now())
      .then((rows) => apply(entry, rows))
      .finally(() => {
        entry.reading = undefined;
        if (entry.isDirty && followed.get(entry.eventId) === entry) schedule(entry);
      });
    return entry.reading;
  };

  const schedule = (entry: Followed) => {
    if (entry.reading || entry.timer) return;
    const wait = entry.lastReadAt + minIntervalMs - Date.now();
    if (wait <= 0) {
      read(entry).catch(deps.onError);
      return;
    }
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      read(entry).catch(deps.onError);
    }, wait);
    entry.timer.unref();
  };

  const changed = (eventId: string) => {
    const entry = followed.get(eventId);
    if (!entry) return;
    entry.isDirty = true;
    schedule(entry);
  };

  const scheduleExpiry = (entry: Followed, nextExpiry: Date | string | null) => {
    clearTimeout(entry.expiryTimer);
    entry.expiryTimer = undefined;
    if (!nextExpiry) return;
    // A little after the deadline, so that the read finds the hold past it.
    // A deadline further than an hour is looked at again in an hour (timers are kept short).
    const wait = new Date(nextExpiry).getTime() - deps.clock.now().getTime() + 20;
    entry.expiryTimer = setTimeout(() => changed(entry.eventId), Math.min(Math.max(0, wait), 3_600_000));
    entry.expiryTimer.unref();
  };

  const startListening = () => {
    listening ??= deps
      .listen(PLACES_CHANNEL, {
        onMessage: changed,
        // Changes made while the connection was away were not heard: every followed event is read.
        onRestart: () => {
          for (const eventId of followed.keys()) changed(eventId);
        },
      })
      .catch((error) => {
        listening = undefined;
        throw error;
      });
    return listening;
  };

  const forget = (entry: Followed) => {
    clearTimeout(entry.timer);
    clearTimeout(entry.expiryTimer);
    followed.delete(entry.eventId);
  };

  return {
    /** Whether one more reader may follow (the process's cap). */
    hasRoom: () => !isClosed && watcherCount < (deps.maxWatchers ?? 20_000),

    /** The application is stopping: a stream that was being opened is not opened. */
    isClosed: () => isClosed,

    /**
     * Follows an event: pushes its changes to `watcher`, and `view()` gives the figures now, for
     * the reader's first message (asked when its stream opens, so that no change falls between).
     */
    async watch(eventId: string, watcher: Watcher): Promise<{ view(): string; stop(): void }> {
      await startListening();
      let entry = followed.get(eventId);
      if (!entry) {
        entry = { eventId, watchers: new Set(), views: new Map(), isDirty: false, lastReadAt: 0 };
        followed.set(eventId, entry);
      }
      const current = entry;
      current.watchers.add(watcher);
      watcherCount++;
      availabilityStreams.inc();
      let isStopped = false;
      const stop = () => {
        if (isStopped) return;
        isStopped = true;
        watcherCount--;
        availabilityStreams.dec();
        current.watchers.delete(watcher);
        if (current.watchers.size === 0 && followed.get(eventId) === current) forget(current);
      };
      try {
        if (current.reading) await current.reading;
        if (!current.rows) await read(current);
      } catch (error) {
        stop();
        throw error;
      }
      return { view: () => viewJson(current, watcher.visible), stop };
    },

    /** The figures now: from memory when this process follows the event, else one read. */
    async snapshot(eventId: string, visible: ReadonlySet<string>): Promise<EventAvailability> {
      const entry = followed.get(eventId);
      if (entry?.rows && !entry.isDirty && !entry.reading) return JSON.parse(viewJson(entry, visible));
      return availabilityView(eventId, await findEventPlaces(deps.db, eventId, deps.clock.now()), visible);
    },

    stats: () => ({ events: followed.size, watchers: watcherCount, reads }),

    /**
     * Ends every stream (before the server waits for its connections), each with a hint to
     * reconnect soon, elsewhere, and the LISTEN.
     */
    async close() {
      isClosed = true;
      for (const entry of [...followed.values()]) {
        for (const watcher of [...entry.watchers]) watcher.close(reconnectHintMs());
        forget(entry);
      }
      const unlisten = await listening?.catch(() => undefined);
      listening = undefined;
      await unlisten?.();
    },
  };
}
