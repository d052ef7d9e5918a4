import type { CheckinLists } from '@guichet/shared';

type Watcher = {
  push(json: string): void;
  close(reconnectInMs?: number): void;
};

type Followed = { watchers: Set<Watcher>; last?: string; timer?: NodeJS.Timeout; reading: boolean };

/** Readers of a stopping process reconnect to another server, spread over two seconds. */
const reconnectHintMs = () => 500 + Math.floor(Math.random() * 2000);

/**
 * The people inside and the entries of an event's check-in lists, pushed to the scanners and
 * consoles that follow it (issue 31). A scan writes nothing more for them: a notification at each
 * commit would slow the door, which is the hot path here. Each process reads the figures of the
 * events somebody follows through it once every `everyMs`, whatever the number of readers, and
 * pushes them only when they moved.
 */
export function createCheckinFiguresHub(options: {
  read(eventId: string): Promise<CheckinLists>;
  everyMs?: number;
  onError?(error: unknown): void;
}) {
  const everyMs = options.everyMs ?? 1_000;
  const followed = new Map<string, Followed>();
  let closed = false;

  async function readAgain(eventId: string, entry: Followed) {
    if (entry.reading) return;
    entry.reading = true;
    try {
      const json = JSON.stringify(await options.read(eventId));
      if (json === entry.last) return;
      entry.last = json;
      for (const watcher of entry.watchers) watcher.push(json);
    } catch (error) {
      options.onError?.(error);
    } finally {
      entry.reading = false;
    }
  }

  function stop(eventId: string, entry: Followed, watcher: Watcher) {
    entry.watchers.delete(watcher);
    if (entry.watchers.size > 0 || followed.get(eventId) !== entry) return;
    clearInterval(entry.timer);
    followed.delete(eventId);
  }

  return {
    isClosed: () => closed,
    /** Follows `eventId` for `watcher`: the figures as they are now, and how to stop following. */
    async watch(eventId: string, watcher: Watcher): Promise<{ first: string; stop(): void }> {
      let entry = followed.get(eventId);
      if (!entry) {
        const created: Followed = { watchers: new Set(), reading: false };
        created.timer = setInterval(() => void readAgain(eventId, created), everyMs);
        created.timer.unref();
        followed.set(eventId, created);
        entry = created;
      }
      const current = entry;
      current.watchers.add(watcher);
      try {
        const first = current.last ?? JSON.stringify(await options.read(eventId));
        current.last ??= first;
        return { first, stop: () => stop(eventId, current, watcher) };
      } catch (error) {
        stop(eventId, current, watcher);
        throw error;
      }
    },
    /** Ends every stream with a reconnection hint (a stopping server). */
    close() {
      closed = true;
      for (const entry of followed.values()) {
        clearInterval(entry.timer);
        for (const watcher of entry.watchers) watcher.close(reconnectHintMs());
      }
      followed.clear();
    },
  };
}
