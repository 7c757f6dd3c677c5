-- ledger_post with fewer statements: the same checks, refusals, answers, request hash, lock order and writes as
-- 0016's. What were SQL statements over the entries (the per-currency balance check, each account's net change
-- sorted by three ordered aggregates, the request hash by an ordered string_agg, the first member by a
-- subquery) are PL/pgSQL loops of plain expressions over the arrays, which start no executor; the answer's
-- balances are one index scan of the members' accounts instead of two subqueries a member. Its statements keep
-- their generic plans: with the default choice, those reading the arrays were planned again on every call.
CREATE OR REPLACE FUNCTION ledger_house_shard(p_members bigint[], p_key text) RETURNS smallint AS $$
DECLARE
  m bigint;
  first_member bigint;
BEGIN
  -- By the posting's first member (by its key when it has none): a replay moves the same rows.
  IF p_members IS NOT NULL THEN
    FOREACH m IN ARRAY p_members LOOP
      IF m < first_member OR first_member IS NULL THEN
        first_member := m;
      END IF;
    END LOOP;
  END IF;
  RETURN abs(coalesce(first_member, hashtext(p_key)::bigint) % 256);
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
  account_ids bigint[] := '{}';
  sums numeric[] := '{}';
  deltas bigint[];
  is_house boolean[] := '{}';
  house boolean;
  balance_now bigint;
  total numeric;
  entries text;
  k int;
  house_shard smallint := ledger_house_shard(p_members, p_key);
BEGIN
  IF n < 2 OR cardinality(p_members) <> n OR cardinality(p_houses) <> n OR cardinality(p_currencies) <> n THEN
    RAISE EXCEPTION 'ledger_post: malformed entries';
  END IF;
  -- Each currency's entries sum to zero (summed at its first entry; sums skip a null, as sum() does).
  FOR i IN 1..n LOOP
    k := 1;
    WHILE k < i AND p_currencies[k] IS DISTINCT FROM p_currencies[i] LOOP
      k := k + 1;
    END LOOP;
    IF k = i THEN
      total := NULL;
      FOR j IN i..n LOOP
        IF p_currencies[j] IS NOT DISTINCT FROM p_currencies[i] THEN
          total := coalesce(total + p_amounts[j], total, p_amounts[j]);
        END IF;
      END LOOP;
      IF total <> 0 THEN
        RAISE EXCEPTION 'ledger_post: entries do not balance per currency';
      END IF;
    END IF;
  END LOOP;

  FOR i IN 1..n LOOP
    -- Resolve (and open on first use) every account.
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
    -- "The same request": [accountId,amount] in entry order (a null one left out, as string_agg does).
    entries := coalesce(entries || ',' || ('[' || account_id || ',' || p_amounts[i] || ']'), entries, '[' || account_id || ',' || p_amounts[i] || ']');
    -- Each account once, with its net change: member accounts first, then house accounts, each in id order.
    house := p_members[i] IS NULL;
    k := 1;
    WHILE k <= cardinality(account_ids) AND (is_house[k], account_ids[k]) < (house, account_id) LOOP
      k := k + 1;
    END LOOP;
    IF k <= cardinality(account_ids) AND account_ids[k] = account_id THEN
      sums[k] := coalesce(sums[k] + p_amounts[i], sums[k], p_amounts[i]);
    ELSE
      account_ids := account_ids[:k - 1] || account_id || account_ids[k:];
      sums := sums[:k - 1] || p_amounts[i]::numeric || sums[k:];
      is_house := is_house[:k - 1] || house || is_house[k:];
    END IF;
  END LOOP;
  deltas := sums;
  -- The sha256 of {"kind":...,"entries":[[accountId,amount],...]}, as it always was.
  this_hash := encode(sha256(convert_to('{"kind":' || to_json(p_kind)::text || ',"entries":[' || entries || ']}', 'UTF8')), 'hex');

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
    -- Every member of the posting has an account by now (opened above), so each is found here.
    'balances', (
      SELECT coalesce(jsonb_object_agg(b.member_id, jsonb_build_object('cashAmt', b.cash, 'pointAmt', b.points)), '{}'::jsonb)
      FROM (SELECT a.member_id, coalesce(max(a.balance) FILTER (WHERE a.currency = 'KRW'), 0) AS cash,
                   coalesce(max(a.balance) FILTER (WHERE a.currency = 'POINT'), 0) AS points
            FROM ledger_accounts a WHERE a.member_id = ANY (p_members) GROUP BY a.member_id) b
    ));
END;
$$ LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan;
