-- Many postings in one statement, set-based: what ledger_post (0030) does for one posting, done once for a batch
-- (a rounds feed page, a settlement's winners) instead of once per posting. The results are those of calling
-- ledger_post on each posting in order: the same accounts opened, shards, request hashes, replays and refusals
-- (a posting refused answers its refusal alone and nothing of the batch is written but accounts opened), the same
-- transactions and entries, and each posting's members' balances as they stood after it. A key given twice is a
-- replay of its first posting (or a conflict, with other entries).
-- Locks: the member accounts of every posting that moves money, in id order, before any check; the house accounts
-- take their entries at the commit (ledger_entries_house_balance) in id order too, as the entries are written so.
-- Per account, entry ids follow the postings' order, as the ledger's "balance after" reading needs.
CREATE OR REPLACE FUNCTION ledger_post_many(
  p_keys text[], p_kinds text[],
  p_reqs int[], p_members bigint[], p_houses text[], p_currencies text[], p_amounts bigint[]
) RETURNS TABLE (req int, posted jsonb) AS $$
DECLARE
  n int := cardinality(p_keys);
  shards smallint[];
  ids bigint[];
  hashes text[];
  first_hashes text[];
  tx_ids bigint[];
  first_of int[];
  fresh boolean[];
  refused int;
  refusal text;
  conflicted int;
  moved int;
  expected int;
BEGIN
  IF n < 1 OR cardinality(p_kinds) <> n OR cardinality(p_members) <> cardinality(p_reqs) OR cardinality(p_houses) <> cardinality(p_reqs)
     OR cardinality(p_currencies) <> cardinality(p_reqs) OR cardinality(p_amounts) <> cardinality(p_reqs)
     OR EXISTS (SELECT 1 FROM unnest(p_reqs, p_members, p_houses, p_amounts) e(r, m, h, a)
                WHERE e.r IS NULL OR e.r NOT BETWEEN 1 AND n OR e.a IS NULL OR (e.m IS NULL AND e.h IS NULL))
     OR (SELECT count(*) FROM (SELECT e.r FROM unnest(p_reqs) e(r) GROUP BY e.r HAVING count(*) >= 2) x) <> n THEN
    RAISE EXCEPTION 'ledger_post_many: malformed entries';
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_reqs, p_currencies, p_amounts) e(r, c, a) GROUP BY e.r, e.c HAVING sum(e.a) <> 0) THEN
    RAISE EXCEPTION 'ledger_post_many: entries do not balance per currency';
  END IF;

  shards := ARRAY(SELECT ledger_house_shard(array_agg(e.m), p_keys[e.r]) FROM unnest(p_reqs, p_members) e(r, m) GROUP BY e.r ORDER BY e.r);
  ids := ARRAY(
    SELECT CASE WHEN e.m IS NOT NULL
      THEN (SELECT a.id FROM ledger_accounts a WHERE a.member_id = e.m AND a.currency = e.c)
      ELSE (SELECT a.id FROM ledger_accounts a WHERE a.owner_kind = 'house' AND a.name = e.h AND a.currency = e.c AND a.shard = shards[e.r]) END
    FROM unnest(p_reqs, p_members, p_houses, p_currencies) WITH ORDINALITY e(r, m, h, c, j) ORDER BY e.j);
  IF array_position(ids, NULL) IS NOT NULL THEN
    -- Open the accounts used for the first time.
    INSERT INTO ledger_accounts (member_id, owner_kind, name, currency)
      SELECT DISTINCT e.m, 'member', 'member', e.c FROM unnest(ids, p_members, p_currencies) e(id, m, c)
      WHERE e.id IS NULL AND e.m IS NOT NULL
      ON CONFLICT DO NOTHING;
    INSERT INTO ledger_accounts (owner_kind, name, currency, shard)
      SELECT DISTINCT 'house', e.h, e.c, shards[e.r] FROM unnest(ids, p_reqs, p_members, p_houses, p_currencies) e(id, r, m, h, c)
      WHERE e.id IS NULL AND e.m IS NULL
      ON CONFLICT DO NOTHING;
    ids := ARRAY(
      SELECT coalesce(e.id, CASE WHEN e.m IS NOT NULL
        THEN (SELECT a.id FROM ledger_accounts a WHERE a.member_id = e.m AND a.currency = e.c)
        ELSE (SELECT a.id FROM ledger_accounts a WHERE a.owner_kind = 'house' AND a.name = e.h AND a.currency = e.c AND a.shard = shards[e.r]) END)
      FROM unnest(ids, p_reqs, p_members, p_houses, p_currencies) WITH ORDINALITY e(id, r, m, h, c, j) ORDER BY e.j);
  END IF;
  -- Each posting's request hash, as ledger_post makes it: [accountId,amount] in entry order.
  hashes := ARRAY(
    SELECT encode(sha256(convert_to('{"kind":' || to_json(p_kinds[e.r])::text || ',"entries":['
      || string_agg('[' || e.id || ',' || e.a || ']', ',' ORDER BY e.j) || ']}', 'UTF8')), 'hex')
    FROM unnest(p_reqs, ids, p_amounts) WITH ORDINALITY e(r, id, a, j) GROUP BY e.r ORDER BY e.r);

  -- Postings whose key is known: replays (or conflicts). A key given again in the batch answers as its first.
  first_of := ARRAY(SELECT min(k.r) OVER (PARTITION BY k.key) FROM unnest(p_keys) WITH ORDINALITY k(key, r) ORDER BY k.r);
  SELECT array_agg(t.request_hash ORDER BY k.r), array_agg(t.id ORDER BY k.r) INTO first_hashes, tx_ids
    FROM unnest(p_keys) WITH ORDINALITY k(key, r) LEFT JOIN ledger_transactions t ON t.idempotency_key = k.key;
  fresh := ARRAY(SELECT first_hashes[r] IS NULL AND first_of[r] = r FROM generate_series(1, n) r ORDER BY r);
  SELECT min(r) INTO conflicted FROM generate_series(1, n) r
    WHERE coalesce(first_hashes[r], CASE WHEN first_of[r] <> r THEN hashes[first_of[r]] END) <> hashes[r];

  -- Lock the member accounts that move, then the first posting (in order) that would take one below zero.
  PERFORM 1 FROM ledger_accounts a WHERE a.id IN (SELECT e.id FROM unnest(p_reqs, ids, p_members) e(r, id, m) WHERE e.m IS NOT NULL AND fresh[e.r])
    ORDER BY a.id FOR NO KEY UPDATE;
  SELECT min(x.r) INTO refused FROM (
    SELECT d.r, a.balance + sum(d.delta) OVER (PARTITION BY d.id ORDER BY d.r) AS running
    FROM (SELECT e.r, e.id, sum(e.a) AS delta FROM unnest(p_reqs, ids, p_members, p_amounts) e(r, id, m, a)
          WHERE e.m IS NOT NULL AND fresh[e.r] GROUP BY e.r, e.id) d
    JOIN ledger_accounts a ON a.id = d.id) x
  WHERE x.running < 0;
  IF conflicted IS NOT NULL OR refused IS NOT NULL THEN
    refusal := CASE WHEN refused IS NULL OR conflicted < refused THEN 'conflict' ELSE 'insufficient' END;
    RETURN QUERY SELECT least(conflicted, refused), jsonb_build_object('outcome', refusal);
    RETURN;
  END IF;

  -- The transactions.
  WITH written AS (
    INSERT INTO ledger_transactions (idempotency_key, kind, request_hash)
      SELECT p_keys[r], p_kinds[r], hashes[r] FROM generate_series(1, n) r WHERE fresh[r] ORDER BY r
      ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, idempotency_key)
  SELECT array_agg(CASE WHEN fresh[k.r] THEN w.id ELSE tx_ids[k.r] END ORDER BY k.r) INTO tx_ids
    FROM unnest(p_keys) WITH ORDINALITY k(key, r) LEFT JOIN written w ON w.idempotency_key = k.key;
  IF EXISTS (SELECT 1 FROM generate_series(1, n) r WHERE fresh[r] AND tx_ids[r] IS NULL) THEN
    -- A key written meanwhile by another caller (whose posting locked none of these member accounts): a replay of
    -- it, or a conflict. A new statement sees its row.
    SELECT array_agg(coalesce(tx_ids[k.r], t.id) ORDER BY k.r),
           array_agg(CASE WHEN fresh[k.r] AND tx_ids[k.r] IS NULL THEN t.request_hash ELSE first_hashes[k.r] END ORDER BY k.r)
      INTO tx_ids, first_hashes
      FROM unnest(p_keys) WITH ORDINALITY k(key, r) LEFT JOIN ledger_transactions t ON t.idempotency_key = k.key;
    SELECT min(r) INTO conflicted FROM generate_series(1, n) r WHERE fresh[r] AND first_hashes[r] <> hashes[r];
    IF conflicted IS NOT NULL THEN
      RETURN QUERY SELECT conflicted, jsonb_build_object('outcome', 'conflict');
      RETURN;
    END IF;
    fresh := ARRAY(SELECT fresh[r] AND first_hashes[r] IS NULL FROM generate_series(1, n) r ORDER BY r);
  END IF;

  -- The member accounts' conditional updates (the locks above held; the CHECK constraint backs them), then the entries.
  SELECT count(DISTINCT e.id) INTO expected FROM unnest(p_reqs, ids, p_members) e(r, id, m) WHERE e.m IS NOT NULL AND fresh[e.r];
  UPDATE ledger_accounts a SET balance = a.balance + d.delta
    FROM (SELECT e.id, sum(e.a) AS delta FROM unnest(p_reqs, ids, p_members, p_amounts) e(r, id, m, a)
          WHERE e.m IS NOT NULL AND fresh[e.r] GROUP BY e.id) d
    WHERE a.id = d.id AND a.balance + d.delta >= 0;
  GET DIAGNOSTICS moved = ROW_COUNT;
  IF moved <> expected THEN
    RAISE EXCEPTION 'ledger_post_many: an account would go below zero';
  END IF;
  INSERT INTO ledger_entries (transaction_id, account_id, currency, amount)
    SELECT tx_ids[e.r], e.id, e.c, e.a FROM unnest(p_reqs, ids, p_members, p_currencies, p_amounts) e(r, id, m, c, a)
    WHERE fresh[e.r]
    ORDER BY e.m IS NULL, CASE WHEN e.m IS NOT NULL THEN e.r END, e.id, e.r;

  -- Each posting's answer; its members' cash and points as they stood after it (after less what later postings moved).
  RETURN QUERY
    WITH moved_by AS (
      SELECT e.r, e.id, sum(e.a) AS delta FROM unnest(p_reqs, ids, p_members, p_amounts) e(r, id, m, a)
      WHERE e.m IS NOT NULL AND fresh[e.r] GROUP BY e.r, e.id
    ), owners AS (
      SELECT DISTINCT e.r, e.m FROM unnest(p_reqs, p_members) e(r, m) WHERE e.m IS NOT NULL
    ), balances AS (
      SELECT o.r, o.m,
        coalesce(max(a.balance - coalesce((SELECT sum(d.delta) FROM moved_by d WHERE d.id = a.id AND d.r > o.r), 0)) FILTER (WHERE a.currency = 'KRW'), 0) AS cash,
        coalesce(max(a.balance - coalesce((SELECT sum(d.delta) FROM moved_by d WHERE d.id = a.id AND d.r > o.r), 0)) FILTER (WHERE a.currency = 'POINT'), 0) AS points
      FROM owners o LEFT JOIN ledger_accounts a ON a.member_id = o.m AND a.currency IN ('KRW', 'POINT')
      GROUP BY o.r, o.m
    )
    SELECT r, jsonb_build_object(
      'outcome', CASE WHEN fresh[r] THEN 'posted' ELSE 'replayed' END,
      'transactionId', tx_ids[first_of[r]],
      'balances', coalesce((SELECT jsonb_object_agg(b.m, jsonb_build_object('cashAmt', b.cash, 'pointAmt', b.points)) FROM balances b WHERE b.r = g.r), '{}'::jsonb))
    FROM generate_series(1, n) g(r) ORDER BY r;
END;
$$ LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan;
