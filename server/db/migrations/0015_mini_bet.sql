-- A mini-game bet in one statement (server/minigames/betCall.ts; the rules in words are in
-- server/minigames/service.ts). The same checks, in the same order and under the same locks, as the bet
-- the server built statement by statement under idempotent(): the key, the member, the ban, the
-- settings, the round (shared lock), an unsettled past bet, the level limits, one bet per market, the
-- hit limit, then the stake through ledger_post, the bet, its betting-history row and the key's answer.
-- A refusal raises HB001 with its code (money_refuse, 0011), rolling the whole statement back.
--
-- The odds are the server's (contract/miniOdds.ts), computed from the market's margin it passes. When
-- the settings row read here has another margin for the market (the operator changed it meanwhile), the
-- bet raises HB002 and nothing is kept: the server reads the settings again and sends the bet once more,
-- so no bet is ever taken at odds other than those of the settings it was checked against.
CREATE OR REPLACE FUNCTION mini_bet(
  p_member bigint, p_key text, p_hash text, p_game text, p_round bigint, p_market text, p_selection text,
  p_amount bigint, p_odds_cents int, p_margin_bp int, p_at timestamptz, p_company jsonb, p_game_name jsonb, p_label_id text
) RETURNS jsonb AS $$
DECLARE
  first_answer jsonb;
  member_status text;
  member_level text;
  settings mini_settings%ROWTYPE;
  bet_round mini_rounds%ROWTYPE;
  limits jsonb;
  market_taken boolean;
  round_payout bigint;
  posted jsonb;
  bet_id bigint;
  call_answer jsonb;
BEGIN
  first_answer := money_call_claim(p_member, p_key, 'betProc', p_hash);
  IF first_answer IS NOT NULL THEN
    RETURN jsonb_build_object('ran', false, 'answer', first_answer);
  END IF;
  SELECT m.status, m.mem_level INTO member_status, member_level FROM members m WHERE m.id = p_member FOR NO KEY UPDATE;
  IF member_status IS DISTINCT FROM 'active' THEN
    PERFORM money_refuse('B1002');
  END IF;
  IF EXISTS (SELECT 1 FROM mini_bet_bans b WHERE b.member_id = p_member) THEN
    PERFORM money_refuse('B1001');
  END IF;
  SELECT * INTO settings FROM mini_settings s WHERE s.game = p_game;
  IF NOT FOUND THEN
    INSERT INTO mini_settings (game) VALUES (p_game) ON CONFLICT DO NOTHING;
    SELECT * INTO settings FROM mini_settings s WHERE s.game = p_game;
  END IF;
  IF settings.paused THEN
    PERFORM money_refuse('B0093');
  END IF;
  -- Shared lock: the draw (which takes the row for update) waits for the bets in flight, and after it no bet passes.
  SELECT * INTO bet_round FROM mini_rounds r WHERE r.id = p_round FOR SHARE;
  IF NOT FOUND OR bet_round.game <> p_game OR bet_round.status <> 'open' OR p_at < bet_round.opens_at OR p_at >= bet_round.closes_at THEN
    PERFORM money_refuse('B0202');
  END IF;
  IF EXISTS (SELECT 1 FROM mini_bets b JOIN mini_rounds r ON r.id = b.round_id
             WHERE b.member_id = p_member AND b.game = p_game AND b.status = 'wait' AND r.draws_at <= p_at) THEN
    PERFORM money_refuse('B9999');
  END IF;
  -- Levels not listed use level '1' (service.ts levelLimits).
  limits := coalesce(settings.level_limits -> member_level, settings.level_limits -> '1', '{"min": 1000, "max": 1000000}'::jsonb);
  IF p_amount < (limits ->> 'min')::bigint THEN
    PERFORM money_refuse('B6001');
  END IF;
  IF p_amount > (limits ->> 'max')::bigint THEN
    PERFORM money_refuse('B6002');
  END IF;
  -- The member's bets of the round: one per market (when the operator says so) and what they may pay.
  SELECT coalesce(bool_or(b.market = p_market), false), coalesce(sum(b.stake * b.odds_cents / 100), 0)
    INTO market_taken, round_payout FROM mini_bets b WHERE b.member_id = p_member AND b.round_id = p_round;
  IF settings.one_bet_per_market AND market_taken THEN
    PERFORM money_refuse('B6005');
  END IF;
  IF coalesce((settings.margins ->> p_market)::int, settings.default_margin_bp) <> p_margin_bp THEN
    RAISE EXCEPTION USING ERRCODE = 'HB002', MESSAGE = 'mini_bet: the odds were computed from another margin';
  END IF;
  IF round_payout + p_amount * p_odds_cents / 100 > settings.hit_limit THEN
    PERFORM money_refuse('B6003');
  END IF;

  posted := ledger_post('betProc:' || p_member || ':' || p_key, 'mini.stake',
    ARRAY[p_member, NULL]::bigint[], ARRAY[NULL, 'minigame']::text[], ARRAY['KRW', 'KRW']::text[], ARRAY[-p_amount, p_amount]::bigint[]);
  IF posted->>'outcome' = 'insufficient' THEN
    PERFORM money_refuse('B6000');
  ELSIF posted->>'outcome' = 'conflict' THEN
    PERFORM money_refuse('C999');
  END IF;

  INSERT INTO mini_bets (member_id, round_id, game, market, selection, stake, odds_cents, stake_transaction_id, placed_at)
    VALUES (p_member, p_round, p_game, p_market, p_selection, p_amount, p_odds_cents, (posted->>'transactionId')::bigint, p_at)
    RETURNING id INTO bet_id;
  INSERT INTO bets (member_id, group_key, vendor_code, game_key, company, game_name, game_type, source_ref, round_id, stake, type, placed_at, detail)
    VALUES (p_member, 'minigame', 'mini', p_game, p_company, p_game_name, p_market, 'mini:' || bet_id,
      p_game || '-' || bet_round.day || '-' || bet_round.round_no, p_amount, 'wait', p_at,
      jsonb_build_object('market', p_market, 'selection', p_selection, 'oddsCents', p_odds_cents, 'labelId', p_label_id,
        'proof', jsonb_build_object('serverSeedHash', bet_round.seed_hash, 'serverSeed', NULL, 'clientSeed', '', 'nonce', bet_round.round_no,
          'verifyHelp', 'mini.verify.help')));
  -- The answer is queries.ts betView's shape (placedAt as JavaScript's toISOString writes it).
  call_answer := jsonb_build_object(
    'bet', jsonb_build_object('betId', bet_id, 'game', p_game, 'roundId', p_round, 'roundNo', bet_round.round_no, 'market', p_market,
      'selection', p_selection, 'stake', p_amount, 'oddsCents', p_odds_cents, 'status', 'wait', 'win', 0,
      'placedAt', to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    'balances', posted->'balances'->(p_member::text));
  UPDATE idempotency_keys SET answer = call_answer WHERE member_id = p_member AND key = p_key;
  RETURN jsonb_build_object('ran', true, 'answer', call_answer);
END;
$$ LANGUAGE plpgsql;
