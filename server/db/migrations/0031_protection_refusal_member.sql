-- protection_count as 0020 made it, whose refusals now name the member refused: the HINT of every refusal is
-- the member's id (server/protection/count.ts reads it), so the operator's report of members who hit a limit
-- or a break names the member whose limit refused a move, not whoever made the call (a partner's give to a
-- member, an operator's approval of a member's deposit). Everything else is unchanged.
CREATE OR REPLACE FUNCTION protection_count(p_member bigint, p_what text, p_amount bigint, p_settled bigint, p_at timestamptz)
RETURNS void AS $$
DECLARE
  v_day date := ((p_at AT TIME ZONE 'UTC') + interval '9 hours')::date;
  v_break timestamptz;
  lim record;
  used bigint;
BEGIN
  IF p_what = 'settle' THEN
    IF p_amount <> 0 OR p_settled <> 0 THEN
      INSERT INTO protection_days (member_id, day, returns, settled_stakes) VALUES (p_member, v_day, p_amount, p_settled)
        ON CONFLICT (member_id, day) DO UPDATE SET returns = protection_days.returns + excluded.returns,
          settled_stakes = protection_days.settled_stakes + excluded.settled_stakes;
    END IF;
    RETURN;
  END IF;
  INSERT INTO member_protection (member_id) VALUES (p_member) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM member_protection WHERE member_id = p_member FOR UPDATE;
  SELECT max(b.ends_at) INTO v_break FROM protection_breaks b WHERE b.member_id = p_member AND b.starts_at <= p_at AND b.ends_at > p_at;
  IF v_break IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'HB001', MESSAGE = 'PL004', DETAIL = to_char(v_break AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      HINT = p_member::text;
  END IF;
  IF p_what = 'deposit' AND p_amount <> 0 THEN
    INSERT INTO protection_days (member_id, day, deposits) VALUES (p_member, v_day, p_amount)
      ON CONFLICT (member_id, day) DO UPDATE SET deposits = protection_days.deposits + excluded.deposits;
  ELSIF p_what = 'stake' AND p_amount <> 0 THEN
    INSERT INTO protection_days (member_id, day, stakes) VALUES (p_member, v_day, p_amount)
      ON CONFLICT (member_id, day) DO UPDATE SET stakes = protection_days.stakes + excluded.stakes;
  END IF;
  IF p_what = 'credit' THEN
    RETURN;
  END IF;
  FOR lim IN
    SELECT x.kind, x.period, min(x.amount) AS amount FROM (
      SELECT l.kind, l.period, CASE WHEN l.pending AND l.pending_at <= p_at THEN l.pending_amount ELSE l.amount END AS amount
      FROM protection_limits l WHERE l.member_id = p_member
    ) x WHERE x.amount IS NOT NULL
      AND (x.kind = 'deposit') = (p_what IN ('deposit', 'deposit_request'))
    GROUP BY x.kind, x.period
  LOOP
    SELECT coalesce(sum(CASE lim.kind WHEN 'deposit' THEN d.deposits WHEN 'stake' THEN d.stakes ELSE d.stakes - d.returns END), 0)
      INTO used FROM protection_days d
      WHERE d.member_id = p_member AND d.day <= v_day
        AND d.day > v_day - (CASE lim.period WHEN 'day' THEN 1 WHEN 'week' THEN 7 ELSE 30 END);
    IF p_what = 'deposit_request' THEN
      used := used + p_amount;
    END IF;
    IF (p_what = 'play' AND used >= lim.amount) OR (p_what <> 'play' AND used > lim.amount) THEN
      RAISE EXCEPTION USING ERRCODE = 'HB001',
        MESSAGE = CASE lim.kind WHEN 'deposit' THEN 'PL001' WHEN 'loss' THEN 'PL002' ELSE 'PL003' END, HINT = p_member::text;
    END IF;
  END LOOP;
END;
$$ LANGUAGE plpgsql;
