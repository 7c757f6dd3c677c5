-- Money calls in one statement (server/money/moneyCall.ts explains why; ledger_post itself is unchanged).
-- A money call that checks no password does its whole transaction inside the database: the key, the
-- member lock and the rules, ledger_post, the call's own record and the key's answer, so the server
-- sends one statement (one round trip, planned once) instead of eight.
--
-- A refusal raises SQLSTATE 'HB001' with the result code as its message: the statement fails, so its
-- transaction rolls back whole (key, opened accounts and all), exactly as a thrown Failure rolls back
-- idempotent() in server/money/idempotency.ts.
CREATE OR REPLACE FUNCTION money_refuse(p_code text) RETURNS void AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'HB001', MESSAGE = p_code;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The opening of an idempotent money call, the same rules and the same lock order as idempotent():
-- the key is claimed first (a second request with the key waits on its primary key); NULL when this
-- call runs its effect, the first answer when the key was answered before for the same request
-- (same call, same request hash), C999 for another request.
CREATE OR REPLACE FUNCTION money_call_claim(p_member bigint, p_key text, p_call text, p_hash text) RETURNS jsonb AS $$
DECLARE
  first_hash text;
  first_answer jsonb;
BEGIN
  INSERT INTO idempotency_keys (member_id, key, call, request_hash, answer) VALUES (p_member, p_key, p_call, p_hash, '{}')
    ON CONFLICT DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  SELECT k.request_hash, k.answer INTO first_hash, first_answer FROM idempotency_keys k WHERE k.member_id = p_member AND k.key = p_key;
  IF first_hash IS DISTINCT FROM p_hash THEN
    PERFORM money_refuse('C999');
  END IF;
  RETURN first_answer;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The member lock every money call takes after its key (memberLock.ts: NO KEY UPDATE), refusing U0011
-- unless the member is active.
CREATE OR REPLACE FUNCTION money_lock_active_member(p_member bigint) RETURNS void AS $$
DECLARE
  member_status text;
BEGIN
  SELECT m.status INTO member_status FROM members m WHERE m.id = p_member FOR NO KEY UPDATE;
  IF member_status IS DISTINCT FROM 'active' THEN
    PERFORM money_refuse('U0011');
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A point conversion (server/wallet/pointsService.ts has the rules in words): 1 point = 1 won, refused
-- when conversions are off (P009), under the locale's minimum (P004, the minimum is the caller's) or
-- beyond the member's points (P002). Answers {ran, answer}: answer is {balances: {cashAmt, pointAmt}}.
CREATE OR REPLACE FUNCTION point_convert(
  p_member bigint, p_key text, p_hash text, p_amount bigint, p_minimum bigint, p_at timestamptz
) RETURNS jsonb AS $$
DECLARE
  first_answer jsonb;
  conversion_on boolean;
  posted jsonb;
  call_answer jsonb;
BEGIN
  first_answer := money_call_claim(p_member, p_key, 'pointConvert', p_hash);
  IF first_answer IS NOT NULL THEN
    RETURN jsonb_build_object('ran', false, 'answer', first_answer);
  END IF;
  PERFORM money_lock_active_member(p_member);
  SELECT s.point_conversion_on INTO conversion_on FROM wallet_settings s WHERE s.id = 1;
  IF NOT FOUND THEN
    INSERT INTO wallet_settings (id) VALUES (1) ON CONFLICT DO NOTHING;
    SELECT s.point_conversion_on INTO conversion_on FROM wallet_settings s WHERE s.id = 1;
  END IF;
  IF NOT conversion_on THEN
    PERFORM money_refuse('P009');
  END IF;
  IF p_amount < p_minimum THEN
    PERFORM money_refuse('P004');
  END IF;

  posted := ledger_post('pointConvert:' || p_member || ':' || p_key, 'point.convert',
    ARRAY[p_member, NULL, NULL, p_member]::bigint[], ARRAY[NULL, 'points', 'point_conversion', NULL]::text[],
    ARRAY['POINT', 'POINT', 'KRW', 'KRW']::text[], ARRAY[-p_amount, p_amount, -p_amount, p_amount]::bigint[]);
  IF posted->>'outcome' = 'insufficient' THEN
    PERFORM money_refuse('P002');
  ELSIF posted->>'outcome' = 'conflict' THEN
    PERFORM money_refuse('C999');
  END IF;

  INSERT INTO point_records (member_id, kind, use_class, applied_points, transaction_id, at)
    VALUES (p_member, 'convert', 'used', p_amount, (posted->>'transactionId')::bigint, p_at);
  call_answer := jsonb_build_object('balances', posted->'balances'->(p_member::text));
  UPDATE idempotency_keys SET answer = call_answer WHERE member_id = p_member AND key = p_key;
  RETURN jsonb_build_object('ran', true, 'answer', call_answer);
END;
$$ LANGUAGE plpgsql;
