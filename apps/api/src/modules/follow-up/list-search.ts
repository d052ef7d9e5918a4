import { type SQL, sql } from 'drizzle-orm';

/*
 * The participants list's search (issue 34): each word typed must begin a word of a row (the
 * buyer's name, the e-mail or a holder's name). The rows are found and counted from the btree of
 * their words (participant_line_words, kept by guichet_refresh_participant_lines), checked on a row
 * already read by its `search` document (docs/decisions.md, "Follow-up").
 */

/**
 * The words of a search as the list's rows hold theirs (participant_lines.search): without
 * accents, in lower case, letters and digits; each must begin a word of a name, the e-mail or a
 * holder's name.
 */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 5);
}

// Each word is letters and digits only (searchWords): nothing in it is tsquery syntax, and it is
// read as it is (a cast, not to_tsquery, whose parser would split '12e45abc' as the rows' words no
// longer are). A search of signs alone ('%') finds nobody, as no name holds it. Checked on a row
// already read (a page walking its sort's index); `keysFound` finds the rows from the words' index.
export const searched = (q: string | undefined, words: string[]) => {
  if (words.length > 0)
    return sql` and g.search @@ (select ${words.map((word) => `${word}:*`).join(' & ')}::text)::tsquery`;
  return q?.trim() ? sql` and false` : sql``;
};

/**
 * The first string after every string that begins with `word`, in byte order (collation "C"):
 * its last character's successor. A search word is letters and digits (searchWords), never the
 * last code point nor one before a surrogate.
 */
function pastPrefix(word: string): string {
  const characters = [...word];
  const last = characters.pop()?.codePointAt(0) ?? 0;
  return characters.join('') + String.fromCodePoint(last + 1);
}

/** The entries of participant_line_words' key for one word's prefix: one range of the index. */
const wordEntries = (eventId: string, word: string) =>
  sql`select w.word, w.key, w.quantity from participant_line_words w
       where w.event_id = ${eventId} and w.word >= (select ${word}::text) and w.word < (select ${pastPrefix(word)}::text)`;

/**
 * The rows that hold a word beginning with each of `words`, with their places, read from the
 * words' index alone: the rows `searched` finds, without visiting them. Several words give each
 * row once (their intersection); one word gives a row once per word of the row it begins.
 */
function keysFound(eventId: string, words: string[]): SQL {
  return sql.join(
    words.map((word) => sql`(select e.key, e.quantity from (${wordEntries(eventId, word)}) e)`),
    words.length === 1 ? sql`` : sql` intersect `,
  );
}

/**
 * The rows a search finds, as a filter of rows read by their key (`g`). An array, so that they are
 * read by the key's index in any plan: as a join, a plan made once for every word read the
 * event's 40,000 rows to keep 300 of them (144 ms against 14).
 */
export const foundByKey = (eventId: string, q: string | undefined, words: string[]) => {
  if (words.length > 0) return sql` and g.key = any(array(select f.key from (${keysFound(eventId, words)}) f))`;
  return q?.trim() ? sql` and false` : sql``;
};

/**
 * A search's rows and places for the list's header, from the words' index. One word: its entries
 * counted as they come when they are all one word (a row holds a word once), else each row once
 * (a row holding 'camille' and 'camilleri'): setting 5,000 keys apart cost more than reading them.
 */
export function foundTotals(eventId: string, words: string[]): SQL {
  const [word] = words;
  if (words.length > 1 || word === undefined) {
    return sql`select count(*)::int as total, coalesce(sum(f.quantity), 0)::int as places
                 from (${keysFound(eventId, words)}) f`;
  }
  return sql`select coalesce(d.total, s.total) as total, coalesce(d.places, s.places) as places
               from (select count(*)::int as total, coalesce(sum(e.quantity), 0)::int as places,
                            min(e.word) = max(e.word) as "oneWord"
                       from (${wordEntries(eventId, word)}) e) s
               left join lateral (
                 select count(*)::int as total, coalesce(sum(f.quantity), 0)::int as places
                   from (select distinct e.key, e.quantity from (${wordEntries(eventId, word)}) e) f
                  having not s."oneWord") d on true`;
}
