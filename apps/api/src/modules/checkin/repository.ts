import type { RevocationReason, ScanDirection, ScanResult } from '@guichet/shared';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { preparedRows, type Statement } from '../../db/prepared';
import { batchFailureReason, createGroupCommit } from '../../lib/group-commit';
import { scanGroupFailures, scanGroupSize } from '../../lib/metrics';
import { placeCoversDate, placeEntriesOnDate, placeOfDate } from '../dates/places-of-date';

export type ScanToRecord = {
  id: string;
  participationId: string | null;
  scannedAt: string;
  offline: boolean;
  /** The application's verdict on the code: a genuine code of this event is 'check'ed by the database. */
  verdict: 'check' | 'invalid' | 'other_event';
  /** A code signed for a participation of several places: any unused place of its group lets in. */
  group: boolean;
  /** The check-in list, or none for the whole event (issue 31). */
  listId: string | null;
  direction: ScanDirection;
};

export type RecordedScan = {
  id: string;
  result: ScanResult;
  participationId: string | null;
  remaining: number | null;
  quantity: number | null;
  holderName: string | null;
  ticketTitle: string | null;
  lastScanAt: string | null;
  lastScanBy: string | null;
  replay: boolean;
  direction: ScanDirection;
};

/** The copies a scan was made on, for the statement to confirm (door-copies.ts); each part only when copied. */
export type DoorGuard = {
  /** The session's copy: its token's hash, the role the permission read, and now by the application's clock. */
  tokenHash?: string;
  role?: string;
  now?: string;
  /** The scan permission's copy: the event's organiser and the scanner's staff seat. */
  organizerId?: string;
  isStaff?: boolean;
  /** The lists' copies, as the scan's checks read them. */
  lists?: { id: string; live: boolean; allowCheckout: boolean; name: string }[];
};

export type ScanRequest = {
  eventId: string;
  staffUserId: string;
  deviceId: string;
  scans: ScanToRecord[];
  guard?: DoorGuard;
};
type ScanAnswer = RecordedScan[] | { stale: 'session' | 'access' | 'list' };

const recordStatement: Statement = {
  name: 'guichet_record_scans',
  text: 'select guichet_record_scans($1::jsonb) as outcomes',
};
const recordRequestsStatement: Statement = {
  name: 'guichet_record_scan_requests',
  text: 'select guichet_record_scan_requests($1::jsonb) as outcomes',
};
/** A statement's requests stay few: their places' rows are locked until it commits. */
const SCAN_GROUP_MAX = 16;
const scanGroups = new WeakMap<Database, ReturnType<typeof createGroupCommit<ScanRequest, ScanAnswer>>>();

async function recordAlone(db: Database, request: ScanRequest): Promise<ScanAnswer> {
  const [row] = await preparedRows(db)<{ outcomes: ScanAnswer }>(recordStatement, [JSON.stringify(request)]);
  return row?.outcomes ?? [];
}

/**
 * The one-scan requests of an event's doors, combined: doors scanning at once share a statement,
 * a round trip and a commit (`guichet_record_scan_requests`), each with its own answer. A
 * device's batch goes alone: a single scan grouped with a batch waited for the batch
 * (docs/decisions.md, "Check-in").
 */
function scanGroupOf(db: Database) {
  let group = scanGroups.get(db);
  if (!group) {
    group = createGroupCommit<ScanRequest, ScanAnswer>({
      single: (request) => {
        scanGroupSize.observe(1);
        return recordAlone(db, request);
      },
      batch: async (requests) => {
        scanGroupSize.observe(requests.length);
        const [row] = await preparedRows(db)<{ outcomes: ScanAnswer[] }>(recordRequestsStatement, [
          JSON.stringify(requests),
        ]);
        return row?.outcomes ?? [];
      },
      maxBatch: SCAN_GROUP_MAX,
      // One statement of an event at a time: two in flight split the doors' requests (1.5 a
      // statement instead of 2) and measured no faster.
      inFlight: 1,
      onBatchError: (error, size) => scanGroupFailures.inc({ size: String(size), reason: batchFailureReason(error) }),
    });
    scanGroups.set(db, group);
  }
  return group;
}

/**
 * Records scans and takes their entries in one round trip (`guichet_record_scans`); or, when a
 * copy in `guard` no longer holds, which one, with nothing written. A request of one scan may
 * share its statement with other doors' (`scanGroupOf`).
 */
export async function recordScans(db: Database, request: ScanRequest): Promise<ScanAnswer> {
  return request.scans.length === 1 ? scanGroupOf(db).run(request.eventId, request) : recordAlone(db, request);
}

/** The date of an event of several the door lets in at `now` (guichet_event_date_at); null for a one-date event. */
export async function findDoorDate(db: Database, eventId: string, now: Date): Promise<string | null> {
  const [row] = await queryRows<{ id: string | null }>(
    db,
    sql`select guichet_event_date_at(${eventId}, ${now.toISOString()}::timestamptz) as id`,
  );
  return row?.id ?? null;
}

