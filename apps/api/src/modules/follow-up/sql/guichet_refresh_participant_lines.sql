-- Computes again the rows of the participants list (participant_lines, participant_line_entries)
-- named by their keys, from their live places; a row left without a live place goes; the list's
-- totals (participant_line_counts) move by the difference. Called by
-- the triggers on participations, orders, users, tickets and discount codes, in the transaction
-- that changed them: the list is read from these rows, sorted and searched by their indexes,
-- instead of grouping the event's places at each page (docs/decisions.md, "Follow-up").
--
-- Each row is locked first (an advisory lock per key, in key order, guichet_lock_participant_lines)
-- and read after: two transactions changing places of one row never write it from a stale read.
CREATE OR REPLACE FUNCTION guichet_refresh_participant_lines(p_keys text[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_keys), 0) = 0 THEN RETURN; END IF;
  PERFORM guichet_lock_participant_lines(p_keys);
  WITH keys AS (
    SELECT DISTINCT k AS key,
           CASE WHEN position(':' IN k) > 0 THEN split_part(k, ':', 1)::uuid END AS order_id,
           CASE WHEN position(':' IN k) > 0 THEN split_part(k, ':', 2)::uuid END AS ticket_id,
           CASE WHEN position(':' IN k) > 0 THEN split_part(k, ':', 3)::boolean END AS is_gift,
           CASE WHEN position(':' IN k) = 0 THEN k::uuid END AS root
      FROM unnest(p_keys) k
     WHERE k IS NOT NULL),
  -- Every row this reads is read by its key, in a subquery kept apart by OFFSET 0, so that the plan
  -- does not depend on the tables' sizes: the settlement runs this under one generic plan per
  -- connection (guichet_settle_held), made while a fresh sale's tables were nearly empty, and
  -- such a plan scanned the whole of users and participations at each call as they grew.
  -- Each key's places read by an index, key after key (a subquery kept apart by OFFSET 0): joined,
  -- the plan followed the statistics of a table the same statement had just grown, and 50,000
  -- places inserted at once (an audience, a file of invitations) were each compared with every
  -- key, 4 minutes instead of 15 s.
  places AS (
    SELECT k.key, p.* FROM keys k
     CROSS JOIN LATERAL (SELECT * FROM participations p
                          WHERE p.order_id = k.order_id AND p.ticket_id = k.ticket_id AND p.is_gift = k.is_gift
                            AND p.cancelled_at IS NULL OFFSET 0) p
     WHERE k.order_id IS NOT NULL
    UNION ALL
    SELECT k.key, p.* FROM keys k
     CROSS JOIN LATERAL (SELECT * FROM participations p
                          WHERE p.id = k.root AND p.order_id IS NULL AND p.cancelled_at IS NULL OFFSET 0) p
     WHERE k.root IS NOT NULL
    UNION ALL
    -- Filtered outside: inside, the planner joined the index of every place without an order.
    SELECT k.key, p.* FROM keys k
     CROSS JOIN LATERAL (SELECT * FROM participations p WHERE p.split_from = k.root OFFSET 0) p
     WHERE k.root IS NOT NULL AND p.order_id IS NULL AND p.cancelled_at IS NULL),
  groups AS (
    SELECT key, (array_agg(id ORDER BY first_ticket_number NULLS LAST, id))[1] AS first_id,
           array_agg(id ORDER BY first_ticket_number NULLS LAST, id) AS ids,
           count(*)::int AS quantity, sum(entries_used)::int AS entries_used,
           sum(refund_places)::int AS refund_places, min(event_id::text)::uuid AS event_id
      FROM places GROUP BY key),
  lines AS (
    SELECT g.key, g.event_id, g.first_id, g.ids, p.ticket_id, g.quantity, g.refund_places,
           lower(coalesce(o.buyer_last_name, u.last_name, '')) AS last_key,
           lower(coalesce(o.buyer_first_name, u.first_name, '')) AS first_key,
           lower(coalesce(h.title, t.title)) AS type_key, lower(t.title) AS subtype_key,
           coalesce(o.paid_at, p.created_at) AS purchased_at,
           lower(d.code) AS promo_key,
           g.quantity * ((2 * coalesce(l.unit_price_cents, t.price_cents) * (100 - coalesce(o.discount_percent, 0)) + 100) / 200)::bigint AS total_cents,
           -- The words split as a search splits its own (follow-up/list-search.ts, searchWords):
           -- letters and digits between any other signs. The text parser split some further
           -- ('12e45abc' read as the number 12e45, then 'abc'): the e-mail holding it was not found.
           array_to_tsvector(array_remove(regexp_split_to_array(guichet_unaccent(lower(concat_ws(' ',
             coalesce(o.buyer_first_name, u.first_name), coalesce(o.buyer_last_name, u.last_name),
             coalesce(o.buyer_email, u.email),
             (SELECT string_agg(guichet_holder_name(coalesce(q.holder_first_name, qo.buyer_first_name),
                                                    coalesce(q.holder_last_name, qo.buyer_last_name), qu.first_name, qu.last_name), ' ')
                FROM unnest(g.ids) AS qid(id)
               CROSS JOIN LATERAL (SELECT * FROM participations WHERE id = qid.id OFFSET 0) q
                LEFT JOIN LATERAL (SELECT * FROM orders WHERE id = q.order_id OFFSET 0) qo ON true
                LEFT JOIN LATERAL (SELECT * FROM users WHERE id = q.user_id OFFSET 0) qu ON true)))),
             '[^[:alnum:]]+'), '')) AS search,
           g.entries_used
      FROM groups g
      CROSS JOIN LATERAL (SELECT * FROM participations WHERE id = g.first_id OFFSET 0) p
      JOIN tickets t ON t.id = p.ticket_id
      LEFT JOIN tickets h ON h.id = t.parent_id
      LEFT JOIN LATERAL (SELECT * FROM orders WHERE id = p.order_id OFFSET 0) o ON true
      LEFT JOIN LATERAL (SELECT * FROM (SELECT * FROM order_lines WHERE order_id = p.order_id OFFSET 0) ol
                          WHERE ol.ticket_id = p.ticket_id AND ol.is_gift = p.is_gift
                          ORDER BY ol.date_id IS NOT DISTINCT FROM p.date_id DESC LIMIT 1) l ON true
      LEFT JOIN discount_codes d ON d.id = o.discount_code_id
      LEFT JOIN LATERAL (SELECT * FROM users WHERE id = p.user_id OFFSET 0) u ON true),
  -- What the rows were, read before this statement changes them: the list's totals move by the difference.
  before AS (
    SELECT pl.key, pl.event_id, pl.quantity, pl.search
      FROM keys k CROSS JOIN LATERAL (SELECT * FROM participant_lines WHERE key = k.key OFFSET 0) pl),
  -- The rows' words (participant_line_words) move by the difference too: each (event, word, row) is
  -- deleted, changed or added by one statement only, never two. The difference and the rows gone
  -- are full joins, which PostgreSQL can only hash or merge: as anti-joins, a plan made for a few
  -- keys compared each word with every other, and an event cancelled whole (thousands of keys in
  -- one call) took minutes.
  old_words AS (
    SELECT b.event_id, w.lexeme AS word, b.key, b.quantity FROM before b CROSS JOIN unnest(b.search) w),
  new_words AS (
    SELECT l.event_id, w.lexeme AS word, l.key, l.quantity FROM lines l CROSS JOIN unnest(l.search) w),
  word_changes AS (
    SELECT coalesce(o.event_id, n.event_id) AS event_id, coalesce(o.word, n.word) AS word,
           coalesce(o.key, n.key) AS key, o.quantity AS was, n.quantity AS quantity
      FROM old_words o FULL JOIN new_words n ON n.event_id = o.event_id AND n.word = o.word AND n.key = o.key
     WHERE o.quantity IS DISTINCT FROM n.quantity),
  words_gone AS (
    DELETE FROM participant_line_words pw USING word_changes c
     WHERE c.quantity IS NULL AND pw.event_id = c.event_id AND pw.word = c.word AND pw.key = c.key),
  -- Words changed and added in one upsert, each found by the words' key: as an UPDATE … FROM, the
  -- generic plan hashed every word of the site (40,000 rows, 21 ms) to change a row's few.
  words_set AS (
    INSERT INTO participant_line_words (event_id, word, key, quantity)
    SELECT c.event_id, c.word, c.key, c.quantity FROM word_changes c WHERE c.quantity IS NOT NULL
    ON CONFLICT (event_id, word, key) DO UPDATE SET quantity = excluded.quantity),
  -- The keys left without a live place (every group's key is one of the keys).
  keys_gone AS (
    SELECT k.key FROM keys k FULL JOIN groups g ON g.key = k.key WHERE g.key IS NULL),
  counted AS (
    INSERT INTO participant_line_counts AS c (event_id, slot, lines, places)
    SELECT event_id, pg_backend_pid(), sum(lines), sum(places) FROM (
      SELECT event_id, key, -1 AS lines, -quantity AS places FROM before
      UNION ALL
      SELECT event_id, key, 1, quantity FROM lines) d
     GROUP BY 1, 2 HAVING sum(lines) <> 0 OR sum(places) <> 0 ORDER BY 1, 2
    ON CONFLICT (event_id, slot) DO UPDATE SET lines = c.lines + excluded.lines, places = c.places + excluded.places),
  gone AS (
    DELETE FROM participant_lines pl USING keys_gone k WHERE pl.key = k.key),
  gone_entries AS (
    DELETE FROM participant_line_entries pe USING keys_gone k WHERE pe.key = k.key),
  entries AS (
    INSERT INTO participant_line_entries (key, event_id, first_id, quantity, entries_used)
    SELECT key, event_id, first_id, quantity, entries_used FROM lines
    ON CONFLICT (key) DO UPDATE SET event_id = excluded.event_id, first_id = excluded.first_id,
      quantity = excluded.quantity, entries_used = excluded.entries_used)
  INSERT INTO participant_lines (key, event_id, first_id, ids, ticket_id, quantity, refund_places, last_key, first_key,
                                 type_key, subtype_key, purchased_at, promo_key, total_cents, search)
  SELECT key, event_id, first_id, ids, ticket_id, quantity, refund_places, last_key, first_key,
         type_key, subtype_key, purchased_at, promo_key, total_cents, search FROM lines
  ON CONFLICT (key) DO UPDATE SET event_id = excluded.event_id, first_id = excluded.first_id, ids = excluded.ids,
    ticket_id = excluded.ticket_id,
    quantity = excluded.quantity, refund_places = excluded.refund_places, last_key = excluded.last_key,
    first_key = excluded.first_key, type_key = excluded.type_key, subtype_key = excluded.subtype_key,
    purchased_at = excluded.purchased_at, promo_key = excluded.promo_key, total_cents = excluded.total_cents,
    search = excluded.search;
END
$$;
