import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { auditLog } from '../../db/schema';

type AuditTargetType = 'user' | 'event' | 'payout' | 'payout_batch' | 'api_token' | 'webhook';

type AuditRecord = {
  actorId: string;
  action: string;
  targetType: AuditTargetType;
  targetId: string;
  before?: unknown;
  after?: unknown;
};

/** Written in the transaction of the action it records: no action without its line, nor the reverse. */
export async function insertAudit(db: Database, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({ ...record, before: record.before ?? null, after: record.after ?? null });
}

type AuditRow = {
  id: string;
  actorName: string | null;
  action: string;
  targetType: AuditTargetType;
  targetId: string;
  targetLabel: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
};

/** The newest first, with who acted and a readable name for what they acted on. */
export function findAuditEntries(db: Database, limit: number): Promise<AuditRow[]> {
  return queryRows<AuditRow>(
    db,
    sql`select a.id, nullif(trim(actor.first_name || ' ' || actor.last_name), '') as "actorName", a.action,
               a.target_type as "targetType", a.target_id as "targetId",
               case a.target_type
                 when 'user' then (select u.first_name || ' ' || u.last_name || ' <' || u.email || '>' from users u where u.id = a.target_id)
                 when 'event' then (select e.title from events e where e.id = a.target_id)
                 when 'payout' then (select e.title from payouts p join events e on e.id = p.event_id where p.id = a.target_id)
                 when 'payout_batch' then (select string_agg(distinct e.title, ', ') from payouts p
                                             join events e on e.id = p.event_id where p.batch_id = a.target_id)
                 when 'api_token' then (select t.name from api_tokens t where t.id = a.target_id)
                 when 'webhook' then (select w.url from webhook_endpoints w where w.id = a.target_id)
               end as "targetLabel",
               a.before, a.after,
               ${isoTimestamp('a.created_at')} as "createdAt"
          from audit_log a left join users actor on actor.id = a.actor_id
         order by a.created_at desc, a.id
         limit ${limit}`,
  );
}
