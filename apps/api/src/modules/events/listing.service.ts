import { createHmac } from 'node:crypto';
import { dateWindow, discoveryFr, type EventListQuery, isCalendarDay, LISTING } from '@guichet/shared';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest } from '../../lib/errors';
import { singleFlight } from '../../lib/single-flight';
import { weakEtag } from '../../plugins/http-cache';
import type { SignedInUser } from '../users/users.repository';
import { type CursorCodec, createCursorCodec } from './cursor';
import { findListingPage, findSearchNearDay, type ListingFilter } from './listing.repository';

const m = discoveryFr.query;

/**
 * A page of the list as sent: its JSON body, the same encoded once in UTF-8 (a kept page is sent
 * many times, and a string body is encoded again at every send), and a validator of it.
 */
type ListingAnswer = { body: string; bytes: Buffer; etag: string };

/**
 * The words of a search, at most 8, of 2 letters or more: letters and digits only, so that
 * elisions ("l'été", "d’Avignon") and punctuation part them; the database reads each as a prefix
 * and finds a word typed one letter wrong (guichet_search_tsquery).
 */
export function searchQuery(q: string | undefined): string[] | null {
  if (!q) return null;
  const words = q
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2)
    .slice(0, 8);
  return words.length ? words : null;
}

/** The query's filters, checked beyond what its schema can say (calendar days, the cursor). */
function resolveFilter(query: EventListQuery, now: Date, cursors: CursorCodec): ListingFilter {
  for (const day of [query.from, query.to]) {
    if (day && !isCalendarDay(day)) throw badRequest(m.invalidDate, day === query.from ? 'from' : 'to');
  }
  const window = dateWindow(query, now);
  if (window && window.end.getTime() - window.start.getTime() > (LISTING.maxRangeDays + 1) * 86_400_000) {
    throw badRequest(m.dateRangeTooLong, 'to');
  }
  const after = query.cursor ? cursors.decode(query.cursor) : null;
  if (query.cursor && !after) throw new AppError('INVALID_CURSOR', m.invalidCursor, 400, 'cursor');
  const city = query.city?.trim() || null;
  return {
    price: query.price,
    window,
    typeId: query.type ?? null,
    city,
    search: searchQuery(query.q),
    near:
      query.lat !== undefined && query.lon !== undefined
        ? { latitude: query.lat, longitude: query.lon, radiusKm: query.radius ?? LISTING.defaultRadiusKm }
        : null,
    after,
    limit: query.limit ?? LISTING.pageSize,
  };
}

/** How long a visitor's page is reused by this process: a new event shows within this delay. */
const SHARED_PAGE_TTL_MS = 2_000;
const SHARED_PAGE_ENTRIES = 500;
/** How long the day a search's first stretch ends is used before it is read again (any day gives the same page). */
const NEAR_DAY_TTL_MS = 10_000;

/**
 * The list, page by page. A visitor's page is the same for every visitor: it is computed once
 * for concurrent requests (single flight) and reused for two seconds (a small bounded cache),
 * which is what lets a burst on the first page cost one query. A logged-in viewer's page holds
 * their own private events: it is theirs alone, never cached.
 */
export function createEventListing(deps: { db: Database; clock: Clock; cursorKey: Buffer }) {
  const cursors = createCursorCodec(deps.cursorKey);
  const recent = new Map<string, { at: number; answer: ListingAnswer }>();
  const asked = new Map<string, { db: Database; filter: ListingFilter }>();

  // Where a search's first stretch ends (findSearchNearDay), read again in the background once
  // older than NEAR_DAY_TTL_MS: a search then reads its index without looking for it first.
  let nearDay: { day: string; at: number } | null = null;
  let readingNearDay = false;
  function searchNearDay(db: Database): string | undefined {
    if (!readingNearDay && (!nearDay || Date.now() - nearDay.at > NEAR_DAY_TTL_MS)) {
      readingNearDay = true;
      findSearchNearDay(db, deps.clock.now())
        .then((day) => {
          nearDay = { day, at: Date.now() };
        })
        .catch(() => undefined)
        .finally(() => {
          readingNearDay = false;
        });
    }
    return nearDay?.day;
  }

  async function build(db: Database, filter: ListingFilter, viewerId: string | null): Promise<ListingAnswer> {
    const hint = filter.search !== null && !filter.after ? searchNearDay(db) : undefined;
    const page = await findListingPage(db, filter, deps.clock.now(), viewerId, hint);
    const nextCursor = page.hasMore && page.last ? JSON.stringify(cursors.encode(page.last)) : 'null';
    const body = `{"items":${page.body},"nextCursor":${nextCursor}}`;
    return { body, bytes: Buffer.from(body), etag: weakEtag(body) };
  }

  let generation = 0;
  const shared = singleFlight(async (key) => {
    // Read before the first await: `page` puts it there just before and removes it just after.
    const wanted = asked.get(key);
    if (!wanted) throw new Error('listing filter lost');
    const started = generation;
    const answer = await build(wanted.db, wanted.filter, null);
    // A write that happened meanwhile may be missing from this page: it is answered, not kept.
    if (started === generation) {
      if (recent.size >= SHARED_PAGE_ENTRIES) recent.delete(recent.keys().next().value as string);
      recent.set(key, { at: Date.now(), answer });
    }
    return answer;
  });

  return {
    /** `db`: where the page is read (a read replica, when the reader needs no fresh data). */
    async page(query: EventListQuery, viewer: SignedInUser | null, db = deps.db): Promise<ListingAnswer> {
      if (viewer) return build(db, resolveFilter(query, deps.clock.now(), cursors), viewer.id);
      // Kept pages are found by the query as checked by its schema, before the cursor's signature
      // is verified again or the dates resolved: a page found here was resolved when it was made.
      const key = JSON.stringify(query);
      const kept = recent.get(key);
      if (kept && Date.now() - kept.at < SHARED_PAGE_TTL_MS) return kept.answer;
      asked.set(key, { db, filter: resolveFilter(query, deps.clock.now(), cursors) });
      const answer = shared(key);
      asked.delete(key);
      return answer;
    },
    /** Forgets the kept pages: this process changed something (every successful write calls it). */
    forget() {
      generation += 1;
      recent.clear();
    },
  };
}
export type EventListing = ReturnType<typeof createEventListing>;

/** The cursor's HMAC key, derived from the ticket signing key: stable across processes and restarts. */
export function cursorKeyFrom(secret: Buffer | string): Buffer {
  return createHmac('sha256', secret).update('guichet event list cursor').digest();
}
