-- Takes one place's entry (or check-out) on a check-in list, for `guichet_record_scans` (issue 31,
-- docs/decisions.md "Check-in lists"). Arguments: the list, the event, the code's participation,
-- its group (a code signed for several places, else NULL, as in guichet_record_scans) and the
-- direction ('in' or 'out'). Answers the place and 'accepted', 'already_scanned', 'not_on_list',
-- 'not_checked_in' or 'already_out'; or no result when no live place of the code is in the event
-- (the caller then says why: invalid, other event, cancelled, transferred).
-- Exactly once per list: every writer of a place's row of `checkin_list_entries` first locks the
-- place's participation row (FOR UPDATE OF g), then reads the row again in a new statement, whose
-- snapshot sees the entry a concurrent scan committed while this one waited; a place of a group
-- found taken meanwhile is passed over for the next one. The rule is shared's `listVerdict`.
-- Lists never touch `participations.entries_used`, the implicit list's count.
CREATE OR REPLACE FUNCTION guichet_take_list_entry(
  p_list uuid, p_event uuid, p_pid uuid, p_group uuid, p_direction text, OUT o_pid uuid, OUT o_result text
) LANGUAGE plpgsql AS $$
DECLARE
  v_tickets uuid[];
  v_dates uuid[];
  v_reentry boolean;
  v_place uuid;
  v_quantity integer;
  v_entries integer;
  v_inside integer;
  v_admitted boolean;
BEGIN
  SELECT l.ticket_ids, l.date_ids, l.allow_reentry INTO v_tickets, v_dates, v_reentry FROM checkin_lists l
   WHERE l.id = p_list AND l.event_id = p_event;
  LOOP
    SELECT g.id INTO v_place
      FROM participations g
      JOIN tickets t ON t.id = g.ticket_id
      LEFT JOIN checkin_list_entries e ON e.list_id = p_list AND e.participation_id = g.id
     WHERE (g.id = p_pid OR (p_group IS NOT NULL AND g.split_from = p_group))
       AND g.event_id = p_event AND g.cancelled_at IS NULL
       AND (g.ticket_id = ANY (v_tickets) OR t.parent_id = ANY (v_tickets))
       -- A list of some dates (issue 32): a place for one of them, a pass covering one; its
       -- entries are the list's, so a pass is admitted once on each date's list.
       AND (cardinality(v_dates) = 0 OR g.date_id = ANY (v_dates)
            OR (t.is_pass AND (NOT EXISTS (SELECT 1 FROM ticket_dates td WHERE td.ticket_id = t.id)
                               OR EXISTS (SELECT 1 FROM ticket_dates td WHERE td.ticket_id = t.id AND td.date_id = ANY (v_dates)))))
       AND CASE WHEN p_direction = 'out' THEN coalesce(e.inside, 0) > 0
                ELSE coalesce(e.inside, 0) < g.quantity AND (coalesce(e.entries, 0) < g.quantity OR v_reentry) END
     ORDER BY g.first_ticket_number NULLS LAST, g.id
     LIMIT 1
       FOR UPDATE OF g;
    EXIT WHEN NOT FOUND;
    -- Read again under the lock: another door may have taken it while this scan waited.
    SELECT g.quantity, coalesce(e.entries, 0), coalesce(e.inside, 0) INTO v_quantity, v_entries, v_inside
      FROM participations g
      LEFT JOIN checkin_list_entries e ON e.list_id = p_list AND e.participation_id = g.id
     WHERE g.id = v_place AND g.cancelled_at IS NULL;
    v_admitted := FOUND AND ((p_direction = 'out' AND v_inside > 0)
                             OR (p_direction <> 'out' AND v_inside < v_quantity AND (v_entries < v_quantity OR v_reentry)));
    IF v_admitted THEN
      INSERT INTO checkin_list_entries AS e (list_id, participation_id, entries, inside)
      VALUES (p_list, v_place, 1, 1)
      ON CONFLICT (list_id, participation_id) DO UPDATE
        SET entries = e.entries + CASE WHEN p_direction = 'out' THEN 0 ELSE 1 END,
            inside = e.inside + CASE WHEN p_direction = 'out' THEN -1 ELSE 1 END;
      o_pid := v_place;
      o_result := 'accepted';
      RETURN;
    END IF;
  END LOOP;
  -- Refused: the code's first live place, admitted ones first, says why.
  SELECT g.id, coalesce(e.entries, 0), (g.ticket_id = ANY (v_tickets) OR coalesce(t.parent_id = ANY (v_tickets), false))
                                        AND (cardinality(v_dates) = 0 OR g.date_id = ANY (v_dates)
            OR (t.is_pass AND (NOT EXISTS (SELECT 1 FROM ticket_dates td WHERE td.ticket_id = t.id)
                               OR EXISTS (SELECT 1 FROM ticket_dates td WHERE td.ticket_id = t.id AND td.date_id = ANY (v_dates)))))
    INTO v_place, v_entries, v_admitted
    FROM participations g
    JOIN tickets t ON t.id = g.ticket_id
    LEFT JOIN checkin_list_entries e ON e.list_id = p_list AND e.participation_id = g.id
   WHERE (g.id = p_pid OR (p_group IS NOT NULL AND g.split_from = p_group))
     AND g.event_id = p_event AND g.cancelled_at IS NULL
   ORDER BY 3 DESC, g.first_ticket_number NULLS LAST, g.id
   LIMIT 1;
  IF NOT FOUND THEN RETURN; END IF;
  o_pid := v_place;
  o_result := CASE
    WHEN NOT v_admitted THEN 'not_on_list'
    WHEN p_direction = 'out' AND v_entries > 0 THEN 'already_out'
    WHEN p_direction = 'out' THEN 'not_checked_in'
    ELSE 'already_scanned' END;
END
$$;
