-- A game launch's and a merge's transactions as database functions, one statement each (games/service.ts,
-- games/money.ts): the checks, refusals, order and locks of the drizzle transactions they replace (a launch was
-- ten statements, a merge's two transactions eleven), so the site's one thread no longer builds and sends each.
-- A refusal is SQLSTATE HB001 with the result code as its message (money_refuse), as the money calls' functions.
-- A transfer row is answered as the server reads game_transfers (games/money.ts TransferRow), times in ISO 8601.
-- The rounds the feed has brought in for each member (games/feed.ts counts the history rows each page wrote, in its
-- transaction), so that an out-all whose vendor counts as many finished rounds of the player is applied without
-- reading the feed first.
ALTER TABLE "game_members" ADD COLUMN "rounds_posted" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE game_members g SET rounds_posted = (SELECT count(*) FROM bets b WHERE b.member_id = g.member_id AND b.source_ref LIKE 'vendor:%');--> statement-breakpoint
CREATE OR REPLACE FUNCTION game_transfer_json(t game_transfers) RETURNS jsonb AS $$
  SELECT jsonb_build_object('transferId', t.transfer_id, 'memberId', t.member_id, 'direction', t.direction, 'amount', t.amount,
    'state', t.state, 'requestKey', t.request_key, 'failCode', t.fail_code, 'origin', t.origin, 'attempts', t.attempts,
    'createdAt', t.created_at, 'resolvedAt', t.resolved_at);
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- The member's state under their lock: a pending transfer, the merge of this key, the game state and the cash,
-- points and game money. PL/pgSQL, not SQL: its statement's plan is kept for the connection (a SQL function called
-- from PL/pgSQL is planned again at every call).
CREATE OR REPLACE FUNCTION game_member_state(p_member bigint, p_request_key text, OUT pending boolean, OUT replay game_transfers,
  OUT mem_cash_flag text, OUT locked boolean, OUT open_game_key text, OUT cash bigint, OUT points bigint, OUT game bigint) AS $$
BEGIN
  SELECT EXISTS (SELECT 1 FROM game_transfers t WHERE t.member_id = p_member AND t.state = 'pending'),
    g.mem_cash_flag, g.locked, g.open_game_key,
    coalesce(max(a.balance) FILTER (WHERE a.currency = 'KRW'), 0), coalesce(max(a.balance) FILTER (WHERE a.currency = 'POINT'), 0),
    coalesce(max(a.balance) FILTER (WHERE a.currency = 'GAME'), 0)
  INTO pending, mem_cash_flag, locked, open_game_key, cash, points, game
  FROM (SELECT p_member AS id) m
  LEFT JOIN game_members g ON g.member_id = m.id
  LEFT JOIN ledger_accounts a ON a.member_id = m.id
  GROUP BY g.mem_cash_flag, g.locked, g.open_game_key;
  IF p_request_key IS NOT NULL THEN
    SELECT * INTO replay FROM game_transfers r WHERE r.member_id = p_member AND r.request_key = p_request_key;
  END IF;
END;
$$ LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
-- The launch (SPEC §3, contract/games.ts): the vendor and game playable (B0092, B0093), the member locked (U000),
-- a pending transfer answered as {pending} (the server settles it and calls again), a partner (B0095), not active
-- (B0091), locked by the operator (B1002), a cash request open while the operator blocks it (F001), protection
-- (protection_count 'play'), the launch burst (ABZ01), nothing to play with (B0099); then the launch counted, the
-- game opened, and the transfer in written (pending) and posted. Protection's check above is the one the posting
-- would make (protection_count reads no amount for 'play', and nothing between changes what it reads). p_rules:
-- the contract's burst, the vendor's transfer cap, the default cash flag and the games' master code.
CREATE OR REPLACE FUNCTION game_launch_begin(p_member bigint, p_at timestamptz, p_brand text, p_game_key text, p_game_type text,
  p_transfer_id text, p_rules jsonb) RETURNS jsonb AS $$
DECLARE
  v_state text;
  v_game record;
  v_member record;
  s record;
  v_cash_open boolean;
  launches double precision[];
  burst int := (p_rules ->> 'burstCount')::int;
  v_amount bigint;
  posted jsonb;
  transfer game_transfers;
