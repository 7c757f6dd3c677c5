-- The attempt limiter's check (server/member/attempts.ts), one statement for the server and for cash_withdraw
-- below: locks the key until the transaction ends (the same advisory lock for both) and answers how many
-- milliseconds the key stays refused, NULL while fewer than p_limit attempts are inside the window.
CREATE OR REPLACE FUNCTION attempts_lock(p_kind text, p_key text, p_limit int, p_window_ms bigint, p_at timestamptz) RETURNS bigint AS $$
DECLARE
  n bigint;
  oldest timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_kind), hashtext(p_key));
  SELECT count(*), min(a.at) INTO n, oldest FROM attempts a
    WHERE a.kind = p_kind AND a.key = p_key AND a.at > p_at - p_window_ms * interval '1 millisecond';
  IF n < p_limit THEN
    RETURN NULL;
  END IF;
  RETURN round(extract(epoch FROM oldest - p_at) * 1000)::bigint + p_window_ms;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A withdrawal request in one statement (server/wallet/withdrawals.ts; the rules in words are in
-- server/wallet/cashRules.ts). The same checks, in the same order and under the same locks, as the request
-- the server built statement by statement: the cash-out password's attempt limit (C218, before the key, as
-- the limiter's reservation was), the key, the member (locked) and the settings (a share lock for USDT, so a
-- price change waits), the member's state (U0011, C201, C203, C217), the amount (C206, C214, C101, C215),
-- USDT's locked price and address (C801, C802), the open request (C209), the re-request wait (C216), the
-- cash-out password (C010, C205, C008), then the hold through ledger_post (C202), the request and the key's answer.
--
-- The cash-out password is a keyed hash whose key stays in the server (server/member/cashOutPass.ts): the
-- server sends the proof of what was typed, made against the stored hash it saw (p_pass_seen); the proof
-- equals the stored hash exactly when the password is right. When the stored hash is not the one the proof
-- was made from, the call raises HB004 with the stored hash as its DETAIL and nothing is kept: the server
-- makes the proof again and sends the call once more.
--
-- What the password check decides is kept whatever comes after it, as the limiter kept it outside the call's
-- transaction: a wrong password counts as a failure, a right one forgives the earlier ones (and replaces a
-- hash of an older kind with p_pass_rehash). So the call's own work runs in a block that a refusal rolls
-- back; a refusal after the check is answered as {refused: code} (the statement commits what the check
-- keeps), any other raises HB001 as every money function's does.
CREATE OR REPLACE FUNCTION cash_withdraw(
  p_member bigint, p_key text, p_hash text, p_at timestamptz, p_call text, p_cash_type text, p_amount bigint,
  p_in_maintenance boolean, p_price bigint, p_usdt_amount numeric, p_address text, p_address_ok boolean,
  p_pass_seen text, p_pass_proof text, p_pass_rehash text, p_attempt_limit int, p_attempt_window_ms bigint
) RETURNS jsonb AS $$
DECLARE
  attempt_key text := p_member::text;
  wait_ms bigint;
  first_answer jsonb;
  member_status text;
  member_banned boolean;
  pass_hash text;
  settings wallet_settings%ROWTYPE;
  is_open boolean;
  last_at timestamptz;
  request_id bigint;
  posted jsonb;
  request cash_requests%ROWTYPE;
  call_answer jsonb;
  verdict text;
  refusal text;
  violated text;
