DROP INDEX "vendor_transfers_id_unique";--> statement-breakpoint
ALTER TABLE "vendor_transfers" DROP CONSTRAINT "vendor_transfers_pkey";--> statement-breakpoint
ALTER TABLE "vendor_transfers" ALTER COLUMN "feed_seq" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_transfers" ADD CONSTRAINT "vendor_transfers_operator_transfer_id_pk" PRIMARY KEY("operator","transfer_id");--> statement-breakpoint
CREATE INDEX "vendor_rounds_unstamped_idx" ON "vendor_rounds" USING btree ("ended_at") WHERE "vendor_rounds"."feed_seq" is null and "vendor_rounds"."status" = 'finished';--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transfers_feed_unique" ON "vendor_transfers" USING btree ("feed_seq");--> statement-breakpoint
CREATE INDEX "vendor_transfers_unstamped_idx" ON "vendor_transfers" USING btree ("created_at") WHERE "vendor_transfers"."feed_seq" is null;--> statement-breakpoint
-- A round drawn and settled at once (a slot spin) in one statement: gameProvider/rounds.ts `play`. The
-- server read the player's seed pair and drew the round from (server seed, client seed, nonce); this takes
-- the stake and pays the win under the player's row lock (refusing, SQLSTATE VR001, a stake above the game
-- money), claims the pair's nonce only if it is still the one drawn from (VR002 otherwise: a concurrent
-- round or a rotation took it, and the server draws again), and writes the round finished. The locks are
-- taken in the order of a round opened statement by statement (player, then pair). The feed stamps the
-- round after it commits (gameProvider/feedSeq.ts).
CREATE OR REPLACE FUNCTION vendor_play_round(
  p_operator text, p_player text, p_game_key text, p_brand text, p_kind text, p_round_id text,
  p_seed_id text, p_client_seed text, p_nonce int, p_bet bigint, p_win bigint, p_outcome text, p_detail jsonb
) RETURNS bigint AS $$
DECLARE
  after bigint;
BEGIN
  UPDATE vendor_players SET balance = balance - p_bet + p_win, updated_at = now()
    WHERE operator = p_operator AND player = p_player AND balance >= p_bet RETURNING balance INTO after;
  IF NOT FOUND THEN
    INSERT INTO vendor_players (operator, player) VALUES (p_operator, p_player) ON CONFLICT DO NOTHING;
    UPDATE vendor_players SET balance = balance - p_bet + p_win, updated_at = now()
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
