-- point_convert as 0011 made it, with member protection's check where the cash moves: points become cash only
-- here, so the conversion's cash is a credit to protection_count (0020, 0031) in the same transaction, refused
-- while the member's time-out or self-exclusion runs (PL004, naming the member), as a cash coupon is by the money
-- door. The router refuses the call in a break too; this also holds a conversion that raced the break's start.
-- Everything else is unchanged.
CREATE OR REPLACE FUNCTION point_convert(
  p_member bigint, p_key text, p_hash text, p_amount bigint, p_minimum bigint, p_at timestamptz
) RETURNS jsonb AS $$
DECLARE
  first_answer jsonb;
  conversion_on boolean;
  posted jsonb;
  call_answer jsonb;
BEGIN
  first_answer := money_call_claim(p_member, p_key, 'pointConvert', p_hash);
  IF first_answer IS NOT NULL THEN
    RETURN jsonb_build_object('ran', false, 'answer', first_answer);
  END IF;
  PERFORM money_lock_active_member(p_member);
  SELECT s.point_conversion_on INTO conversion_on FROM wallet_settings s WHERE s.id = 1;
  IF NOT FOUND THEN
    INSERT INTO wallet_settings (id) VALUES (1) ON CONFLICT DO NOTHING;
    SELECT s.point_conversion_on INTO conversion_on FROM wallet_settings s WHERE s.id = 1;
  END IF;
  IF NOT conversion_on THEN
    PERFORM money_refuse('P009');
  END IF;
  IF p_amount < p_minimum THEN
    PERFORM money_refuse('P004');
  END IF;

  posted := ledger_post('pointConvert:' || p_member || ':' || p_key, 'point.convert',
    ARRAY[p_member, NULL, NULL, p_member]::bigint[], ARRAY[NULL, 'points', 'point_conversion', NULL]::text[],
    ARRAY['POINT', 'POINT', 'KRW', 'KRW']::text[], ARRAY[-p_amount, p_amount, -p_amount, p_amount]::bigint[]);
  IF posted->>'outcome' = 'insufficient' THEN
    PERFORM money_refuse('P002');
  ELSIF posted->>'outcome' = 'conflict' THEN
    PERFORM money_refuse('C999');
  END IF;
  -- Cash from points is a credit, as a cash coupon's is: refused (PL004) while a break runs, in this transaction.
  PERFORM protection_count(p_member, 'credit', p_amount, 0, p_at);

  INSERT INTO point_records (member_id, kind, use_class, applied_points, transaction_id, at)
    VALUES (p_member, 'convert', 'used', p_amount, (posted->>'transactionId')::bigint, p_at);
  call_answer := jsonb_build_object('balances', posted->'balances'->(p_member::text));
  UPDATE idempotency_keys SET answer = call_answer WHERE member_id = p_member AND key = p_key;
  RETURN jsonb_build_object('ran', true, 'answer', call_answer);
END;
$$ LANGUAGE plpgsql;
