-- Whether a session a process took from its own copy (plugins/session.ts, `confirmsSession`) still
-- holds: its account, with the role the copy has, not deleted nor banned, the session not ended.
-- A route that reads its copy confirms it in its own statement with this, so a logout, a ban or
-- a role taken away on another server is refused at once, without a round trip more per request.
-- PL/pgSQL, so that its statement is planned once per connection: a SQL function whose body
-- holds a sub-select is never inlined, and was planned again at every call.
CREATE OR REPLACE FUNCTION guichet_session_holds(p_token_hash text, p_user uuid, p_role text, p_now timestamptz)
RETURNS boolean LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = p_token_hash AND s.user_id = p_user AND s.expires_at > p_now
       AND u.deleted_at IS NULL AND (u.banned_at IS NULL OR u.banned_until <= p_now) AND u.role = p_role);
END
$$;