BEGIN
  SELECT v.state INTO v_state FROM game_vendors v
    JOIN common_codes c ON c.master_code = p_rules ->> 'masterCode' AND c.code = v.code
    WHERE v.brand = p_brand;
  IF v_state IS NULL OR v_state = 'hidden' THEN
    PERFORM money_refuse('B0092');
  ELSIF v_state = 'maintenance' THEN
    PERFORM money_refuse('B0093');
  END IF;
  SELECT g.brand, g.kind, g.enabled, g.vendor_enabled INTO v_game FROM game_catalog g WHERE g.game_key = p_game_key;
  IF NOT FOUND OR v_game.brand <> p_brand OR v_game.kind <> p_game_type OR NOT v_game.enabled OR NOT v_game.vendor_enabled THEN
    PERFORM money_refuse('B0092');
  END IF;
  SELECT m.is_partner, m.status INTO v_member FROM members m WHERE m.id = p_member FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    PERFORM money_refuse('U000');
  END IF;
  s := game_member_state(p_member, NULL);
  IF s.pending THEN
    RETURN jsonb_build_object('pending', true);
  END IF;
  IF v_member.is_partner THEN
    PERFORM money_refuse('B0095');
  END IF;
  IF v_member.status <> 'active' THEN
    PERFORM money_refuse('B0091');
  END IF;
  IF coalesce(s.locked, false) THEN
    PERFORM money_refuse('B1002');
  END IF;
  SELECT coalesce(bool_or(gs.block_while_cash_open), false) AND EXISTS (SELECT 1 FROM cash_requests r
      WHERE r.member_id = p_member AND r.direction IN ('in', 'out') AND r.status IN (0, 2))
    INTO v_cash_open FROM game_settings gs WHERE gs.id = 1;
  IF v_cash_open THEN
    PERFORM money_refuse('F001');
  END IF;
  PERFORM protection_count(p_member, 'play', 0, 0, p_at);
  -- ABZ01: the last burstCount launches within burstWindowMs, the newest less than burstWaitMs ago.
  launches := ARRAY(SELECT extract(epoch FROM l.at) * 1000 FROM game_launches l
    WHERE l.member_id = p_member AND l.at > p_at - make_interval(secs => ((p_rules ->> 'burstWindowMs')::bigint + (p_rules ->> 'burstWaitMs')::bigint) / 1000.0)
    ORDER BY l.at DESC LIMIT burst);
  IF cardinality(launches) >= burst AND launches[1] - launches[burst] <= (p_rules ->> 'burstWindowMs')::bigint
     AND extract(epoch FROM p_at) * 1000 - launches[1] < (p_rules ->> 'burstWaitMs')::bigint THEN
    PERFORM money_refuse('ABZ01');
  END IF;
  v_amount := CASE WHEN coalesce(s.mem_cash_flag, p_rules ->> 'defaultCashFlag') = 'Y' THEN least(s.cash, (p_rules ->> 'maxTransfer')::bigint) ELSE 0 END;
  IF v_amount = 0 AND s.game = 0 THEN
    PERFORM money_refuse('B0099');
  END IF;
  INSERT INTO game_launches (member_id, at) VALUES (p_member, p_at);
  INSERT INTO game_members (member_id, open_game_key, opened_at) VALUES (p_member, p_game_key, p_at)
    ON CONFLICT (member_id) DO UPDATE SET open_game_key = excluded.open_game_key, opened_at = excluded.opened_at;
  IF v_amount = 0 THEN
    RETURN jsonb_build_object('moved', NULL);
  END IF;
  -- The transfer in (games/money.ts beginTransferIn): KRW member -a, game:float +a; GAME member +a, game:issued -a.
  INSERT INTO game_transfers (transfer_id, member_id, direction, amount, origin, attempts)
    VALUES (p_transfer_id, p_member, 'in', v_amount, 'member', 1) RETURNING * INTO transfer;
  posted := ledger_post('game:in:' || p_transfer_id, 'game-in', ARRAY[p_member, NULL, p_member, NULL]::bigint[],
    ARRAY[NULL, 'game:float', NULL, 'game:issued']::text[], ARRAY['KRW', 'KRW', 'GAME', 'GAME']::text[],
    ARRAY[-v_amount, v_amount, v_amount, -v_amount]::bigint[]);
  IF posted ->> 'outcome' = 'insufficient' THEN
    PERFORM money_refuse('B6000');
  ELSIF posted ->> 'outcome' = 'conflict' THEN
    PERFORM money_refuse('C999');
  END IF;
  RETURN jsonb_build_object('moved', jsonb_build_object('transfer', game_transfer_json(transfer), 'balances', posted -> 'balances' -> (p_member::text)));
END;
$$ LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
-- A merge's opening (games/service.ts mergeNow): the member locked (U000); the merge of this key answered as
-- {replay}; a pending transfer as {pending}; nothing at the vendor and no game open as {empty} with the balances;
-- else the out-all written (pending) as {out}.
CREATE OR REPLACE FUNCTION game_merge_begin(p_member bigint, p_request_key text, p_transfer_id text, p_origin text) RETURNS jsonb AS $$
DECLARE
  s record;
  transfer game_transfers;
