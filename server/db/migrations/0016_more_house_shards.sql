-- House accounts in 256 rows each instead of 16 (0014 explains the rows). A posting holds its house rows'
-- locks from its commit until the commit is on disk, so two postings whose first members share a row wait
-- for each other: with 16 rows, 50 members posting at once queued three deep on every row and point
-- conversions spent most of their time in that wait (ledger_entries_house_balance). The row is now chosen
-- by ledger_house_shard, so the next change of the count is one small function; a house account's balance
-- is still the sum of its rows, and everything else in ledger_post is as in 0014.
CREATE OR REPLACE FUNCTION ledger_house_shard(p_members bigint[], p_key text) RETURNS smallint AS $$
BEGIN
  -- By the posting's first member (by its key when it has none): a replay moves the same rows. PL/pgSQL, not
  -- SQL: its expression's plan is kept, where a SQL function with a subquery is planned on every call.
  RETURN abs(coalesce((SELECT min(m) FROM unnest(p_members) AS m), hashtext(p_key)::bigint) % 256);
END;
$$ LANGUAGE plpgsql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_post(
  p_key text, p_kind text,
  p_members bigint[], p_houses text[], p_currencies text[], p_amounts bigint[]
) RETURNS jsonb AS $$
DECLARE
  n int := cardinality(p_amounts);
  ids bigint[] := '{}';
  account_id bigint;
  first_hash text;
  this_hash text;
  tx_id bigint;
  account_ids bigint[];
  deltas bigint[];
  is_house boolean[];
  balance_now bigint;
  house_shard smallint := ledger_house_shard(p_members, p_key);
BEGIN
  IF n < 2 OR cardinality(p_members) <> n OR cardinality(p_houses) <> n OR cardinality(p_currencies) <> n THEN
    RAISE EXCEPTION 'ledger_post: malformed entries';
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_currencies, p_amounts) AS e(currency, amount)
             GROUP BY currency HAVING sum(amount) <> 0) THEN
    RAISE EXCEPTION 'ledger_post: entries do not balance per currency';
  END IF;

  -- Resolve (and open on first use) every account.
  FOR i IN 1..n LOOP
    IF p_members[i] IS NOT NULL THEN
      SELECT a.id INTO account_id FROM ledger_accounts a WHERE a.member_id = p_members[i] AND a.currency = p_currencies[i];
      IF NOT FOUND THEN
        INSERT INTO ledger_accounts (member_id, owner_kind, name, currency) VALUES (p_members[i], 'member', 'member', p_currencies[i])
          ON CONFLICT DO NOTHING RETURNING id INTO account_id;
        IF account_id IS NULL THEN
          SELECT a.id INTO account_id FROM ledger_accounts a WHERE a.member_id = p_members[i] AND a.currency = p_currencies[i];
        END IF;
      END IF;
    ELSE
      SELECT a.id INTO account_id FROM ledger_accounts a
        WHERE a.owner_kind = 'house' AND a.name = p_houses[i] AND a.currency = p_currencies[i] AND a.shard = house_shard;
      IF NOT FOUND THEN
        INSERT INTO ledger_accounts (owner_kind, name, currency, shard) VALUES ('house', p_houses[i], p_currencies[i], house_shard)
          ON CONFLICT DO NOTHING RETURNING id INTO account_id;
        IF account_id IS NULL THEN
          SELECT a.id INTO account_id FROM ledger_accounts a
            WHERE a.owner_kind = 'house' AND a.name = p_houses[i] AND a.currency = p_currencies[i] AND a.shard = house_shard;
        END IF;
      END IF;
    END IF;
    ids := ids || account_id;
  END LOOP;

  -- Each account once, with its net change: member accounts first, then house accounts, each in id order.
  SELECT array_agg(d.id ORDER BY d.house, d.id), array_agg(d.delta ORDER BY d.house, d.id), array_agg(d.house ORDER BY d.house, d.id)
    INTO account_ids, deltas, is_house
    FROM (SELECT u.id, sum(u.amount) AS delta, (p_members[min(u.i)::int] IS NULL) AS house
          FROM unnest(ids, p_amounts) WITH ORDINALITY AS u(id, amount, i) GROUP BY u.id) d;

  -- "The same request": the sha256 of {"kind":...,"entries":[[accountId,amount],...]}, as it always was.
  SELECT encode(sha256(convert_to('{"kind":' || to_json(p_kind)::text || ',"entries":['
      || string_agg('[' || u.id || ',' || u.amount || ']', ',' ORDER BY u.i) || ']}', 'UTF8')), 'hex')
    INTO this_hash FROM unnest(ids, p_amounts) WITH ORDINALITY AS u(id, amount, i);

  SELECT t.id, t.request_hash INTO tx_id, first_hash FROM ledger_transactions t WHERE t.idempotency_key = p_key;
  IF NOT FOUND THEN
    -- Lock the member accounts and refuse before writing anything.
    FOR i IN 1..cardinality(account_ids) LOOP
      EXIT WHEN is_house[i];
      SELECT a.balance INTO balance_now FROM ledger_accounts a WHERE a.id = account_ids[i] FOR NO KEY UPDATE;
      IF balance_now + deltas[i] < 0 THEN
        RETURN jsonb_build_object('outcome', 'insufficient');
      END IF;
    END LOOP;
    INSERT INTO ledger_transactions (idempotency_key, kind, request_hash) VALUES (p_key, p_kind, this_hash)
      ON CONFLICT (idempotency_key) DO NOTHING RETURNING id INTO tx_id;
    IF tx_id IS NULL THEN
      SELECT t.id, t.request_hash INTO tx_id, first_hash FROM ledger_transactions t WHERE t.idempotency_key = p_key;
    END IF;
  END IF;

  IF first_hash IS NOT NULL THEN
    IF first_hash <> this_hash THEN
      RETURN jsonb_build_object('outcome', 'conflict');
    END IF;
  ELSE
    -- Conditional updates of the member accounts: the check above holds their locks, the CHECK constraint backs it.
    FOR i IN 1..cardinality(account_ids) LOOP
      EXIT WHEN is_house[i];
      UPDATE ledger_accounts SET balance = balance + deltas[i] WHERE id = account_ids[i] AND balance + deltas[i] >= 0;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'ledger_post: account % would go below zero', account_ids[i];
      END IF;
    END LOOP;
    -- House accounts take their entries at the commit (ledger_entries_house_balance), in this order.
    INSERT INTO ledger_entries (transaction_id, account_id, currency, amount)
      SELECT tx_id, u.id, u.currency, u.amount FROM unnest(ids, p_currencies, p_amounts) WITH ORDINALITY AS u(id, currency, amount, i)
        ORDER BY p_members[u.i::int] IS NULL, u.id;
  END IF;

  RETURN jsonb_build_object(
    'outcome', CASE WHEN first_hash IS NULL THEN 'posted' ELSE 'replayed' END,
    'transactionId', tx_id,
    'balances', (
      SELECT coalesce(jsonb_object_agg(m.member_id, jsonb_build_object(
        'cashAmt', coalesce((SELECT balance FROM ledger_accounts WHERE member_id = m.member_id AND currency = 'KRW'), 0),
        'pointAmt', coalesce((SELECT balance FROM ledger_accounts WHERE member_id = m.member_id AND currency = 'POINT'), 0))), '{}'::jsonb)
      FROM (SELECT DISTINCT member_id FROM unnest(p_members) AS u(member_id) WHERE member_id IS NOT NULL) m
    ));
END;
$$ LANGUAGE plpgsql;
