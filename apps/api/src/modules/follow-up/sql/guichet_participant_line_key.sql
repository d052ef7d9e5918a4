-- The row of the participants list a place belongs to: its order line (order, ticket, gift), or,
-- for a place without an order, the participation it was split from (itself if none).
CREATE OR REPLACE FUNCTION guichet_participant_line_key(p_order uuid, p_ticket uuid, p_gift boolean, p_split_from uuid, p_id uuid)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(p_order::text || ':' || p_ticket::text || ':' || p_gift::text, coalesce(p_split_from, p_id)::text)
$$;
