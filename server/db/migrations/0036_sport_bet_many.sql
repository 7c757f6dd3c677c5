-- Sports slips placed a batch at a time, set-based (placing.ts; money/door.ts `batchInDatabase`): what 0029's sport_bet
-- did for one slip, done once for the batch, about fifteen statements a batch instead of about thirty a slip. A slip's
-- checks, their order and its refusal are those sport_bet had; a refused slip is answered `{refused, data}` and
-- nothing of it is kept (its key claim is taken back), where sport_bet raised and rolled its transaction back. A
-- live slip's first send answers `{hold}` (sport_bet raised HB003). The batch's slips are of distinct members (the
-- server batches so), placed as concurrent slips are: each sees the markets as they stood when the batch locked them.
-- Locks, in the order every money call takes them: the keys (in member and key order), the members (in id order),
-- the legs' markets (in id order), the member accounts (ledger_post_many: in id order), the selections' exposure (in
-- selection order), the house rows at the commit. The markets are share-locked (sport_bet locked them for update):
-- a price change, a close or a result still waits for the slips on the market, or the slips see it, but two batches
-- on one market no longer take turns. So a market whose exposure passes the operator's limit is not suspended inside
-- (that would wait on the other batches' share locks while holding exposure rows they wait on): it is answered, and
-- the server suspends it once the batch commits (sports/service.ts).
-- Anything raised inside (a protection refusal from the betting history's trigger) fails the batch: the server then
-- sends each of its slips alone, where the refusal is that slip's own.
CREATE TYPE sport_batch_leg AS (
  slip int, no int, selection_id text, sent_odds int, sent_version int, market_id text, kind text, live boolean, status text,
  version int, key text, odds_cents int, fixture_id text, sport text, score_seq int, bettable boolean, view jsonb
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION sport_bet_many(
  p_members bigint[], p_keys text[], p_hashes text[], p_at timestamptz, p_calls jsonb,
  p_default_rules jsonb, p_default_limits jsonb, p_company jsonb, p_duplicate_ms bigint
) RETURNS jsonb AS $$
DECLARE
  n int := cardinality(p_members);
  -- Each slip's own arguments, and what becomes of it: its outcome (a refusal, a hold, a replay or its placing) once known.
  amounts bigint[];
  accepts boolean[];
  slip_hashes text[];
  helds jsonb[];
  sent jsonb[];
  outcomes jsonb[] := array_fill(NULL::jsonb, ARRAY[n]);
  claimed boolean[];
  unknowns boolean[];
  market_ids text[];
  -- The members, locked.
  member_ids bigint[];
  statuses text[];
  levels text[];
  banned boolean[];
  own_rules jsonb;
  own_limits jsonb;
  v_exposure_limit bigint;
  rules jsonb;
  limits jsonb[] := array_fill(NULL::jsonb, ARRAY[n]);
  legs sport_batch_leg[];
  leg sport_batch_leg;
  leg1 sport_batch_leg;
  k int := 1;
  m int;
  refusal text;
  refusal_data jsonb;
  -- One slip's legs as the checks read them.
  slip_n int;
  missing boolean;
  is_live boolean;
  has_unbettable boolean;
  changed boolean;
  leg_markets text[];
  fixture_ids text[];
  one_sport boolean;
  min_odds int;
  prices jsonb;
  states jsonb;
  same_fixture record;
  pair jsonb;
  v_odds bigint;
  v_bonus int;
  -- Each placed slip's figures.
  odds bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  bonuses int[] := array_fill(NULL::int, ARRAY[n]);
  wins bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  views jsonb[] := array_fill(NULL::jsonb, ARRAY[n]);
  sport_keys text[] := array_fill(NULL::text, ARRAY[n]);
  firsts sport_batch_leg[] := array_fill(NULL::sport_batch_leg, ARRAY[n]);
  open_totals bigint[];
  duplicates boolean[];
  reqs int[];
  posted jsonb[];
  refused_req int;
  posted_reqs int[];
  entry_reqs int[];
  entry_members bigint[];
  entry_houses text[];
  entry_amounts bigint[];
  bet_ids bigint[];
  history_ids bigint[];
  transaction_ids bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  balances jsonb[] := array_fill(NULL::jsonb, ARRAY[n]);
  exposed record;
  over_limit jsonb := '[]'::jsonb;
  first_hash text;
  first_answer jsonb;
BEGIN
  SELECT array_agg((c ->> 'amount')::bigint ORDER BY o), array_agg((c ->> 'acceptBetterOdds')::boolean ORDER BY o),
      array_agg(c ->> 'slipHash' ORDER BY o), array_agg(nullif(c -> 'held', 'null'::jsonb) ORDER BY o), array_agg(c -> 'legs' ORDER BY o)
    INTO amounts, accepts, slip_hashes, helds, sent FROM jsonb_array_elements(p_calls) WITH ORDINALITY e(c, o);
  IF n < 1 OR cardinality(p_keys) <> n OR cardinality(p_hashes) <> n OR cardinality(amounts) <> n
     OR (SELECT count(DISTINCT x) FROM unnest(p_members) x) <> n THEN
    RAISE EXCEPTION 'sport_bet_many: a batch needs one slip per member, each with its key, hash and arguments';
  END IF;

  -- The keys (money_call_claim for each): claimed now, or answered before (a replay), or another request's (C999).
  WITH ins AS (
    INSERT INTO idempotency_keys (member_id, key, call, request_hash, answer)
      SELECT u.m, u.k, 'betProc', u.h, '{}' FROM unnest(p_members, p_keys, p_hashes) u(m, k, h) ORDER BY u.m, u.k
      ON CONFLICT DO NOTHING RETURNING member_id)
  SELECT array_agg(EXISTS (SELECT 1 FROM ins WHERE ins.member_id = u.m) ORDER BY u.i) INTO claimed
    FROM unnest(p_members) WITH ORDINALITY u(m, i);
  FOR i IN 1..n LOOP
    CONTINUE WHEN claimed[i];
    SELECT ik.request_hash, ik.answer INTO first_hash, first_answer FROM idempotency_keys ik WHERE ik.member_id = p_members[i] AND ik.key = p_keys[i];
    outcomes[i] := CASE WHEN first_hash IS DISTINCT FROM p_hashes[i] THEN jsonb_build_object('refused', 'C999')
      ELSE jsonb_build_object('ran', false, 'answer', first_answer) END;
  END LOOP;

  -- An unknown selection first. A selection's market never changes (the ingest only adds selections), so the markets
  -- found are those to lock below.
  WITH sel AS (
    SELECT u.i, s.market_id FROM unnest(sent) WITH ORDINALITY u(legs, i)
      CROSS JOIN LATERAL jsonb_array_elements(u.legs) e LEFT JOIN sport_selections s ON s.selection_id = e ->> 'selectionId'
      WHERE outcomes[u.i] IS NULL)
  SELECT ARRAY(SELECT EXISTS (SELECT 1 FROM sel WHERE sel.i = g.i AND sel.market_id IS NULL) FROM generate_series(1, n) g(i) ORDER BY g.i),
      ARRAY(SELECT DISTINCT sel.market_id FROM sel WHERE sel.market_id IS NOT NULL)
    INTO unknowns, market_ids;
  FOR i IN 1..n LOOP
    IF outcomes[i] IS NULL AND unknowns[i] THEN
      outcomes[i] := jsonb_build_object('refused', 'B0201');
    END IF;
  END LOOP;

  SELECT array_agg(x.id ORDER BY x.id), array_agg(x.status ORDER BY x.id), array_agg(x.mem_level ORDER BY x.id),
      array_agg(EXISTS (SELECT 1 FROM mini_bet_bans b WHERE b.member_id = x.id) ORDER BY x.id)
    INTO member_ids, statuses, levels, banned
    FROM (SELECT mm.id, mm.status, mm.mem_level FROM members mm
          WHERE mm.id IN (SELECT p_members[g.i] FROM generate_series(1, n) g(i) WHERE outcomes[g.i] IS NULL)
          ORDER BY mm.id FOR NO KEY UPDATE) x;
  SELECT s.rules, s.level_limits, s.exposure_limit INTO own_rules, own_limits, v_exposure_limit FROM sport_settings s WHERE s.id = 'site';
  own_rules := coalesce(own_rules, '{}'::jsonb);
  own_limits := coalesce(own_limits, '{}'::jsonb);
  v_exposure_limit := coalesce(v_exposure_limit, 0);
  rules := p_default_rules || own_rules || jsonb_build_object('minLegs', 1,
    'liveDelaySeconds', (p_default_rules -> 'liveDelaySeconds') || coalesce(own_rules -> 'liveDelaySeconds', '{}'::jsonb));
  FOR i IN 1..n LOOP
    CONTINUE WHEN outcomes[i] IS NOT NULL;
    m := array_position(member_ids, p_members[i]);
    IF m IS NULL OR statuses[m] IS DISTINCT FROM 'active' THEN
      outcomes[i] := jsonb_build_object('refused', 'B1002');
    ELSIF banned[m] THEN
      outcomes[i] := jsonb_build_object('refused', 'B1001');
    ELSIF jsonb_array_length(sent[i]) > (rules ->> 'maxLegs')::int THEN
      outcomes[i] := jsonb_build_object('refused', 'B6105');
    ELSE
      limits[i] := p_default_limits || coalesce(own_limits -> '1', '{}'::jsonb) || coalesce(own_limits -> levels[m], '{}'::jsonb);
    END IF;
  END LOOP;

  -- The legs' markets, locked in id order; then each leg as the server's Leg: what was sent, its market, its selection
  -- in the market, its fixture; whether it may be bet now; and the leg as the member sees it (placing.ts legView).
  PERFORM 1 FROM sport_markets mk WHERE mk.market_id = ANY (market_ids) ORDER BY mk.market_id FOR SHARE;
  legs := ARRAY(SELECT ROW(u.i, e.no, e.sent ->> 'selectionId', (e.sent ->> 'oddsCents')::int, (e.sent ->> 'version')::int,
      mk.market_id, mk.kind, mk.live,
      CASE WHEN mk.override = 'closed' OR mk.feed_status = 'closed' THEN 'closed'
           WHEN mk.override = 'suspended' OR mk.feed_status = 'suspended' THEN 'suspended' ELSE 'open' END,
      mk.feed_version + mk.site_bump, sel ->> 'key', (sel ->> 'oddsCents')::int, f.fixture_id, f.sport, f.score_seq,
      mk.feed_status NOT IN ('closed', 'suspended') AND mk.override IS NULL AND NOT mk.voided
        AND f.enabled AND coalesce(l.enabled, false)
        AND CASE WHEN mk.live THEN f.status = 'live'
                 ELSE f.status = 'scheduled' AND p_at < f.starts_at - make_interval(secs => (rules ->> 'prematchCloseSeconds')::int) END,
      jsonb_build_object(
        'fixtureId', f.fixture_id, 'sport', f.sport, 'league', coalesce(l.names, '{"ko": "", "en": "", "vi": ""}'::jsonb),
        'home', f.home -> 'names', 'away', f.away -> 'names',
        'startsAt', to_char(f.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'marketId', mk.market_id,
        'kind', mk.kind, 'period', mk.period, 'line', mk.line, 'key', sel ->> 'key', 'live', mk.live,
        'oddsCents', (sel ->> 'oddsCents')::int, 'outcome', NULL, 'score', f.score)
    )::sport_batch_leg
    FROM unnest(sent) WITH ORDINALITY u(legs, i)
    CROSS JOIN LATERAL jsonb_array_elements(u.legs) WITH ORDINALITY AS e(sent, no)
    JOIN sport_selections s ON s.selection_id = e.sent ->> 'selectionId'
    LEFT JOIN sport_markets mk ON mk.market_id = s.market_id
    LEFT JOIN LATERAL (SELECT x AS sel FROM jsonb_array_elements(mk.selections) x WHERE x ->> 'selectionId' = e.sent ->> 'selectionId' LIMIT 1) q ON true
    LEFT JOIN sport_fixtures f ON f.fixture_id = mk.fixture_id
    LEFT JOIN sport_leagues l ON l.league_id = f.league_id
    WHERE outcomes[u.i] IS NULL
    ORDER BY u.i, e.no);

  -- Each slip's checks, in sport_bet's order, over its legs in one pass of plain expressions (no statement but the
  -- same-fixture rules', read only when two legs share a fixture).
  FOR i IN 1..n LOOP
    CONTINUE WHEN outcomes[i] IS NOT NULL;
    slip_n := jsonb_array_length(sent[i]);
    missing := false; is_live := false; has_unbettable := false; changed := false;
    leg_markets := '{}'; fixture_ids := '{}'; one_sport := true; min_odds := NULL;
    prices := '[]'::jsonb; states := '[]'::jsonb; views[i] := '[]'::jsonb; v_odds := 100; v_bonus := 100;
    leg1 := legs[k];
    WHILE k <= cardinality(legs) AND (legs[k]).slip = i LOOP
      leg := legs[k];
      k := k + 1;
      missing := missing OR leg.market_id IS NULL OR leg.key IS NULL OR leg.fixture_id IS NULL;
      is_live := is_live OR coalesce(leg.live, false);
      has_unbettable := has_unbettable OR NOT coalesce(leg.bettable, true);
      changed := changed OR coalesce(NOT (leg.version = leg.sent_version AND leg.odds_cents = leg.sent_odds)
        AND NOT (accepts[i] AND leg.odds_cents >= leg.sent_odds), false);
      IF NOT leg.market_id = ANY (leg_markets) THEN
        leg_markets := leg_markets || leg.market_id;
      END IF;
      IF NOT leg.fixture_id = ANY (fixture_ids) THEN
        fixture_ids := fixture_ids || leg.fixture_id;
      END IF;
      one_sport := one_sport AND leg.sport = leg1.sport;
      min_odds := least(min_odds, leg.odds_cents);
      -- The product of odds, each step floored to 0.01 (placing.ts productOdds).
      v_odds := (v_odds * leg.odds_cents) / 100;
      views[i] := views[i] || leg.view;
      prices := prices || jsonb_build_object('selectionId', leg.selection_id, 'oddsCents', leg.odds_cents, 'version', leg.version, 'status', 'open');
      states := states || jsonb_build_object('selectionId', leg.selection_id, 'oddsCents', leg.odds_cents, 'version', leg.version,
        'status', CASE WHEN leg.bettable THEN 'open' WHEN leg.status = 'open' THEN 'closed' ELSE leg.status END);
    END LOOP;
    refusal := NULL;
    refusal_data := NULL;
    <<checks>>
    BEGIN
      IF missing THEN
        refusal := 'B0201'; EXIT checks;
      END IF;
      IF is_live AND slip_n > 1 THEN
        refusal := 'B6107'; EXIT checks;
      END IF;
      IF has_unbettable THEN
        refusal := 'B6102'; refusal_data := jsonb_build_object('legs', states); EXIT checks;
      END IF;
      IF helds[i] IS NOT NULL AND is_live
         AND (leg1.version <> (helds[i] ->> 'version')::int OR leg1.score_seq <> (helds[i] ->> 'scoreSeq')::int) THEN
        refusal := 'B6106'; EXIT checks;
      END IF;
      IF changed THEN
        refusal := 'B6101'; refusal_data := jsonb_build_object('legs', prices); EXIT checks;
      END IF;
      IF is_live AND helds[i] IS NULL THEN
        outcomes[i] := jsonb_build_object('hold', jsonb_build_object('version', leg1.version, 'scoreSeq', leg1.score_seq,
          'delaySeconds', coalesce((rules -> 'liveDelaySeconds' ->> leg1.sport)::int, 5)));
        EXIT checks;
      END IF;
      -- Two legs of one market, or a same-fixture pair the sport's rules forbid.
      IF cardinality(leg_markets) <> slip_n THEN
        refusal := 'B6103'; EXIT checks;
      END IF;
      IF cardinality(fixture_ids) < slip_n THEN
        FOR same_fixture IN SELECT min(x.sport) AS sport, array_agg(x.kind) AS kinds FROM unnest(legs) x
            WHERE x.slip = i GROUP BY x.fixture_id HAVING count(*) > 1 LOOP
          FOR pair IN SELECT p FROM jsonb_array_elements(coalesce(rules -> 'sameFixtureForbidden' -> same_fixture.sport, '[]'::jsonb)) p LOOP
            IF ARRAY(SELECT jsonb_array_elements_text(pair -> 0)) && same_fixture.kinds
               AND ARRAY(SELECT jsonb_array_elements_text(pair -> 1)) && same_fixture.kinds THEN
              refusal := 'B6103'; EXIT checks;
            END IF;
          END LOOP;
        END LOOP;
      END IF;
      IF slip_n = 1 AND leg1.odds_cents < (rules ->> 'minSingleOddsCents')::int THEN
        refusal := 'B6104'; EXIT checks;
      END IF;
      -- The folder bonus (contract folderBonusCents).
      IF slip_n > 1 AND min_odds >= (rules ->> 'folderBonusMinLegOddsCents')::int THEN
        FOR b IN 0..coalesce(jsonb_array_length(rules -> 'folderBonus'), 0) - 1 LOOP
          IF slip_n >= (rules -> 'folderBonus' -> b ->> 'legs')::int THEN
            v_bonus := (rules -> 'folderBonus' -> b ->> 'bonusCents')::int;
          END IF;
        END LOOP;
      END IF;
      IF amounts[i] < (limits[i] ->> 'minStake')::bigint THEN
        refusal := 'B6001'; EXIT checks;
      END IF;
      IF amounts[i] > (limits[i] ->> 'maxStake')::bigint THEN
        refusal := 'B6002'; EXIT checks;
      END IF;
      odds[i] := v_odds;
      bonuses[i] := v_bonus;
      wins[i] := (amounts[i] * least((v_odds * v_bonus) / 100, (rules ->> 'maxTotalOddsCents')::bigint)) / 100;
      firsts[i] := leg1;
      sport_keys[i] := CASE WHEN one_sport THEN leg1.sport ELSE 'mix' END;
    END;
    IF refusal IS NOT NULL THEN
      outcomes[i] := jsonb_build_object('refused', refusal, 'data', refusal_data);
    END IF;
  END LOOP;

  -- The payout cap, counting the member's waiting bets on the slip's fixtures; then the same slip already waiting.
  SELECT array_agg(q.open_total ORDER BY q.i), array_agg(q.duplicate ORDER BY q.i) INTO open_totals, duplicates FROM (
    SELECT g.i,
      CASE WHEN outcomes[g.i] IS NULL THEN (SELECT coalesce(sum(b.potential_win), 0) FROM sport_bets b
        WHERE b.id IN (SELECT l.bet_id FROM sport_bet_legs l WHERE l.member_id = p_members[g.i]
                         AND l.fixture_id IN (SELECT x.fixture_id FROM unnest(legs) x WHERE x.slip = g.i))
          AND b.status = 'wait') END AS open_total,
      outcomes[g.i] IS NULL AND EXISTS (SELECT 1 FROM sport_bets b WHERE b.member_id = p_members[g.i] AND b.slip_hash = slip_hashes[g.i]
        AND b.status = 'wait' AND b.placed_at > p_at - make_interval(secs => p_duplicate_ms / 1000.0::double precision)) AS duplicate
    FROM generate_series(1, n) g(i)) q;
  FOR i IN 1..n LOOP
    CONTINUE WHEN outcomes[i] IS NOT NULL;
    IF wins[i] + open_totals[i] > (limits[i] ->> 'maxPayout')::bigint THEN
      outcomes[i] := jsonb_build_object('refused', 'B6003');
    ELSIF duplicates[i] THEN
      outcomes[i] := jsonb_build_object('refused', 'B6005');
    END IF;
  END LOOP;

  -- The stakes, one ledger transaction each. A posting refused (the member short: B6000; its key another's: C999)
  -- writes nothing of the batch: that slip is refused and the others posted again without it.
  LOOP
    reqs := ARRAY(SELECT g.i FROM generate_series(1, n) g(i) WHERE outcomes[g.i] IS NULL ORDER BY g.i);
    EXIT WHEN cardinality(reqs) = 0;
    entry_reqs := '{}'; entry_members := '{}'; entry_houses := '{}'; entry_amounts := '{}';
    FOR r IN 1..cardinality(reqs) LOOP
      entry_reqs := entry_reqs || r || r;
      entry_members := entry_members || p_members[reqs[r]] || NULL::bigint;
      entry_houses := entry_houses || NULL::text || 'sport'::text;
      entry_amounts := entry_amounts || -amounts[reqs[r]] || amounts[reqs[r]];
    END LOOP;
    SELECT array_agg(lp.req ORDER BY lp.req), array_agg(lp.posted ORDER BY lp.req) INTO posted_reqs, posted FROM ledger_post_many(
      ARRAY(SELECT 'sportStake:' || p_members[x] || ':' || p_keys[x] FROM unnest(reqs) WITH ORDINALITY u(x, o) ORDER BY u.o),
      array_fill('sport.stake'::text, ARRAY[cardinality(reqs)]), entry_reqs, entry_members, entry_houses,
      array_fill('KRW'::text, ARRAY[2 * cardinality(reqs)]), entry_amounts) lp;
    refused_req := NULL;
    FOR r IN 1..cardinality(posted) LOOP
      IF posted[r] ->> 'outcome' IN ('insufficient', 'conflict') THEN
        refused_req := posted_reqs[r];
        outcomes[reqs[refused_req]] := jsonb_build_object('refused', CASE WHEN posted[r] ->> 'outcome' = 'insufficient' THEN 'B6000' ELSE 'C999' END);
      END IF;
    END LOOP;
    IF refused_req IS NULL THEN
      FOR r IN 1..cardinality(reqs) LOOP
        transaction_ids[reqs[r]] := (posted[r] ->> 'transactionId')::bigint;
        balances[reqs[r]] := posted[r] -> 'balances' -> (p_members[reqs[r]]::text);
      END LOOP;
      EXIT;
    END IF;
  END LOOP;

  IF cardinality(reqs) > 0 THEN
    -- The betting-history rows first (each names its bet, whose id is taken now), then the bets pointing at them, their legs.
    bet_ids := ARRAY(SELECT CASE WHEN outcomes[g.i] IS NULL THEN nextval('sport_bets_id_seq') END FROM generate_series(1, n) g(i) ORDER BY g.i);
    WITH history AS (
      INSERT INTO bets (member_id, group_key, vendor_code, game_key, company, game_name, game_type, source_ref, round_id, stake, type, placed_at, detail)
      SELECT p_members[x], 'sport', sport_keys[x], sport_keys[x], p_company,
        CASE WHEN jsonb_array_length(sent[x]) > 1
          THEN jsonb_build_object('ko', jsonb_array_length(sent[x]) || '폴더', 'en', jsonb_array_length(sent[x]) || '-fold', 'vi', 'Xiên ' || jsonb_array_length(sent[x]))
          ELSE jsonb_build_object('ko', ((firsts[x]).view -> 'home' ->> 'ko') || ' vs ' || ((firsts[x]).view -> 'away' ->> 'ko'),
            'en', ((firsts[x]).view -> 'home' ->> 'en') || ' vs ' || ((firsts[x]).view -> 'away' ->> 'en'),
            'vi', ((firsts[x]).view -> 'home' ->> 'vi') || ' vs ' || ((firsts[x]).view -> 'away' ->> 'vi')) END,
        CASE WHEN jsonb_array_length(sent[x]) > 1 THEN 'combo' ELSE (firsts[x]).kind END,
        'sport:' || bet_ids[x], CASE WHEN jsonb_array_length(sent[x]) > 1 THEN 'combo-' || bet_ids[x] ELSE (firsts[x]).fixture_id END,
        amounts[x], 'wait', p_at,
        jsonb_build_object('sport', jsonb_build_object('legs', views[x], 'oddsCents', odds[x], 'bonusCents', bonuses[x],
          'potentialWin', wins[x], 'revision', 0))
      FROM unnest(reqs) x ORDER BY x
      RETURNING id, source_ref),
    placed AS (
      INSERT INTO sport_bets (id, member_id, history_id, stake, odds_cents, bonus_cents, potential_win, terms, live, slip_hash, stake_transaction_id, placed_at)
      SELECT bet_ids[x], p_members[x], h.id, amounts[x], odds[x], bonuses[x], wins[x], jsonb_build_object(
          'folderBonus', rules -> 'folderBonus', 'folderBonusMinLegOddsCents', (rules -> 'folderBonusMinLegOddsCents'),
          'maxTotalOddsCents', rules -> 'maxTotalOddsCents', 'maxPayout', limits[x] -> 'maxPayout'),
        (firsts[x]).live, slip_hashes[x], transaction_ids[x], p_at
      FROM unnest(reqs) x JOIN history h ON h.source_ref = 'sport:' || bet_ids[x]
      RETURNING id, history_id)
    SELECT ARRAY(SELECT (SELECT p.history_id FROM placed p WHERE p.id = bet_ids[g.i]) FROM generate_series(1, n) g(i) ORDER BY g.i)
      INTO history_ids;
    INSERT INTO sport_bet_legs (bet_id, member_id, leg_no, selection_id, market_id, fixture_id, key, odds_cents, version, score_seq, live)
      SELECT bet_ids[x.slip], p_members[x.slip], x.no, x.selection_id, x.market_id, x.fixture_id, x.key, x.odds_cents, x.version, x.score_seq, x.live
      FROM unnest(legs) x WHERE outcomes[x.slip] IS NULL;

    -- In selection order, as settlement takes them out: two transactions on the same rows never wait on each other in
    -- a ring. A market with a selection past the operator's limit is answered, to be suspended once the batch commits:
    -- suspending it here would wait on the other batches' share locks on it while holding exposure rows they wait on.
    FOR exposed IN INSERT INTO sport_exposure AS e (selection_id, market_id, fixture_id, stakes, liability, bets)
        SELECT x.selection_id, min(x.market_id), min(x.fixture_id), sum(amounts[x.slip]), sum(wins[x.slip]), count(*)
        FROM unnest(legs) x WHERE outcomes[x.slip] IS NULL GROUP BY x.selection_id ORDER BY x.selection_id COLLATE "C"
        ON CONFLICT (selection_id) DO UPDATE SET stakes = e.stakes + excluded.stakes, liability = e.liability + excluded.liability,
          bets = e.bets + excluded.bets
        RETURNING e.market_id, e.fixture_id, e.liability LOOP
      IF v_exposure_limit > 0 AND exposed.liability > v_exposure_limit
         AND NOT over_limit @> jsonb_build_array(jsonb_build_object('marketId', exposed.market_id)) THEN
        over_limit := over_limit || jsonb_build_object('fixtureId', exposed.fixture_id, 'marketId', exposed.market_id);
      END IF;
    END LOOP;

    FOR i IN 1..n LOOP
      CONTINUE WHEN outcomes[i] IS NOT NULL;
      outcomes[i] := jsonb_build_object('ran', true, 'answer', jsonb_build_object(
        'bet', jsonb_build_object('betId', history_ids[i]::text, 'legs', views[i], 'oddsCents', odds[i], 'bonusCents', bonuses[i],
          'stake', amounts[i], 'potentialWin', wins[i]),
        'balances', balances[i]));
    END LOOP;
    -- The markets past the limit, answered once (with the batch's first bet).
    IF jsonb_array_length(over_limit) > 0 THEN
      outcomes[reqs[1]] := outcomes[reqs[1]] || jsonb_build_object('overLimit', over_limit);
    END IF;
    UPDATE idempotency_keys ik SET answer = u.o -> 'answer'
      FROM unnest(p_members, p_keys, outcomes, claimed) u(m, k, o, c)
      WHERE u.c AND (u.o ->> 'ran')::boolean AND ik.member_id = u.m AND ik.key = u.k;
  END IF;

  -- The keys of the slips not placed, taken back: a corrected retry may use them again.
  DELETE FROM idempotency_keys ik USING unnest(p_members, p_keys, outcomes, claimed) u(m, k, o, c)
    WHERE u.c AND NOT u.o ? 'ran' AND ik.member_id = u.m AND ik.key = u.k;
  RETURN to_jsonb(outcomes);
END;
$$ LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan SET enable_seqscan = off;--> statement-breakpoint
-- ledger_post_many's plans too are kept for a connection's life, made when its tables may still be small: a key
-- looked up by a hash join over a sequential scan of ledger_transactions stayed so as the table grew. Its statements are
-- keyed look-ups; an index serves each.
ALTER FUNCTION ledger_post_many(text[], text[], int[], bigint[], text[], text[], bigint[]) SET enable_seqscan = off;--> statement-breakpoint
DROP FUNCTION sport_bet(bigint, text, text, timestamptz, jsonb, bigint, boolean, text, jsonb, jsonb, jsonb, jsonb, bigint);--> statement-breakpoint
DROP FUNCTION sport_refuse_with(text, jsonb);--> statement-breakpoint
DROP TYPE sport_slip_leg;