/** The participations the door checks, with what the scanner shows and searches; the last entry on the list given (none: the whole event's). */
export function findManifest(db: Database, eventId: string, listId: string | null, dateId: string | null, now: Date) {
  // One date's manifest (issue 32): its places and the passes covering it.
  const ofDate = dateId ? sql`and ${placeOfDate(dateId)}` : sql``;
  // A pass is let in once per date: its entries are those of the manifest's date, or of the date
  // the door lets in now (guichet_event_date_at); an offline scanner syncs again as dates go by.
  const passDate = dateId
    ? sql`${dateId}::uuid`
    : sql`guichet_event_date_at(${eventId}, ${now.toISOString()}::timestamptz)`;
  return queryRows<{
    id: string;
    splitFrom: string | null;
    ticketNumber: number | null;
    dateId: string | null;
    holderName: string;
    email: string;
    ticketTitle: string;
    quantity: number;
    entriesUsed: number;
    lastScanAt: string | null;
    lastScanBy: string | null;
  }>(
    db,
    sql`with door as (select ${passDate} as date_id where ${listId}::uuid is null)
        select p.id, p.split_from as "splitFrom", p.first_ticket_number as "ticketNumber", p.date_id as "dateId",
               guichet_holder_name(coalesce(p.holder_first_name, o.buyer_first_name),
                                   coalesce(p.holder_last_name, o.buyer_last_name), u.first_name, u.last_name) as "holderName",
               u.email,
               coalesce(h.title || ' — ' || t.title, t.title) as "ticketTitle",
               p.quantity,
               case when door.date_id is not null and t.is_pass and p.date_id is null
                         and ${placeCoversDate(sql`door.date_id`)}
                    then ${placeEntriesOnDate(sql`door.date_id`)} else p.entries_used end as "entriesUsed",
               last_scan.scanned_at as "lastScanAt", last_scan.scanned_by as "lastScanBy"
          from participations p
          left join lateral (
            select ${isoTimestamp('s.scanned_at')} as scanned_at, su.first_name || ' ' || su.last_name as scanned_by
              from scans s join users su on su.id = s.staff_user_id
             where s.participation_id = p.id and s.result = 'accepted' and s.direction = 'in'
               and s.list_id is not distinct from ${listId}::uuid
             order by s.scanned_at desc limit 1) last_scan on true
          join users u on u.id = p.user_id
          join tickets t on t.id = p.ticket_id
          left join door on true
          left join tickets h on h.id = t.parent_id
          left join orders o on o.id = p.order_id
         where p.event_id = ${eventId} and p.cancelled_at is null ${ofDate}
         order by "holderName", p.id`,
  );
}

/**
 * The event's places whose codes still verify and are refused, and why, as a scan online answers:
 * handed on (transferred), cancelled (refunded, left, resold: the seller's place is cancelled), an
 * invitation revoked. A place cancelled while places split from it live is left out: its older
 * code of several places lets them in.
 */
export async function findRevoked(db: Database, eventId: string): Promise<{ id: string; reason: RevocationReason }[]> {
  return queryRows<{ id: string; reason: RevocationReason }>(
    db,
    sql`select p.id,
               case when p.transferred_at is not null then 'transferred'
                    when p.source = 'invitation' then 'invitation_revoked'
                    else 'cancelled' end as reason
          from participations p
         where p.event_id = ${eventId}
           and (p.transferred_at is not null
                or (p.cancelled_at is not null
                    and not exists (select 1 from participations g where g.split_from = p.id and g.cancelled_at is null))
                or exists (select 1 from resale_listings r where r.participation_id = p.id and r.status = 'sold'))`,
  );
}

export async function findEventDates(db: Database, eventId: string) {
  const [row] = await queryRows<{ dateBegin: string; dateEnd: string }>(
    db,
    sql`select ${isoTimestamp('date_begin')} as "dateBegin", ${isoTimestamp('date_end')} as "dateEnd" from events where id = ${eventId}`,
  );
  return row;
}

/**
 * The events a person runs the door of around now (from a day before their start to a day after
 * their end): as staff, as organiser, or any for the administrator.
 */
export function findScannableEvents(
  db: Database,
  viewer: { id: string; isAdmin: boolean; isVerified: boolean },
  now: Date,
) {
  const at = now.toISOString();
  const { id: userId, isAdmin } = viewer;
  // Who sells at the door, as policy/can.ts's sellAtDoor says it.
  return queryRows<{ id: string; title: string; dateBegin: string; dateEnd: string; canSell: boolean }>(
    db,
    sql`select e.id, e.title, ${isoTimestamp('e.date_begin')} as "dateBegin", ${isoTimestamp('e.date_end')} as "dateEnd",
               (${isAdmin} or (e.organizer_id = ${userId} and ${viewer.isVerified})
                or exists(select 1 from event_staff s
                           where s.event_id = e.id and s.user_id = ${userId} and s.role = 'box-office')) as "canSell"
          from events e
         where e.deleted_at is null
           and e.date_begin <= ${at}::timestamptz + interval '1 day'
           and e.date_end >= ${at}::timestamptz - interval '1 day'
           and (${isAdmin} or e.organizer_id = ${userId}
                or exists(select 1 from event_staff s where s.event_id = e.id and s.user_id = ${userId}))
         order by e.date_begin, e.id
         limit 50`,
  );
}
