-- Records a batch of scans of one event at the door and takes one entry per accepted scan, in one
-- round trip (docs/decisions.md, "Check-in"). Each scan's id is chosen by the device: the same scan
-- sent twice, even at the same moment, is answered as the first was, never taking a second entry.
-- A place (quantity 1) is taken, then the scan's row written once with its answer: a second send at
-- the same moment waits on the place's row, finds it taken, then waits on the first's scan row and
-- answers as it. A code of several places writes its row first (it could take another place). An entry is taken by one conditional
-- UPDATE (`entries_used < quantity`): two doors can never let the same entry in twice. The
-- application has checked each code's signature: `verdict` is 'check' for a genuine code of this
-- event, 'invalid' or 'other_event' otherwise (recorded too, they show fraud and gate problems).
-- A code signed for a participation of several places before each place became its own (`group`,
-- docs/decisions.md "One ticket per place") takes the entry of any unused live place of its group
-- (the participation, or a place split from it), so that it and the places' own codes let in as
-- many people as places, whichever are shown; its answer counts the group's places.
-- An offline scan is recorded whatever the answer, as the device took it; one that let someone in
-- whose entry was gone is marked as a conflict for the scanner to show.
-- A scan naming a check-in list (`listId`, issue 31) takes its entry, or its check-out
-- (`direction`), on that list by `guichet_take_list_entry`, with the same scan row first; one that
-- names none takes the whole event's entry as it always did; on an event of several dates, the
-- date the door lets in at the scan's time: a place of another date is refused ('other_date'),
-- a pass is let in once per date (`guichet_take_date_entry`, issue 32).
-- Answers one JSON object per scan, in order: id, result, participationId, remaining, quantity,
-- holderName, ticketTitle, replay, and for a scan refused as already used the last entry's time
-- and scanner.
-- `guard` (optional): what the application took from its recent copies instead of asking (the
-- session, the scanner's access to the event, the lists named), confirmed here before anything is
-- written; a copy that no longer holds answers {"stale": "session" | "access" | "list"} and writes
-- nothing, and the application reads again (docs/decisions.md, "Check-in": one statement a scan).
CREATE OR REPLACE FUNCTION guichet_record_scans(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_event uuid := (p->>'eventId')::uuid;
  v_staff uuid := (p->>'staffUserId')::uuid;
  v_device text := coalesce(p->>'deviceId', '');
  v_out jsonb := '[]'::jsonb;
  v_scan record;
  v_result text;
  v_pid uuid;
  v_remaining integer;
  v_row record;
  v_quantity integer;
  v_holder text;
  v_ticket text;
  v_last_at timestamptz;
  v_last_by text;
  v_replay boolean;
  v_group uuid;
  v_list_result text;
  v_guard jsonb := p->'guard';
  v_written boolean;
  v_taken boolean;
  v_pass_date uuid;
  v_pass_kind text;
BEGIN
  IF v_guard ? 'tokenHash' AND NOT guichet_session_holds(
       v_guard->>'tokenHash', v_staff, v_guard->>'role', (v_guard->>'now')::timestamptz) THEN
    RETURN jsonb_build_object('stale', 'session');
  END IF;
  -- What the scan permission read (policy/can.ts): the live event's organiser, the staff seat.
  IF v_guard ? 'organizerId' AND NOT EXISTS (
       SELECT 1 FROM events e
        WHERE e.id = v_event AND e.deleted_at IS NULL AND e.organizer_id = (v_guard->>'organizerId')::uuid
          AND EXISTS (SELECT 1 FROM event_staff s WHERE s.event_id = e.id AND s.user_id = v_staff)
              = (v_guard->>'isStaff')::boolean) THEN
    RETURN jsonb_build_object('stale', 'access');
  END IF;
  IF v_guard ? 'lists' AND EXISTS (
       SELECT 1 FROM jsonb_to_recordset(v_guard->'lists') AS g(id uuid, live boolean, "allowCheckout" boolean, name text)
         LEFT JOIN checkin_lists l ON l.id = g.id AND l.event_id = v_event
        WHERE l.id IS NULL OR (l.deleted_at IS NULL) <> g.live OR l.allow_checkout <> g."allowCheckout"
           OR l.name <> g.name) THEN
    RETURN jsonb_build_object('stale', 'list');
  END IF;
  FOR v_scan IN
    SELECT x.id, x."participationId", x."scannedAt", coalesce(x.offline, false) AS offline, x.verdict,
           coalesce(x."group", false) AS "group", x."listId", coalesce(x.direction, 'in') AS direction
      FROM jsonb_to_recordset(p->'scans')
        AS x(id uuid, "participationId" uuid, "scannedAt" timestamptz, offline boolean, verdict text, "group" boolean,
             "listId" uuid, direction text)
  LOOP
    v_replay := false;
    v_pass_date := NULL;
    v_pass_kind := NULL;
    v_group := CASE WHEN v_scan.verdict = 'check' AND v_scan."group" THEN v_scan."participationId" END;
    v_pid := CASE WHEN v_scan.verdict = 'check' THEN v_scan."participationId" END;
    v_remaining := NULL;
    IF v_group IS NOT NULL THEN
      -- A code of several places takes any of them: its row is written first, so that the same
      -- scan sent twice at once waits on it rather than taking a second place.
      INSERT INTO scans (id, event_id, participation_id, staff_user_id, device_id, result, offline, scanned_at,
                         list_id, direction)
      VALUES (v_scan.id, v_event, NULL, v_staff, v_device, 'invalid', v_scan.offline, v_scan."scannedAt",
              v_scan."listId", v_scan.direction)
      ON CONFLICT (id) DO NOTHING;
      v_written := FOUND;
      v_replay := NOT FOUND;
    ELSE
      -- One place is taken once: the scan's row is written once, with its answer, below.
      v_written := false;
      v_replay := EXISTS (SELECT 1 FROM scans s WHERE s.id = v_scan.id);
    END IF;
    IF v_replay THEN
      -- Sent before: answered as it was (only to the event it was made for).
      SELECT s.result, s.participation_id INTO v_result, v_pid FROM scans s WHERE s.id = v_scan.id AND s.event_id = v_event;
      IF NOT FOUND THEN v_result := 'invalid'; v_pid := NULL; END IF;
    ELSIF v_scan.verdict <> 'check' THEN
      v_result := CASE WHEN v_scan.verdict = 'other_event' THEN 'other_event' ELSE 'invalid' END;
    ELSIF v_scan."listId" IS NOT NULL THEN
      SELECT t.o_pid, t.o_result INTO v_pid, v_list_result
        FROM guichet_take_list_entry(v_scan."listId", v_event, v_pid, v_group, v_scan.direction) t;
      v_result := v_list_result;
      IF v_result IS NULL THEN
        -- No live place of the code in the event: why, as for the whole event below.
        v_pid := v_scan."participationId";
        SELECT event_id, transferred_at INTO v_row FROM participations WHERE id = v_pid;
        v_result := CASE WHEN NOT FOUND THEN 'invalid' WHEN v_row.event_id <> v_event THEN 'other_event'
                         WHEN v_row.transferred_at IS NOT NULL THEN 'transferred' ELSE 'cancelled' END;
        IF v_result IN ('invalid', 'other_event') THEN v_pid := NULL; v_group := NULL; END IF;
      END IF;
    ELSE
      IF v_group IS NULL THEN
        -- One place: the conditional UPDATE alone, as the bench's reference (a concurrent scan
        -- waits on the row, then finds it used).
        -- On an event of several dates, the place of the date the door lets in now; a pass, once
        -- per date, by guichet_take_date_entry.
        UPDATE participations SET entries_used = entries_used + 1
         WHERE id = v_pid AND event_id = v_event AND cancelled_at IS NULL AND entries_used < quantity
           AND CASE WHEN date_id IS NULL
                    THEN NOT EXISTS (SELECT 1 FROM tickets t WHERE t.id = ticket_id AND t.is_pass
                                        AND EXISTS (SELECT 1 FROM event_dates d WHERE d.event_id = v_event))
                    ELSE date_id = guichet_event_date_at(v_event, coalesce(v_scan."scannedAt", now())) END
        RETURNING id, quantity - entries_used INTO v_pid, v_remaining;
        v_taken := FOUND;
        IF NOT v_taken THEN
          -- (The UPDATE that found nothing has set v_pid to NULL.)
          v_pid := v_scan."participationId";
          SELECT e.o_kind, e.o_date, e.o_remaining INTO v_pass_kind, v_pass_date, v_remaining
            FROM guichet_take_date_entry(v_pid, v_event, coalesce(v_scan."scannedAt", now())) e;
          v_taken := v_pass_kind = 'taken';
          -- Only a pass's entries are its date's.
          IF v_pass_kind NOT IN ('taken', 'used') THEN v_pass_date := NULL; END IF;
        END IF;
      ELSE
        -- The place is locked before it is taken: a concurrent scan of the same group waits, then
        -- passes over it once it is used and takes the next one.
        UPDATE participations SET entries_used = entries_used + 1
         WHERE id = (SELECT g.id FROM participations g
                      WHERE (g.id = v_pid OR g.split_from = v_group)
                        AND g.event_id = v_event AND g.cancelled_at IS NULL AND g.entries_used < g.quantity
                      ORDER BY g.first_ticket_number NULLS LAST, g.id LIMIT 1 FOR UPDATE)
           AND entries_used < quantity
        RETURNING id, quantity - entries_used INTO v_pid, v_remaining;
        v_taken := FOUND;
      END IF;
      IF v_taken THEN
        v_result := 'accepted';
      ELSIF v_pass_kind = 'no_date' THEN
        -- Every date of the event cancelled (its buyers refunded).
        v_result := 'cancelled';
      ELSIF v_pass_kind = 'other_date' THEN
        v_result := 'other_date';
      ELSE
        v_pid := v_scan."participationId";
        SELECT event_id, cancelled_at, transferred_at INTO v_row FROM participations WHERE id = v_pid;
        v_result := CASE
          WHEN NOT FOUND THEN 'invalid'
          WHEN v_row.event_id <> v_event THEN 'other_event'
          -- An older code of several places stays good while a place of its group lives.
          WHEN v_row.cancelled_at IS NOT NULL AND EXISTS (
            SELECT 1 FROM participations g WHERE g.split_from = v_group AND g.cancelled_at IS NULL) THEN 'already_scanned'
          -- Transfers (docs/decisions.md, "Transfers"): the code handed on is refused as such.
          WHEN v_row.transferred_at IS NOT NULL THEN 'transferred'
          WHEN v_row.cancelled_at IS NOT NULL THEN 'cancelled'
          ELSE 'already_scanned' END;
        IF v_result IN ('invalid', 'other_event') THEN v_pid := NULL; v_group := NULL; END IF;
      END IF;
    END IF;
    IF v_written THEN
      UPDATE scans SET result = v_result, participation_id = v_pid,
                       conflict = v_scan.offline AND v_result = 'already_scanned'
       WHERE id = v_scan.id;
    ELSIF NOT v_replay THEN
      INSERT INTO scans (id, event_id, participation_id, staff_user_id, device_id, result, offline, scanned_at,
                         list_id, direction, conflict)
      VALUES (v_scan.id, v_event, v_pid, v_staff, v_device, v_result, v_scan.offline, v_scan."scannedAt",
              v_scan."listId", v_scan.direction, v_scan.offline AND v_result = 'already_scanned')
      ON CONFLICT (id) DO NOTHING;
      IF NOT FOUND THEN
        -- The same scan sent at the same moment was recorded first (this one waited on its row):
        -- it is answered as that one was. It found its place taken by that one and took nothing,
        -- unless a device gave one scan's id to two tickets: then everything is undone.
        IF v_result = 'accepted' THEN
          RAISE EXCEPTION 'scan % recorded twice at once', v_scan.id USING ERRCODE = '40001';
        END IF;
        v_replay := true;
        SELECT s.result, s.participation_id INTO v_result, v_pid FROM scans s WHERE s.id = v_scan.id AND s.event_id = v_event;
        IF NOT FOUND THEN v_result := 'invalid'; v_pid := NULL; END IF;
      END IF;
    END IF;
    v_quantity := NULL; v_holder := NULL; v_ticket := NULL; v_last_at := NULL; v_last_by := NULL;
    SELECT pa.quantity, pa.quantity - pa.entries_used,
           guichet_holder_name(coalesce(pa.holder_first_name, o.buyer_first_name),
                               coalesce(pa.holder_last_name, o.buyer_last_name), u.first_name, u.last_name),
           coalesce(h.title || ' — ' || t.title, t.title)
      INTO v_quantity, v_remaining, v_holder, v_ticket
      FROM participations pa
      JOIN users u ON u.id = pa.user_id
      JOIN tickets t ON t.id = pa.ticket_id
      LEFT JOIN tickets h ON h.id = t.parent_id
      LEFT JOIN orders o ON o.id = pa.order_id
     WHERE pa.id = v_pid;
    IF v_scan."listId" IS NOT NULL AND v_pid IS NOT NULL THEN
      -- On a list, the entries left are the list's: places not yet in (or not inside, with re-entry).
      SELECT coalesce(sum(g.quantity), 0)::integer,
             coalesce(sum(CASE WHEN l.allow_reentry THEN g.quantity - coalesce(e.inside, 0)
                               ELSE greatest(g.quantity - coalesce(e.entries, 0), 0) END), 0)::integer
        INTO v_quantity, v_remaining
        FROM participations g
        JOIN checkin_lists l ON l.id = v_scan."listId"
        LEFT JOIN checkin_list_entries e ON e.list_id = l.id AND e.participation_id = g.id
       WHERE (g.id = v_pid OR g.id = v_group OR g.split_from = v_group) AND g.cancelled_at IS NULL;
    ELSIF v_pass_date IS NOT NULL THEN
      -- A pass: the entries left are its date's.
      SELECT v_quantity - coalesce((SELECT e.entries FROM pass_date_entries e
                                     WHERE e.participation_id = v_pid AND e.date_id = v_pass_date), 0)
        INTO v_remaining;
    ELSIF v_group IS NOT NULL THEN
      SELECT count(*)::integer, (count(*) - sum(g.entries_used))::integer INTO v_quantity, v_remaining
        FROM participations g
       WHERE (g.id = v_group OR g.split_from = v_group) AND g.cancelled_at IS NULL;
    END IF;
    IF v_result = 'already_scanned' AND v_group IS NULL THEN
      -- Two statements, each planned once per connection: one with the group's places in an
      -- array was planned again at every scan, its kept plan costed for an array of any size.
      SELECT s.scanned_at, u.first_name || ' ' || u.last_name INTO v_last_at, v_last_by
        FROM scans s JOIN users u ON u.id = s.staff_user_id
       WHERE s.result = 'accepted' AND s.direction = 'in' AND s.list_id IS NOT DISTINCT FROM v_scan."listId"
         AND s.participation_id = v_pid
       ORDER BY s.scanned_at DESC LIMIT 1;
    ELSIF v_result = 'already_scanned' THEN
      SELECT s.scanned_at, u.first_name || ' ' || u.last_name INTO v_last_at, v_last_by
        FROM scans s JOIN users u ON u.id = s.staff_user_id
       WHERE s.result = 'accepted' AND s.direction = 'in' AND s.list_id IS NOT DISTINCT FROM v_scan."listId"
         -- By the places' index: an OR with the group's places read every scan of the table.
         AND s.participation_id = ANY (ARRAY(
               SELECT v_pid UNION ALL SELECT g.id FROM participations g WHERE g.split_from = v_group))
       ORDER BY s.scanned_at DESC LIMIT 1;
    END IF;
    v_out := v_out || jsonb_build_object(
      'id', v_scan.id, 'result', v_result, 'participationId', v_pid, 'replay', v_replay,
      'remaining', v_remaining, 'quantity', v_quantity, 'holderName', v_holder,
      'ticketTitle', v_ticket, 'lastScanAt', v_last_at, 'lastScanBy', v_last_by, 'direction', v_scan.direction);
  END LOOP;
  RETURN v_out;
END
$$;
