import {
  admittedCount,
  isRoomActive,
  type RoomSettings,
  secondsUntilAdmitted,
  type WaitingRoomStatus,
  waitingRoomFr,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { singleFlight } from '../../lib/single-flight';
import { loadTicketKeys } from '../ticket-codes/keys';
import { ADMISSION_SECONDS, admissionKeyFrom, signAdmission, verifyAdmission } from './admission';
import { createMemoryQueueStore, createRedisQueueStore, type QueueEntry, type QueueStore } from './queue-store';
import { findRoomSettings } from './repository';

type Logger = { warn(object: object, message: string): void; error(object: object, message: string): void };

/** A status and, once the visitor is admitted, the admission to hand over (cookie). */
export type RoomAnswer = { status: WaitingRoomStatus; admission?: { token: string; maxAgeSeconds: number } };

type WaitingRoom = ReturnType<typeof createWaitingRoom>;

/** The organiser's change reaches every process within this; the hold path reads no row for it. */
const SETTINGS_TTL_MS = 2_000;
const SETTINGS_CACHE_MAX = 10_000;

const off: WaitingRoomStatus = {
  state: 'off',
  position: null,
  ahead: 0,
  estimatedSeconds: 0,
  opensAt: null,
  progress: 1,
};

const unavailable = () => new AppError('WAITING_ROOM_UNAVAILABLE', waitingRoomFr.errors.unavailable, 503);

export function createWaitingRoom(
  deps: Pick<AppDeps, 'db' | 'clock'> & { store: QueueStore; key: Buffer; log: Logger },
) {
  const { clock, store, key, log } = deps;
  const settingsCache = new Map<string, { until: number; settings: RoomSettings | null }>();

  // One read per event for every buyer arriving while it runs: at an on-sale's first second, and
  // each time the copy ends, the crowd would otherwise queue as many reads for the pool's
  // connections ahead of its holds.
  const readSettings = singleFlight(async (eventId: string) => {
    const row = isUuid(eventId) ? await findRoomSettings(deps.db, eventId) : undefined;
    const settings = row && !row.cancelledAt && !row.deletedAt ? row : null;
    const now = clock.now().getTime();
    const cached = { until: now + SETTINGS_TTL_MS, settings };
    // Any id may be asked about: past a bound the stale entries go, so the cache cannot grow without end.
    if (settingsCache.size >= SETTINGS_CACHE_MAX) {
      for (const [id, entry] of settingsCache) if (entry.until <= now) settingsCache.delete(id);
      if (settingsCache.size >= SETTINGS_CACHE_MAX) settingsCache.clear();
    }
    settingsCache.set(eventId, cached);
    return cached;
  });

  /** The event's room settings when its room is on now; null otherwise (or unknown event). */
  async function activeRoom(
    eventId: string,
  ): Promise<(RoomSettings & { onsaleAt: Date; admissionPerMinute: number }) | null> {
    const now = clock.now();
    let cached = settingsCache.get(eventId);
    if (!cached || cached.until <= now.getTime()) cached = await readSettings(eventId);
    const settings = cached.settings;
    if (!settings || !isRoomActive(settings, now)) return null;
    return settings as RoomSettings & { onsaleAt: Date; admissionPerMinute: number };
  }

  /** Until when an entry's admission holds: ADMISSION_SECONDS from the later of its turn and its arrival. */
  const admissionEnd = (room: { onsaleAt: Date; admissionPerMinute: number }, entry: QueueEntry) =>
    Math.max(entry.joinedAt, room.onsaleAt.getTime() + Math.ceil((entry.position * 60_000) / room.admissionPerMinute)) +
    ADMISSION_SECONDS * 1000;

  function answer(
    eventId: string,
    visitorId: string,
    room: { onsaleAt: Date; admissionPerMinute: number },
    entry: QueueEntry | null,
  ): RoomAnswer {
    const now = clock.now();
    const opensAt = room.onsaleAt.toISOString();
    const admitted = admittedCount(room.onsaleAt, room.admissionPerMinute, now);
    // No place yet, or an admission that ran out: the page asks for a (new) place.
    if (!entry || (entry.position < admitted && admissionEnd(room, entry) <= now.getTime())) {
      return { status: { state: 'waiting', position: null, ahead: 0, estimatedSeconds: 0, opensAt, progress: 0 } };
    }
    if (entry.position < admitted) {
      const expiresAt = admissionEnd(room, entry);
      return {
        status: { state: 'admitted', position: null, ahead: 0, estimatedSeconds: 0, opensAt, progress: 1 },
        admission: {
          token: signAdmission(key, { eventId, visitorId, expiresAt }),
          maxAgeSeconds: Math.ceil((expiresAt - now.getTime()) / 1000),
        },
      };
    }
    const ahead = entry.position - admitted;
    return {
      status: {
        state: 'waiting',
        position: ahead + 1,
        ahead,
        estimatedSeconds: secondsUntilAdmitted(room.onsaleAt, room.admissionPerMinute, entry.position, now),
        opensAt,
        progress: entry.position === 0 ? 0 : Math.min(1, admitted / entry.position),
      },
    };
  }

  /** The store went away: the room cannot say who is next, so it says so rather than guess. */
  function storeFailed(eventId: string, error: unknown): never {
    log.error({ err: error, eventId }, 'waiting room: the queue store is unreachable, buyers are asked to retry');
    throw unavailable();
  }

  return {
    activeRoom,

    /** The visitor's state in the event's room; `visitorId` undefined when the browser has none yet. */
    async status(eventId: string, visitorId: string | undefined): Promise<RoomAnswer> {
      const room = await activeRoom(eventId);
      if (!room) return { status: off };
      if (!visitorId) return answer(eventId, '', room, null);
      const entry = await store.find(eventId, visitorId).catch((error) => storeFailed(eventId, error));
      return answer(eventId, visitorId, room, entry);
    },

    /** Gives the visitor a place (the one it has, if any): one per browser, whatever the tabs. */
    async join(eventId: string, visitorId: string): Promise<RoomAnswer> {
      const room = await activeRoom(eventId);
      if (!room) return { status: off };
      const now = clock.now();
      try {
        const current = await store.find(eventId, visitorId);
        const admitted = admittedCount(room.onsaleAt, room.admissionPerMinute, now);
        const expired = current !== null && current.position < admitted && admissionEnd(room, current) <= now.getTime();
        // One second's worth of buyers may enter at once after a quiet spell; the rest queue.
        const burst = Math.max(1, Math.ceil(room.admissionPerMinute / 60));
        const entry = await store.join(eventId, visitorId, {
          floor: admitted - burst,
          now: now.getTime(),
          replace: expired,
        });
        return answer(eventId, visitorId, room, entry);
      } catch (error) {
        storeFailed(eventId, error);
      }
    },

    /**
     * Refuses a hold of an event whose room is on without a valid admission of that event; the
     * first account to use an admission keeps it.
     */
    async requireAdmission(eventId: string, token: string | undefined, userId: string | undefined): Promise<void> {
      const room = await activeRoom(eventId);
      if (!room) return;
      const admission = verifyAdmission(key, token, clock.now().getTime());
      if (!admission || admission.eventId !== eventId) {
        throw new AppError('WAITING_ROOM_REQUIRED', waitingRoomFr.errors.admissionRequired, 403);
      }
      // A visitor is asked for the proof of its e-mail by the hold itself; nothing to tie yet.
      if (!userId) return;
      let bound: string;
      try {
        bound = await store.bind(eventId, admission.visitorId, userId);
      } catch (error) {
        // The signature already proves the turn came; only the one-account rule waits for Redis.
        log.warn(
          { err: error, eventId },
          'waiting room: admission accepted on its signature alone, the store is unreachable',
        );
        return;
      }
      if (bound !== userId) {
        throw new AppError('WAITING_ROOM_REQUIRED', waitingRoomFr.errors.admissionForOther, 403);
      }
    },
  };
}

const rooms = new WeakMap<object, WaitingRoom>();

/**
 * The application's one room (per bus, so the routes and the hold's check share the in-memory
 * queue of the embedded mode).
 */
export function waitingRoomOf(deps: AppDeps, log: Logger): WaitingRoom {
  let room = rooms.get(deps.bus);
  if (!room) {
    const secret = loadTicketKeys(deps.config).privateKey.export({ type: 'pkcs8', format: 'der' });
    room = createWaitingRoom({
      db: deps.db,
      clock: deps.clock,
      store: deps.bus.redis ? createRedisQueueStore(deps.bus.redis) : createMemoryQueueStore(),
      key: admissionKeyFrom(secret),
      log,
    });
    rooms.set(deps.bus, room);
  }
  return room;
}