BEGIN
  wait_ms := attempts_lock('cashOutPass', attempt_key, p_attempt_limit, p_attempt_window_ms, p_at);
  IF wait_ms IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'HB001', MESSAGE = 'C218', DETAIL = jsonb_build_object('waitMs', wait_ms)::text;
  END IF;
  BEGIN
    first_answer := money_call_claim(p_member, p_key, p_call, p_hash);
    IF first_answer IS NOT NULL THEN
      RETURN jsonb_build_object('ran', false, 'answer', first_answer);
    END IF;
    SELECT m.status, m.withdraw_banned, m.cash_out_pass_hash INTO member_status, member_banned, pass_hash
      FROM members m WHERE m.id = p_member FOR NO KEY UPDATE;
    IF NOT FOUND THEN
      PERFORM money_refuse('TK001');
    END IF;
    IF p_cash_type = 'coinOut' THEN
      SELECT * INTO settings FROM wallet_settings s WHERE s.id = 1 FOR SHARE;
    ELSE
      SELECT * INTO settings FROM wallet_settings s WHERE s.id = 1;
    END IF;
    IF NOT FOUND THEN
      INSERT INTO wallet_settings (id) VALUES (1) ON CONFLICT DO NOTHING;
      SELECT * INTO settings FROM wallet_settings s WHERE s.id = 1 FOR SHARE;
    END IF;

    IF member_status IS DISTINCT FROM 'active' THEN
      PERFORM money_refuse('U0011');
    ELSIF NOT settings.withdrawals_on THEN
      PERFORM money_refuse('C201');
    ELSIF member_banned THEN
      PERFORM money_refuse('C203');
    ELSIF p_in_maintenance THEN
      PERFORM money_refuse('C217');
    ELSIF p_amount IS NULL THEN
      PERFORM money_refuse('C206');
    ELSIF p_amount < settings.withdraw_min THEN
      PERFORM money_refuse('C214');
    ELSIF p_amount > settings.withdraw_max THEN
      PERFORM money_refuse('C101');
    ELSIF p_amount % settings.withdraw_unit <> 0 THEN
      PERFORM money_refuse('C215');
    ELSIF p_cash_type = 'coinOut' AND p_price IS DISTINCT FROM settings.usdt_price_krw THEN
      PERFORM money_refuse('C801');
    ELSIF p_cash_type = 'coinOut' AND NOT p_address_ok THEN
      PERFORM money_refuse('C802');
    END IF;
    SELECT coalesce(bool_or(r.status IN (0, 2)), false), max(r.created_at) INTO is_open, last_at
      FROM cash_requests r WHERE r.member_id = p_member AND r.direction = 'out';
    IF is_open THEN
      PERFORM money_refuse('C209');
    ELSIF p_at < last_at + settings.rerequest_wait_minutes * interval '1 minute' THEN
      PERFORM money_refuse('C216');
    ELSIF pass_hash = '' THEN
      PERFORM money_refuse('C010');
    ELSIF p_pass_proof IS NULL THEN
      PERFORM money_refuse('C205');
    ELSIF pass_hash IS DISTINCT FROM p_pass_seen THEN
      RAISE EXCEPTION USING ERRCODE = 'HB004', MESSAGE = 'cash_withdraw: the proof was made from another stored hash', DETAIL = pass_hash;
    ELSIF p_pass_proof IS DISTINCT FROM pass_hash THEN
      verdict := 'wrong';
      PERFORM money_refuse('C008');
    END IF;
    verdict := 'right';


    -- The request's id first, so the hold is posted under its key and the request is written once, holding it.
    request_id := nextval('cash_requests_id_seq');
    posted := ledger_post('cashOut:hold:' || request_id, 'cash.withdrawal.hold',
      ARRAY[p_member, NULL]::bigint[], ARRAY[NULL, 'withdrawal_hold']::text[], ARRAY['KRW', 'KRW']::text[], ARRAY[-p_amount, p_amount]::bigint[]);
    IF posted->>'outcome' = 'insufficient' THEN
      PERFORM money_refuse('C202');
    ELSIF posted->>'outcome' = 'conflict' THEN
      PERFORM money_refuse('C999');
    END IF;
    INSERT INTO cash_requests (id, member_id, cash_type, direction, status, amount, usdt_amount, price_krw, address, hold_transaction_id, created_at)
      VALUES (request_id, p_member, p_cash_type, 'out', 0, p_amount, p_usdt_amount, p_price, p_address, (posted->>'transactionId')::bigint, p_at)
      RETURNING * INTO request;
    -- The answer is cashQueries.ts cashRequestView's shape (times as JavaScript's toISOString writes them).
    call_answer := jsonb_build_object(
      'request', jsonb_build_object('requestId', request.id, 'cashType', request.cash_type, 'status', request.status, 'amount', request.amount,
        'bonusAmount', request.bonus_amount, 'bonusYn', request.bonus_yn, 'usdtAmount', request.usdt_amount, 'priceKrw', request.price_krw,
        'address', request.address, 'memo', request.memo,
        'createdAt', to_char(request.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'processedAt', NULL),
      'balances', posted->'balances'->(p_member::text));
    UPDATE idempotency_keys SET answer = call_answer WHERE member_id = p_member AND key = p_key;
  EXCEPTION
    WHEN SQLSTATE 'HB001' THEN
      refusal := SQLERRM;
    WHEN unique_violation THEN
      -- A racing open request (the partial unique index), as insertCashRequest answers it.
      GET STACKED DIAGNOSTICS violated = CONSTRAINT_NAME;
      IF violated IS DISTINCT FROM 'cash_requests_one_open_per_direction' THEN
        RAISE;
      END IF;
      refusal := 'C209';
  END;

  IF verdict = 'wrong' THEN
    INSERT INTO attempts (kind, key, at) VALUES ('cashOutPass', attempt_key, p_at);
  ELSIF verdict = 'right' THEN
    DELETE FROM attempts a WHERE a.kind = 'cashOutPass' AND a.key = attempt_key;
    IF p_pass_rehash IS NOT NULL THEN
      UPDATE members SET cash_out_pass_hash = p_pass_rehash WHERE id = p_member AND cash_out_pass_hash = p_pass_seen;
    END IF;
  END IF;
  IF refusal IS NULL THEN
    RETURN jsonb_build_object('ran', true, 'answer', call_answer);
  ELSIF verdict IS NULL THEN
    PERFORM money_refuse(refusal);
  END IF;
  RETURN jsonb_build_object('refused', refusal);
END;
$$ LANGUAGE plpgsql;