BEGIN
  PERFORM 1 FROM members m WHERE m.id = p_member FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    PERFORM money_refuse('U000');
  END IF;
  s := game_member_state(p_member, p_request_key);
  IF (s.replay).transfer_id IS NOT NULL THEN
    RETURN jsonb_build_object('replay', game_transfer_json(s.replay));
  END IF;
  IF s.pending THEN
    RETURN jsonb_build_object('pending', true);
  END IF;
  IF s.open_game_key IS NULL AND s.game = 0 THEN
    RETURN jsonb_build_object('empty', jsonb_build_object('cashAmt', s.cash, 'pointAmt', s.points));
  END IF;
  INSERT INTO game_transfers (transfer_id, member_id, direction, origin, request_key, attempts)
    VALUES (p_transfer_id, p_member, 'out', p_origin, p_request_key, 1) RETURNING * INTO transfer;
  RETURN jsonb_build_object('out', game_transfer_json(transfer));
END;
$$ LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
-- An out-all the vendor answered with p_amount, applied (games/money.ts markApplied): under the transfer's row lock,
-- nothing when it is gone or applied ({row}); {behind} when the vendor counted p_rounds finished rounds of the player
-- and the rounds feed has brought in another number for the member (the server reads the feed, then applies it
-- without the count); else the member's game closed, their game money (held) paid back as the vendor's amount allows
-- and any excess held for the operator in game:held against game:vendor-extra, and the transfer applied, with what
-- it left ({row, left}). The posting short of game money (rounds not in yet) is B6000: the transfer stays pending.
CREATE OR REPLACE FUNCTION game_out_apply(p_transfer_id text, p_amount bigint, p_at timestamptz, p_rounds bigint) RETURNS jsonb AS $$
DECLARE
  current game_transfers;
  v_member bigint;
  held bigint;
  back bigint;
  extra bigint;
  posted jsonb;
  posted_rounds bigint;
  s record;
BEGIN
  SELECT * INTO current FROM game_transfers t WHERE t.transfer_id = p_transfer_id FOR UPDATE;
  IF NOT FOUND OR current.state = 'applied' THEN
    RETURN jsonb_build_object('row', CASE WHEN FOUND THEN game_transfer_json(current) END);
  END IF;
  v_member := current.member_id;
  SELECT g.rounds_posted INTO posted_rounds FROM game_members g WHERE g.member_id = v_member FOR UPDATE;
  IF p_rounds IS NOT NULL AND coalesce(posted_rounds, 0) <> p_rounds THEN
    RETURN jsonb_build_object('behind', true);
  END IF;
  UPDATE game_members SET open_game_key = NULL, opened_at = NULL WHERE member_id = v_member;
  SELECT coalesce((SELECT a.balance FROM ledger_accounts a WHERE a.member_id = v_member AND a.currency = 'GAME'), 0) INTO held;
  IF p_amount > 0 THEN
    back := least(p_amount, held);
    extra := p_amount - back;
    IF p_amount <= held THEN
      posted := ledger_post('game:out:' || p_transfer_id, 'game-out', ARRAY[v_member, NULL, v_member, NULL]::bigint[],
        ARRAY[NULL, 'game:float', NULL, 'game:issued']::text[], ARRAY['KRW', 'KRW', 'GAME', 'GAME']::text[],
        ARRAY[p_amount, -p_amount, -p_amount, p_amount]::bigint[]);
    ELSIF held > 0 THEN
      posted := ledger_post('game:out:' || p_transfer_id, 'game-out', ARRAY[v_member, NULL, v_member, NULL, NULL, NULL]::bigint[],
        ARRAY[NULL, 'game:float', NULL, 'game:issued', 'game:held', 'game:vendor-extra']::text[],
        ARRAY['KRW', 'KRW', 'GAME', 'GAME', 'KRW', 'KRW']::text[], ARRAY[held, -held, -held, held, extra, -extra]::bigint[]);
    ELSE
      posted := ledger_post('game:out:' || p_transfer_id, 'game-out', ARRAY[NULL, NULL]::bigint[],
        ARRAY['game:held', 'game:vendor-extra']::text[], ARRAY['KRW', 'KRW']::text[], ARRAY[extra, -extra]::bigint[]);
    END IF;
    IF posted ->> 'outcome' = 'insufficient' THEN
      PERFORM money_refuse('B6000');
    ELSIF posted ->> 'outcome' = 'conflict' THEN
      PERFORM money_refuse('C999');
    END IF;
  END IF;
  UPDATE game_transfers SET state = 'applied', amount = p_amount, fail_code = NULL, resolved_at = p_at
    WHERE transfer_id = p_transfer_id RETURNING * INTO current;
  s := game_member_state(v_member, NULL);
  RETURN jsonb_build_object('row', game_transfer_json(current), 'left', jsonb_build_object(
    'balances', jsonb_build_object('cashAmt', s.cash, 'pointAmt', s.points), 'gameMoney', s.game, 'merged', least(p_amount, held)));
END;
$$ LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan;
