-- The rounds the feed has brought in for each member (games/feed.ts counts each page's in its transaction), so that
-- an out-all whose vendor counts as many finished rounds of the player is applied without reading the feed first.
ALTER TABLE "game_members" ADD COLUMN "rounds_posted" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE game_members g SET rounds_posted = (SELECT count(*) FROM bets b WHERE b.member_id = g.member_id AND b.source_ref LIKE 'vendor:%');--> statement-breakpoint
DROP FUNCTION game_out_apply(text, bigint, timestamptz);--> statement-breakpoint
-- An out-all the vendor answered with p_amount, applied (games/money.ts markApplied): under the transfer's row lock,
-- nothing when it is gone or applied ({row}); {behind} when the vendor counted p_rounds finished rounds of the player
-- and the rounds feed has brought in another number for the member (the server reads the feed, then applies it
-- without the count); else the member's game closed, their game money (held) paid back as
-- the vendor's amount allows and any excess held for the operator (outEntries), and the transfer applied, with what
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
