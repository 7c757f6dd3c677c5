-- The games' house accounts and ledger keys have one home, the server's GAME_LEDGER (server/games/money.ts): the
-- launch and the out-all's posting take them as p_ledger, as the launch takes its rules as p_rules, where 0034 wrote
-- them again as literals. The launch also reads its vendor and game in one statement instead of two. Otherwise as 0034
-- (checks, refusals, order, locks, answers); the old signatures are dropped with it.
DROP FUNCTION game_launch_begin(bigint, timestamptz, text, text, text, text, jsonb);--> statement-breakpoint
DROP FUNCTION game_out_apply(text, bigint, timestamptz, bigint);--> statement-breakpoint
-- The launch (SPEC §3, contract/games.ts): the vendor and game playable (B0092, B0093), the member locked (U000),
-- a pending transfer answered as {pending} (the server settles it and calls again), a partner (B0095), not active
-- (B0091), locked by the operator (B1002), a cash request open while the operator blocks it (F001), protection
-- (protection_count 'play'), the launch burst (ABZ01), nothing to play with (B0099); then the launch counted, the
-- game opened, and the transfer in written (pending) and posted. Protection's check above is the one the posting
-- would make (protection_count reads no amount for 'play', and nothing between changes what it reads). p_rules:
-- the contract's burst, the vendor's transfer cap, the default cash flag and the games' master code.
CREATE FUNCTION game_launch_begin(p_member bigint, p_at timestamptz, p_brand text, p_game_key text, p_game_type text,
  p_transfer_id text, p_rules jsonb, p_ledger jsonb) RETURNS jsonb AS $$
DECLARE
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
  SELECT v.state, g.brand, g.kind, g.enabled, g.vendor_enabled INTO v_game FROM game_vendors v
    JOIN common_codes c ON c.master_code = p_rules ->> 'masterCode' AND c.code = v.code
    LEFT JOIN game_catalog g ON g.game_key = p_game_key
    WHERE v.brand = p_brand;
  IF v_game.state IS NULL OR v_game.state = 'hidden' THEN
    PERFORM money_refuse('B0092');
  ELSIF v_game.state = 'maintenance' THEN
    PERFORM money_refuse('B0093');
  END IF;
  IF v_game.brand IS DISTINCT FROM p_brand OR v_game.kind <> p_game_type OR NOT v_game.enabled OR NOT v_game.vendor_enabled THEN
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
  -- The transfer in (games/money.ts): KRW member -a, float +a; GAME member +a, issued -a.
  INSERT INTO game_transfers (transfer_id, member_id, direction, amount, origin, attempts)
    VALUES (p_transfer_id, p_member, 'in', v_amount, 'member', 1) RETURNING * INTO transfer;
  posted := ledger_post((p_ledger ->> 'inKey') || p_transfer_id, 'game-in', ARRAY[p_member, NULL, p_member, NULL]::bigint[],
    ARRAY[NULL, p_ledger ->> 'float', NULL, p_ledger ->> 'issued']::text[], ARRAY['KRW', 'KRW', 'GAME', 'GAME']::text[],
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
-- An out-all the vendor answered with p_amount, applied (games/money.ts markApplied): under the transfer's row lock,
-- nothing when it is gone or applied ({row}); {behind} when the vendor counted p_rounds finished rounds of the player
-- and the rounds feed has brought in another number for the member (the server reads the feed, then applies it
-- without the count); else the member's game closed, their game money (held) paid back as the vendor's amount allows
-- and any excess held for the operator in the held account against the vendor's extra, and the transfer applied, with what
-- it left ({row, left}). The posting short of game money (rounds not in yet) is B6000: the transfer stays pending.
CREATE FUNCTION game_out_apply(p_transfer_id text, p_amount bigint, p_at timestamptz, p_rounds bigint, p_ledger jsonb) RETURNS jsonb AS $$
DECLARE
  current game_transfers;
  v_member bigint;
  held bigint;
  back bigint;
  extra bigint;
  posted jsonb;
  posted_rounds bigint;
  s record;
  v_key text;
  v_float text := p_ledger ->> 'float';
  v_issued text := p_ledger ->> 'issued';
  v_held text := p_ledger ->> 'held';
  v_extra text := p_ledger ->> 'vendorExtra';
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
  v_key := (p_ledger ->> 'outKey') || p_transfer_id;
  IF p_amount > 0 THEN
    back := least(p_amount, held);
    extra := p_amount - back;
    IF p_amount <= held THEN
      posted := ledger_post(v_key, 'game-out', ARRAY[v_member, NULL, v_member, NULL]::bigint[],
        ARRAY[NULL, v_float, NULL, v_issued]::text[], ARRAY['KRW', 'KRW', 'GAME', 'GAME']::text[],
        ARRAY[p_amount, -p_amount, -p_amount, p_amount]::bigint[]);
    ELSIF held > 0 THEN
      posted := ledger_post(v_key, 'game-out', ARRAY[v_member, NULL, v_member, NULL, NULL, NULL]::bigint[],
        ARRAY[NULL, v_float, NULL, v_issued, v_held, v_extra]::text[],
        ARRAY['KRW', 'KRW', 'GAME', 'GAME', 'KRW', 'KRW']::text[], ARRAY[held, -held, -held, held, extra, -extra]::bigint[]);
    ELSE
      posted := ledger_post(v_key, 'game-out', ARRAY[NULL, NULL]::bigint[],
        ARRAY[v_held, v_extra]::text[], ARRAY['KRW', 'KRW']::text[], ARRAY[extra, -extra]::bigint[]);
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
