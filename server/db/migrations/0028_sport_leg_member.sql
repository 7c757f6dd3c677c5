-- A slip's payout cap (B6003) sums the member's waiting bets on the slip's fixtures. It walked every waiting bet
-- of the member and looked each one's legs up, so a member with many open bets paid for all of them on every slip
-- (the largest part of a slip's time in the database once a member had a few hundred). Each leg now carries its
-- bet's member, and the index on (member, fixture) finds just the legs on the slip's fixtures. sport_bet is as in
-- 0023 but for that query and the legs' member.
ALTER TABLE "sport_bet_legs" ADD COLUMN "member_id" bigint;--> statement-breakpoint
UPDATE "sport_bet_legs" l SET "member_id" = b."member_id" FROM "sport_bets" b WHERE b."id" = l."bet_id";--> statement-breakpoint
ALTER TABLE "sport_bet_legs" ALTER COLUMN "member_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "sport_bet_legs_member_fixture_idx" ON "sport_bet_legs" USING btree ("member_id","fixture_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION sport_bet(
  p_member bigint, p_key text, p_hash text, p_at timestamptz, p_legs jsonb, p_amount bigint, p_accept_better boolean,
  p_slip_hash text, p_held jsonb, p_default_rules jsonb, p_default_limits jsonb, p_company jsonb, p_duplicate_ms bigint
) RETURNS jsonb AS $$
DECLARE
  first_answer jsonb;
  member_status text;
  member_level text;
  own_rules jsonb;
  own_limits jsonb;
  v_exposure_limit bigint;
  rules jsonb;
  limits jsonb;
  n int := jsonb_array_length(p_legs);
  found_count int;
  legs jsonb;
  leg jsonb;
  is_live boolean;
  has_unbettable boolean;
  changed boolean;
  kinds text[];
  pair jsonb;
  leg_odds int[];
  v_odds bigint := 100;
  v_bonus int := 100;
  total_odds bigint;
  v_win bigint;
  open_total bigint;
  posted jsonb;
  v_bet bigint;
  v_history bigint;
  leg_views jsonb;
  sport_key text;
  game_name jsonb;
  liability_now bigint;
  suspended jsonb := '[]'::jsonb;
  call_answer jsonb;
  delay int;
BEGIN
  first_answer := money_call_claim(p_member, p_key, 'betProc', p_hash);
  IF first_answer IS NOT NULL THEN
    RETURN jsonb_build_object('ran', false, 'answer', first_answer);
  END IF;
  -- An unknown selection first, as the live hold's look-up before the transaction answered it.
  SELECT count(*) INTO found_count FROM sport_selections s
    WHERE s.selection_id IN (SELECT e ->> 'selectionId' FROM jsonb_array_elements(p_legs) e);
  IF found_count <> n THEN
    PERFORM money_refuse('B0201');
  END IF;
  SELECT m.status, m.mem_level INTO member_status, member_level FROM members m WHERE m.id = p_member FOR NO KEY UPDATE;
  IF member_status IS DISTINCT FROM 'active' THEN
    PERFORM money_refuse('B1002');
  END IF;
  IF EXISTS (SELECT 1 FROM mini_bet_bans b WHERE b.member_id = p_member) THEN
    PERFORM money_refuse('B1001');
  END IF;
  SELECT s.rules, s.level_limits, s.exposure_limit INTO own_rules, own_limits, v_exposure_limit FROM sport_settings s WHERE s.id = 'site';
  own_rules := coalesce(own_rules, '{}'::jsonb);
  own_limits := coalesce(own_limits, '{}'::jsonb);
  v_exposure_limit := coalesce(v_exposure_limit, 0);
  rules := p_default_rules || own_rules || jsonb_build_object('minLegs', 1,
    'liveDelaySeconds', (p_default_rules -> 'liveDelaySeconds') || coalesce(own_rules -> 'liveDelaySeconds', '{}'::jsonb));
  limits := p_default_limits || coalesce(own_limits -> '1', '{}'::jsonb) || coalesce(own_limits -> member_level, '{}'::jsonb);
  IF n > (rules ->> 'maxLegs')::int THEN
    PERFORM money_refuse('B6105');
  END IF;

  -- The legs' markets, locked in id order.
  PERFORM 1 FROM sport_markets m WHERE m.market_id IN (
    SELECT s.market_id FROM sport_selections s WHERE s.selection_id IN (SELECT e ->> 'selectionId' FROM jsonb_array_elements(p_legs) e))
    ORDER BY m.market_id FOR UPDATE;
  -- Each leg as the server's Leg: what was sent, its market, its selection in the market, its fixture; whether it may be bet now.
  SELECT jsonb_agg(jsonb_build_object(
      'no', e.no, 'selectionId', e.sent ->> 'selectionId', 'sentOdds', (e.sent ->> 'oddsCents')::int, 'sentVersion', (e.sent ->> 'version')::int,
      'marketId', m.market_id, 'kind', m.kind, 'period', m.period, 'line', m.line, 'live', m.live, 'override', m.override,
      'status', CASE WHEN m.override = 'closed' OR m.feed_status = 'closed' THEN 'closed'
                     WHEN m.override = 'suspended' OR m.feed_status = 'suspended' THEN 'suspended' ELSE 'open' END,
      'version', m.feed_version + m.site_bump, 'key', sel ->> 'key', 'oddsCents', (sel ->> 'oddsCents')::int,
      'fixtureId', f.fixture_id, 'sport', f.sport, 'leagueId', f.league_id, 'home', f.home -> 'names', 'away', f.away -> 'names',
      'startsAt', to_char(f.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'score', f.score, 'scoreSeq', f.score_seq,
      'league', coalesce(l.names, '{"ko": "", "en": "", "vi": ""}'::jsonb),
      'bettable', m.feed_status NOT IN ('closed', 'suspended') AND m.override IS NULL AND NOT m.voided
        AND f.enabled AND coalesce(l.enabled, false)
        AND CASE WHEN m.live THEN f.status = 'live'
                 ELSE f.status = 'scheduled' AND p_at < f.starts_at - make_interval(secs => (rules ->> 'prematchCloseSeconds')::int) END
    ) ORDER BY e.no)
    INTO legs
    FROM jsonb_array_elements(p_legs) WITH ORDINALITY AS e(sent, no)
    JOIN sport_selections s ON s.selection_id = e.sent ->> 'selectionId'
    LEFT JOIN sport_markets m ON m.market_id = s.market_id
    LEFT JOIN LATERAL (SELECT x AS sel FROM jsonb_array_elements(m.selections) x WHERE x ->> 'selectionId' = e.sent ->> 'selectionId' LIMIT 1) q ON true
    LEFT JOIN sport_fixtures f ON f.fixture_id = m.fixture_id
    LEFT JOIN sport_leagues l ON l.league_id = f.league_id;
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(legs) x WHERE x ->> 'marketId' IS NULL OR x ->> 'key' IS NULL OR x ->> 'fixtureId' IS NULL) THEN
    PERFORM money_refuse('B0201');
  END IF;
  is_live := EXISTS (SELECT 1 FROM jsonb_array_elements(legs) x WHERE (x ->> 'live')::boolean);
  IF is_live AND n > 1 THEN
    PERFORM money_refuse('B6107');
  END IF;
  has_unbettable := EXISTS (SELECT 1 FROM jsonb_array_elements(legs) x WHERE NOT (x ->> 'bettable')::boolean);
  IF has_unbettable THEN
    PERFORM sport_refuse_with('B6102', jsonb_build_object('legs', (SELECT jsonb_agg(jsonb_build_object(
      'selectionId', x ->> 'selectionId', 'oddsCents', (x ->> 'oddsCents')::int, 'version', (x ->> 'version')::int,
      'status', CASE WHEN (x ->> 'bettable')::boolean THEN 'open' WHEN x ->> 'status' = 'open' THEN 'closed' ELSE x ->> 'status' END)
      ORDER BY (x ->> 'no')::int) FROM jsonb_array_elements(legs) x)));
  END IF;
  leg := legs -> 0;
  IF p_held IS NOT NULL AND is_live THEN
    IF (leg ->> 'version')::int <> (p_held ->> 'version')::int OR (leg ->> 'scoreSeq')::int <> (p_held ->> 'scoreSeq')::int THEN
      PERFORM money_refuse('B6106');
    END IF;
  END IF;
  changed := EXISTS (SELECT 1 FROM jsonb_array_elements(legs) x
    WHERE NOT ((x ->> 'version')::int = (x ->> 'sentVersion')::int AND (x ->> 'oddsCents')::int = (x ->> 'sentOdds')::int)
      AND NOT (p_accept_better AND (x ->> 'oddsCents')::int >= (x ->> 'sentOdds')::int));
  IF changed THEN
    PERFORM sport_refuse_with('B6101', jsonb_build_object('legs', (SELECT jsonb_agg(jsonb_build_object(
      'selectionId', x ->> 'selectionId', 'oddsCents', (x ->> 'oddsCents')::int, 'version', (x ->> 'version')::int, 'status', 'open')
      ORDER BY (x ->> 'no')::int) FROM jsonb_array_elements(legs) x)));
  END IF;
  IF is_live AND p_held IS NULL THEN
    delay := coalesce((rules -> 'liveDelaySeconds' ->> (leg ->> 'sport'))::int, 5);
    RAISE EXCEPTION USING ERRCODE = 'HB003', MESSAGE = 'sport_bet: a live slip is held first',
      DETAIL = jsonb_build_object('version', (leg ->> 'version')::int, 'scoreSeq', (leg ->> 'scoreSeq')::int, 'delaySeconds', delay)::text;
  END IF;

  -- Two legs of one market, or a same-fixture pair the sport's rules forbid.
  IF (SELECT count(DISTINCT x ->> 'marketId') FROM jsonb_array_elements(legs) x) <> n THEN
    PERFORM money_refuse('B6103');
  END IF;
  FOR leg IN SELECT jsonb_build_object('sport', min(x ->> 'sport'), 'kinds', jsonb_agg(x ->> 'kind'))
             FROM jsonb_array_elements(legs) x GROUP BY x ->> 'fixtureId' HAVING count(*) > 1 LOOP
    kinds := ARRAY(SELECT jsonb_array_elements_text(leg -> 'kinds'));
    FOR pair IN SELECT p FROM jsonb_array_elements(coalesce(rules -> 'sameFixtureForbidden' -> (leg ->> 'sport'), '[]'::jsonb)) p LOOP
      IF ARRAY(SELECT jsonb_array_elements_text(pair -> 0)) && kinds AND ARRAY(SELECT jsonb_array_elements_text(pair -> 1)) && kinds THEN
        PERFORM money_refuse('B6103');
      END IF;
    END LOOP;
  END LOOP;
  leg_odds := ARRAY(SELECT (x ->> 'oddsCents')::int FROM jsonb_array_elements(legs) x ORDER BY (x ->> 'no')::int);
  IF n = 1 AND leg_odds[1] < (rules ->> 'minSingleOddsCents')::int THEN
    PERFORM money_refuse('B6104');
  END IF;
  -- The product of odds, each step floored to 0.01 (placing.ts productOdds); the folder bonus (contract folderBonusCents).
  FOR i IN 1..n LOOP
    v_odds := (v_odds * leg_odds[i]) / 100;
  END LOOP;
  IF n > 1 AND NOT EXISTS (SELECT 1 FROM unnest(leg_odds) o WHERE o < (rules ->> 'folderBonusMinLegOddsCents')::int) THEN
    FOR pair IN SELECT p FROM jsonb_array_elements(rules -> 'folderBonus') p LOOP
      IF n >= (pair ->> 'legs')::int THEN
        v_bonus := (pair ->> 'bonusCents')::int;
      END IF;
    END LOOP;
  END IF;
  total_odds := least((v_odds * v_bonus) / 100, (rules ->> 'maxTotalOddsCents')::bigint);
  IF p_amount < (limits ->> 'minStake')::bigint THEN
    PERFORM money_refuse('B6001');
  END IF;
  IF p_amount > (limits ->> 'maxStake')::bigint THEN
    PERFORM money_refuse('B6002');
  END IF;
  v_win := (p_amount * total_odds) / 100;
  SELECT coalesce(sum(b.potential_win), 0) INTO open_total FROM sport_bets b
    WHERE b.id IN (SELECT l.bet_id FROM sport_bet_legs l
      WHERE l.member_id = p_member AND l.fixture_id IN (SELECT x ->> 'fixtureId' FROM jsonb_array_elements(legs) x))
    AND b.status = 'wait';
  IF v_win + open_total > (limits ->> 'maxPayout')::bigint THEN
    PERFORM money_refuse('B6003');
  END IF;
  IF EXISTS (SELECT 1 FROM sport_bets b WHERE b.member_id = p_member AND b.slip_hash = p_slip_hash AND b.status = 'wait'
             AND b.placed_at > p_at - make_interval(secs => p_duplicate_ms / 1000.0::double precision)) THEN
    PERFORM money_refuse('B6005');
  END IF;

  posted := ledger_post('sportStake:' || p_member || ':' || p_key, 'sport.stake',
    ARRAY[p_member, NULL]::bigint[], ARRAY[NULL, 'sport']::text[], ARRAY['KRW', 'KRW']::text[], ARRAY[-p_amount, p_amount]::bigint[]);
  IF posted ->> 'outcome' = 'insufficient' THEN
    PERFORM money_refuse('B6000');
  ELSIF posted ->> 'outcome' = 'conflict' THEN
    PERFORM money_refuse('C999');
  END IF;

  leg := legs -> 0;
  INSERT INTO sport_bets (member_id, stake, odds_cents, bonus_cents, potential_win, terms, live, slip_hash, stake_transaction_id, placed_at)
    VALUES (p_member, p_amount, v_odds, v_bonus, v_win, jsonb_build_object(
      'folderBonus', rules -> 'folderBonus', 'folderBonusMinLegOddsCents', (rules -> 'folderBonusMinLegOddsCents'),
      'maxTotalOddsCents', rules -> 'maxTotalOddsCents', 'maxPayout', limits -> 'maxPayout'),
      (leg ->> 'live')::boolean, p_slip_hash, (posted ->> 'transactionId')::bigint, p_at)
    RETURNING id INTO v_bet;
  INSERT INTO sport_bet_legs (bet_id, member_id, leg_no, selection_id, market_id, fixture_id, key, odds_cents, version, score_seq, live)
    SELECT v_bet, p_member, (x ->> 'no')::int, x ->> 'selectionId', x ->> 'marketId', x ->> 'fixtureId', x ->> 'key', (x ->> 'oddsCents')::int,
      (x ->> 'version')::int, (x ->> 'scoreSeq')::int, (x ->> 'live')::boolean
    FROM jsonb_array_elements(legs) x;
  -- Each leg as the member sees it (placing.ts legView).
  SELECT jsonb_agg(jsonb_build_object(
      'fixtureId', x ->> 'fixtureId', 'sport', x ->> 'sport', 'league', x -> 'league', 'home', x -> 'home', 'away', x -> 'away',
      'startsAt', x ->> 'startsAt', 'marketId', x ->> 'marketId', 'kind', x ->> 'kind', 'period', x ->> 'period', 'line', x -> 'line',
      'key', x ->> 'key', 'live', x -> 'live', 'oddsCents', x -> 'oddsCents', 'outcome', NULL, 'score', coalesce(x -> 'score', 'null'::jsonb))
      ORDER BY (x ->> 'no')::int)
    INTO leg_views FROM jsonb_array_elements(legs) x;
  sport_key := CASE WHEN (SELECT count(DISTINCT x ->> 'sport') FROM jsonb_array_elements(legs) x) = 1 THEN leg ->> 'sport' ELSE 'mix' END;
  game_name := CASE WHEN n > 1 THEN jsonb_build_object('ko', n || '폴더', 'en', n || '-fold', 'vi', 'Xiên ' || n)
    ELSE jsonb_build_object('ko', (leg -> 'home' ->> 'ko') || ' vs ' || (leg -> 'away' ->> 'ko'),
      'en', (leg -> 'home' ->> 'en') || ' vs ' || (leg -> 'away' ->> 'en'), 'vi', (leg -> 'home' ->> 'vi') || ' vs ' || (leg -> 'away' ->> 'vi')) END;
  INSERT INTO bets (member_id, group_key, vendor_code, game_key, company, game_name, game_type, source_ref, round_id, stake, type, placed_at, detail)
    VALUES (p_member, 'sport', sport_key, sport_key, p_company, game_name, CASE WHEN n > 1 THEN 'combo' ELSE leg ->> 'kind' END,
      'sport:' || v_bet, CASE WHEN n > 1 THEN 'combo-' || v_bet ELSE leg ->> 'fixtureId' END, p_amount, 'wait', p_at,
      jsonb_build_object('sport', jsonb_build_object('legs', leg_views, 'oddsCents', v_odds, 'bonusCents', v_bonus,
        'potentialWin', v_win, 'revision', 0)))
    RETURNING id INTO v_history;
  UPDATE sport_bets SET history_id = v_history WHERE id = v_bet;

  -- In selection order, as settlement takes them out: two transactions on the same rows never wait on each other in a ring.
  FOR leg IN SELECT x FROM jsonb_array_elements(legs) x ORDER BY x ->> 'selectionId' COLLATE "C" LOOP
    INSERT INTO sport_exposure AS e (selection_id, market_id, fixture_id, stakes, liability, bets)
      VALUES (leg ->> 'selectionId', leg ->> 'marketId', leg ->> 'fixtureId', p_amount, v_win, 1)
      ON CONFLICT (selection_id) DO UPDATE SET stakes = e.stakes + p_amount, liability = e.liability + v_win, bets = e.bets + 1
      RETURNING e.liability INTO liability_now;
    IF v_exposure_limit > 0 AND liability_now > v_exposure_limit AND leg ->> 'override' IS NULL THEN
      UPDATE sport_markets SET override = 'suspended', site_bump = site_bump + 1 WHERE market_id = leg ->> 'marketId';
      suspended := suspended || jsonb_build_object('fixtureId', leg ->> 'fixtureId', 'marketId', leg ->> 'marketId');
    END IF;
  END LOOP;

  call_answer := jsonb_build_object(
    'bet', jsonb_build_object('betId', v_history::text, 'legs', leg_views, 'oddsCents', v_odds, 'bonusCents', v_bonus,
      'stake', p_amount, 'potentialWin', v_win),
    'balances', posted -> 'balances' -> (p_member::text));
  UPDATE idempotency_keys SET answer = call_answer WHERE member_id = p_member AND key = p_key;
  RETURN jsonb_build_object('ran', true, 'answer', call_answer, 'suspended', suspended);
END;
$$ LANGUAGE plpgsql;
