-- The player's finished rounds, counted where a round finishes (vendor_play_round; a round settled by rounds.ts
-- `settle`), kept with each transfer as it was made and answered with it (vendor_transfer's r_rounds; null for a
-- transfer made before): the operator compares it with the rounds its feed has brought in for the player, so an
-- out-all finds no round to wait for without reading the feed (server/games/money.ts).
ALTER TABLE "vendor_players" ADD COLUMN "rounds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_transfers" ADD COLUMN "rounds" bigint;--> statement-breakpoint
UPDATE vendor_players p SET rounds = (SELECT count(*) FROM vendor_rounds r
  WHERE r.operator = p.operator AND r.player = p.player AND r.status = 'finished');--> statement-breakpoint
CREATE OR REPLACE FUNCTION vendor_play_round(
  p_operator text, p_player text, p_game_key text, p_brand text, p_kind text, p_round_id text,
  p_seed_id text, p_client_seed text, p_nonce int, p_bet bigint, p_win bigint, p_outcome text, p_detail jsonb
) RETURNS bigint AS $$
DECLARE
  after bigint;
BEGIN
  UPDATE vendor_players SET balance = balance - p_bet + p_win, rounds = rounds + 1, updated_at = now()
    WHERE operator = p_operator AND player = p_player AND balance >= p_bet RETURNING balance INTO after;
  IF NOT FOUND THEN
    INSERT INTO vendor_players (operator, player) VALUES (p_operator, p_player) ON CONFLICT DO NOTHING;
    UPDATE vendor_players SET balance = balance - p_bet + p_win, rounds = rounds + 1, updated_at = now()
      WHERE operator = p_operator AND player = p_player AND balance >= p_bet RETURNING balance INTO after;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'VR001', MESSAGE = 'the player has less game money than the stake';
    END IF;
  END IF;
  UPDATE vendor_seed_pairs SET nonce = nonce + 1
    WHERE operator = p_operator AND player = p_player AND game_key = p_game_key
      AND seed_id = p_seed_id AND client_seed = p_client_seed AND nonce = p_nonce;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'VR002', MESSAGE = 'the seed pair moved since it was read';
  END IF;
  INSERT INTO vendor_rounds (round_id, operator, player, game_key, brand, kind, seed_id, client_seed, nonce, bet, win, outcome, detail, status, ended_at)
    VALUES (p_round_id, p_operator, p_player, p_game_key, p_brand, p_kind, p_seed_id, p_client_seed, p_nonce, p_bet, p_win, p_outcome, p_detail, 'finished', now());
  RETURN after;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP FUNCTION vendor_transfer(text, text, text, text, bigint);--> statement-breakpoint
CREATE OR REPLACE FUNCTION vendor_transfer(p_operator text, p_transfer_id text, p_player text, p_kind text, p_amount bigint)
RETURNS TABLE (r_player text, r_kind text, r_amount bigint, r_balance_after bigint, r_created_ms float8, r_rounds bigint) AS $$
DECLARE
  held bigint;
  finished bigint;
  moved bigint;
  after bigint;
BEGIN
  -- The player's row, made first when it is not there (a look-up first: the insert's conflict check cost every transfer).
  SELECT p.balance, p.rounds INTO held, finished FROM vendor_players p WHERE p.operator = p_operator AND p.player = p_player FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO vendor_players (operator, player) VALUES (p_operator, p_player) ON CONFLICT DO NOTHING;
    SELECT p.balance, p.rounds INTO held, finished FROM vendor_players p WHERE p.operator = p_operator AND p.player = p_player FOR UPDATE;
  END IF;
  RETURN QUERY SELECT t.player, t.kind, t.amount, t.balance_after, floor(extract(epoch FROM t.created_at) * 1000)::float8, t.rounds
    FROM vendor_transfers t WHERE t.operator = p_operator AND t.transfer_id = p_transfer_id;
  IF FOUND THEN
    RETURN;
  END IF;
  IF p_kind = 'out-all' THEN
    IF EXISTS (SELECT 1 FROM vendor_rounds r WHERE r.operator = p_operator AND r.player = p_player AND r.status = 'open') THEN
      RAISE EXCEPTION USING ERRCODE = 'VR003', MESSAGE = 'a round of the player is in progress';
    END IF;
    moved := held;
  ELSE
    moved := p_amount;
  END IF;
  UPDATE vendor_players p SET balance = p.balance + CASE WHEN p_kind = 'in' THEN moved ELSE -moved END, updated_at = now()
    WHERE p.operator = p_operator AND p.player = p_player AND p.balance + CASE WHEN p_kind = 'in' THEN moved ELSE -moved END >= 0
    RETURNING p.balance INTO after;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'VR001', MESSAGE = 'the player has less game money than that';
  END IF;
  RETURN QUERY INSERT INTO vendor_transfers AS t (operator, transfer_id, player, kind, amount, balance_after, rounds)
    VALUES (p_operator, p_transfer_id, p_player, p_kind, moved, after, finished)
    RETURNING t.player, t.kind, t.amount, t.balance_after, floor(extract(epoch FROM t.created_at) * 1000)::float8, t.rounds;
END;
$$ LANGUAGE plpgsql;
