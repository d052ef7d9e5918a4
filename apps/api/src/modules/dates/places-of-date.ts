import { type SQL, sql } from 'drizzle-orm';

/** How the place's tables are named in the query: `p` (participations) and `t` (tickets) unless told. */
export type PlaceAliases = { place: string; ticket: string };

const shortAliases: PlaceAliases = { place: 'p', ticket: 't' };

/**
 * The one writing of the rule (issue 32): place `p` of ticket `t` is for a date `d` when it was
 * bought for it, or when `t` is a pass covering it (a pass without dates of its own covers every
 * date). The places of a one-date event name no date: they are its one date's, whose id is the
 * event's. `matches(column)` says whether a date id column is one of the dates asked.
 */
function placeMatching(matches: (dateColumn: SQL) => SQL, aliases: PlaceAliases): SQL {
  const p = sql.identifier(aliases.place);
  const t = sql.identifier(aliases.ticket);
  return sql`(${matches(sql`${p}.date_id`)}
              or (${p}.date_id is null and not ${t}.is_pass and ${matches(sql`${p}.event_id`)})
              or (${t}.is_pass and (not exists (select 1 from ticket_dates td where td.ticket_id = ${t}.id)
                                    or exists (select 1 from ticket_dates td
                                                where td.ticket_id = ${t}.id and ${matches(sql`td.date_id`)}))))`;
}

/** The place is for the date given as an SQL uuid expression (a parameter, or a column such as `d.id`); NULL for a NULL date. */
export function placeCoversDate(date: SQL, aliases: PlaceAliases = shortAliases): SQL {
  return placeMatching((column) => sql`${column} = ${date}`, aliases);
}

/** The place is for one of the dates of an SQL uuid[] expression (a check-in list's `date_ids`). */
export function placeCoversAnyDate(dates: SQL, aliases: PlaceAliases = shortAliases): SQL {
  return placeMatching((column) => sql`${column} = any(${dates})`, aliases);
}

/** The place is for the date; no date asked: every place. */
export function placeOfDate(dateId: string | null | undefined): SQL {
  if (!dateId) return sql`true`;
  return placeCoversDate(sql`${dateId}::uuid`);
}

/**
 * The entries place `p` of ticket `t` took on a date (an SQL uuid expression): a pass's are its own
 * per date (`pass_date_entries`, the scans naming no list); any other place's are its entries.
 */
export function placeEntriesOnDate(date: SQL, aliases: PlaceAliases = shortAliases): SQL {
  const p = sql.identifier(aliases.place);
  const t = sql.identifier(aliases.ticket);
  return sql`(case when ${t}.is_pass and ${p}.date_id is null
                   then coalesce((select e.entries from pass_date_entries e
                                   where e.participation_id = ${p}.id and e.date_id = ${date}), 0)
                   else ${p}.entries_used end)`;
}
