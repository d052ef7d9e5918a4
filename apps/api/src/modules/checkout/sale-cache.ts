import type { Database } from '../../db/client';
import { singleFlight } from '../../lib/single-flight';
import { loadSale, type Sale } from './sale.repository';

export type SaleCache = {
  /** The sale, possibly a copy a few seconds old (`cached`); undefined when there is no such event. */
  get(db: Database, eventId: string): Promise<{ sale: Sale | undefined; cached: boolean }>;
  /** The sale read now; the copy is replaced. */
  fresh(db: Database, eventId: string): Promise<Sale | undefined>;
  /** Drops the copy of an event, or every copy. */
  forget(eventId?: string): void;
};

/** Where a change of an event's sale is told to every process (`*`: some event, which one unknown). */
export const SALE_CHANGED_CHANNEL = 'guichet:sale-changed';

const SALE_WRITES = /^\/api\/(events|tickets|discounts|console\/events|admin\/events)(\/|$)/;

/**
 * The event whose sale an organiser's or administrator's write may have changed (`*` when the
 * route does not name it), or null for the other writes (a hold, a payment: they change counters,
 * which no copy holds).
 */
export function changedSaleOf(routeUrl: string | undefined, params: unknown): string | null {
  if (!routeUrl || !SALE_WRITES.test(routeUrl)) return null;
  const id = (params as { id?: unknown } | undefined)?.id;
  return /^\/api\/(admin\/|console\/)?events\/:id/.test(routeUrl) && typeof id === 'string' ? id : '*';
}
/**
 * A short-lived copy of each event's sale metadata, for one application instance, dropped when
 * any process tells of a change (SALE_CHANGED_CHANNEL). A copy is
 * only a guess: every hold compares its fingerprint in the database, and the checkout reads the
 * sale again before refusing anything on its word, so a stale copy never sells or refuses wrongly.
 */
export function createSaleCache(options: { ttlMs?: number; maxEvents?: number } = {}): SaleCache {
  const ttlMs = options.ttlMs ?? 5_000;
  const maxEvents = options.maxEvents ?? 1_000;
  const copies = new Map<string, { sale: Sale; until: number }>();
  const loaders = new WeakMap<Database, (eventId: string) => Promise<Sale | undefined>>();

  const loaderFor = (db: Database) => {
    let load = loaders.get(db);
    if (!load) {
      load = singleFlight(async (eventId) => {
        const sale = await loadSale(db, eventId);
        copies.delete(eventId);
        if (sale) {
          if (copies.size >= maxEvents) copies.delete(copies.keys().next().value as string);
          copies.set(eventId, { sale, until: Date.now() + ttlMs });
        }
        return sale;
      });
      loaders.set(db, load);
    }
    return load;
  };

  return {
    async get(db, eventId) {
      const copy = copies.get(eventId);
      if (copy && copy.until > Date.now()) return { sale: copy.sale, cached: true };
      return { sale: await loaderFor(db)(eventId), cached: false };
    },
    fresh: (db, eventId) => loaderFor(db)(eventId),
    forget(eventId) {
      if (eventId && eventId !== '*') copies.delete(eventId);
      else copies.clear();
    },
  };
}
