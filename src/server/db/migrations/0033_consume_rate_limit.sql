-- A rate limit's check and record in one round trip (auth/rate-limit.ts, decision 0033). The same steps
-- as before, each with its own snapshot (a volatile function's statements each take one under read
-- committed): the key's advisory lock, the attempts in the window, and the attempt recorded when the
-- limit allows it. The lock is held until the caller's transaction ends: when the call is a statement
-- of its own, that is its end, after the attempt is committed, so the next holder's count sees it.
-- The count need not survive a crash of the database: its commit does not wait for the WAL (decision 0003).
CREATE FUNCTION "consume_rate_limit"(p_key text, p_now timestamptz, p_window_start timestamptz, p_limit integer)
RETURNS TABLE (allowed boolean, attempts integer, oldest_attempt timestamptz) LANGUAGE plpgsql AS $$
DECLARE
  v_attempts integer;
  v_oldest timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_key)), set_config('synchronous_commit', 'off', true);
  SELECT coalesce(sum(c.count), 0)::int, min(c.window_start) INTO v_attempts, v_oldest
    FROM rate_limit_counters c
   WHERE c.key = p_key AND c.window_start > p_window_start;
  IF v_attempts >= p_limit THEN
    RETURN QUERY SELECT false, v_attempts, v_oldest;
    RETURN;
  END IF;
  INSERT INTO rate_limit_counters AS c (key, window_start, count) VALUES (p_key, p_now, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = c.count + 1;
  RETURN QUERY SELECT true, v_attempts + 1, coalesce(v_oldest, p_now);
END $$;
