-- A transfer in one statement: gameProvider/wallet.ts `transfer`. Under the player's row lock (the row made
-- first if it is not there), a transfer id the operator used before answers that transfer as it was, and
-- moves nothing (the server tells a replay from a conflicting reuse); otherwise the game money moves by a
-- conditional update (SQLSTATE VR001 when it would go below zero; an out-all takes what there is, VR003
-- while a round of the player is open) and the transfer is written. The same id sent at once for two
-- players meets the primary key (23505), as the statements one by one did.
CREATE OR REPLACE FUNCTION vendor_transfer(p_operator text, p_transfer_id text, p_player text, p_kind text, p_amount bigint)
RETURNS TABLE (r_player text, r_kind text, r_amount bigint, r_balance_after bigint, r_created_ms float8) AS $$
DECLARE
  held bigint;
  moved bigint;
  after bigint;
BEGIN
  INSERT INTO vendor_players (operator, player) VALUES (p_operator, p_player) ON CONFLICT DO NOTHING;
  SELECT p.balance INTO held FROM vendor_players p WHERE p.operator = p_operator AND p.player = p_player FOR UPDATE;
  RETURN QUERY SELECT t.player, t.kind, t.amount, t.balance_after, floor(extract(epoch FROM t.created_at) * 1000)::float8
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
  RETURN QUERY INSERT INTO vendor_transfers AS t (operator, transfer_id, player, kind, amount, balance_after)
    VALUES (p_operator, p_transfer_id, p_player, p_kind, moved, after)
    RETURNING t.player, t.kind, t.amount, t.balance_after, floor(extract(epoch FROM t.created_at) * 1000)::float8;
END;
$$ LANGUAGE plpgsql;
