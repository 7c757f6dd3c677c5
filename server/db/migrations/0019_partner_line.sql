CREATE TABLE "partner_accruals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_id" bigint NOT NULL,
	"partner_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"product" text NOT NULL,
	"day" date NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint NOT NULL,
	"rolling_bp" integer NOT NULL,
	"child_rolling_bp" integer NOT NULL,
	"losing_bp" integer NOT NULL,
	"child_losing_bp" integer NOT NULL,
	"rolling" bigint NOT NULL,
	"losing" bigint NOT NULL,
	"line_id" bigint,
	"accrued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "partner_accruals_rolling_check" CHECK ("partner_accruals"."rolling" >= 0)
);
--> statement-breakpoint
CREATE TABLE "partner_merges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "partner_merges_amount_check" CHECK ("partner_merges"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "partner_profiles" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"can_create_lower" boolean DEFAULT true NOT NULL,
	"can_move_money" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" bigint NOT NULL,
	"product" text NOT NULL,
	"kind" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"changed_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "partner_rates_bp_check" CHECK ("partner_rates"."rate_bp" between 0 and 10000),
	CONSTRAINT "partner_rates_kind_check" CHECK ("partner_rates"."kind" in ('rolling', 'losing')),
	CONSTRAINT "partner_rates_product_check" CHECK ("partner_rates"."product" in ('casino', 'hotelCasino', 'slot', 'miniGame', 'sportsSingle', 'sportsCombo'))
);
--> statement-breakpoint
CREATE TABLE "partner_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" bigint NOT NULL,
	"day" date NOT NULL,
	"product" text NOT NULL,
	"bet_count" integer NOT NULL,
	"stake_total" bigint NOT NULL,
	"win_total" bigint NOT NULL,
	"rolling" bigint NOT NULL,
	"losing" bigint NOT NULL,
	"carried_in" bigint NOT NULL,
	"carried_out" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'settled' NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "partner_settlements_carry_check" CHECK ("partner_settlements"."carried_in" <= 0 and "partner_settlements"."carried_out" <= 0 and "partner_settlements"."amount" >= 0),
	CONSTRAINT "partner_settlements_status_check" CHECK ("partner_settlements"."status" in ('settled', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "partner_tree" (
	"ancestor_id" bigint NOT NULL,
	"descendant_id" bigint NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "partner_tree_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id"),
	CONSTRAINT "partner_tree_depth_check" CHECK ("partner_tree"."depth" >= 0)
);
--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "kind" text DEFAULT 'transfer' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_accruals" ADD CONSTRAINT "partner_accruals_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_accruals" ADD CONSTRAINT "partner_accruals_partner_id_members_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_accruals" ADD CONSTRAINT "partner_accruals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_merges" ADD CONSTRAINT "partner_merges_partner_id_members_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD CONSTRAINT "partner_profiles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_rates" ADD CONSTRAINT "partner_rates_partner_id_members_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_settlements" ADD CONSTRAINT "partner_settlements_partner_id_members_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_tree" ADD CONSTRAINT "partner_tree_ancestor_id_members_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_tree" ADD CONSTRAINT "partner_tree_descendant_id_members_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_accruals_bet_partner_unique" ON "partner_accruals" USING btree ("bet_id","partner_id");--> statement-breakpoint
CREATE INDEX "partner_accruals_partner_day_idx" ON "partner_accruals" USING btree ("partner_id","day");--> statement-breakpoint
CREATE INDEX "partner_accruals_open_idx" ON "partner_accruals" USING btree ("day") WHERE "partner_accruals"."line_id" is null;--> statement-breakpoint
CREATE INDEX "partner_merges_partner_idx" ON "partner_merges" USING btree ("partner_id","at");--> statement-breakpoint
CREATE INDEX "partner_rates_lookup_idx" ON "partner_rates" USING btree ("partner_id","product","kind","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_settlements_unique" ON "partner_settlements" USING btree ("partner_id","day","product");--> statement-breakpoint
CREATE INDEX "partner_tree_descendant_idx" ON "partner_tree" USING btree ("descendant_id","depth");--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_kind_check" CHECK ("transfers"."kind" in ('transfer', 'partnerGive', 'partnerTake'));--> statement-breakpoint
-- The closure of the recommender tree (server/partner/line.ts reads it): every member with itself at
-- depth 0 and each of their ancestors at its distance, filled from the members there are.
INSERT INTO partner_tree (ancestor_id, descendant_id, depth)
WITH RECURSIVE up(descendant_id, ancestor_id, depth) AS (
  SELECT id, id, 0 FROM members
  UNION ALL
  SELECT u.descendant_id, m.recommender_id, u.depth + 1 FROM up u JOIN members m ON m.id = u.ancestor_id
  WHERE m.recommender_id IS NOT NULL AND u.depth < 64
) SELECT ancestor_id, descendant_id, min(depth) FROM up GROUP BY ancestor_id, descendant_id;
--> statement-breakpoint
-- A new member joins the closure under their recommender; a member moved to another recommender takes
-- their whole line along (the links from the old ancestors go, the new ones come). A move under one's
-- own line is refused.
CREATE OR REPLACE FUNCTION partner_tree_keep() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO partner_tree (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
    IF NEW.recommender_id IS NOT NULL THEN
      INSERT INTO partner_tree (ancestor_id, descendant_id, depth)
      SELECT a.ancestor_id, NEW.id, a.depth + 1 FROM partner_tree a WHERE a.descendant_id = NEW.recommender_id;
    END IF;
    RETURN NULL;
  END IF;
  IF NEW.recommender_id IS NOT DISTINCT FROM OLD.recommender_id THEN RETURN NULL; END IF;
  IF NEW.recommender_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM partner_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.recommender_id
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'HB001', MESSAGE = 'PT004';
  END IF;
  DELETE FROM partner_tree t
  WHERE t.descendant_id IN (SELECT descendant_id FROM partner_tree WHERE ancestor_id = NEW.id)
    AND t.ancestor_id IN (SELECT ancestor_id FROM partner_tree WHERE descendant_id = NEW.id AND depth > 0);
  IF NEW.recommender_id IS NOT NULL THEN
    INSERT INTO partner_tree (ancestor_id, descendant_id, depth)
    SELECT a.ancestor_id, s.descendant_id, a.depth + s.depth + 1
    FROM partner_tree a CROSS JOIN partner_tree s
    WHERE a.descendant_id = NEW.recommender_id AND s.ancestor_id = NEW.id;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER members_partner_tree AFTER INSERT OR UPDATE OF recommender_id ON members
  FOR EACH ROW EXECUTE FUNCTION partner_tree_keep();
--> statement-breakpoint
-- A partner's rate for a product and kind at an instant: the last row in force by then, 0 without one.
CREATE OR REPLACE FUNCTION partner_rate_at(p_partner bigint, p_product text, p_kind text, p_at timestamptz) RETURNS int AS $$
  SELECT coalesce((SELECT rate_bp FROM partner_rates
    WHERE partner_id = p_partner AND product = p_product AND kind = p_kind AND valid_from <= p_at
    ORDER BY valid_from DESC, id DESC LIMIT 1), 0)
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- A child's rate never exceeds its parent's (the partner who recommended it), at any instant from the
-- new row's on: checked at every change point of the partner, its parent and its lower partners. A
-- partner with no parent (the top of a line) is bounded by the operator only. Refusal: HB001 PT002.
CREATE OR REPLACE FUNCTION partner_rates_check() RETURNS trigger AS $$
DECLARE
  parent_id bigint;
BEGIN
  SELECT m.recommender_id INTO parent_id FROM members m WHERE m.id = NEW.partner_id;
  IF EXISTS (
    WITH pair(child, parent) AS (
      SELECT NEW.partner_id, parent_id WHERE parent_id IS NOT NULL
      UNION ALL
      SELECT c.id, NEW.partner_id FROM members c WHERE c.recommender_id = NEW.partner_id AND c.is_partner
    ), points(t) AS (
      SELECT NEW.valid_from
      UNION
      SELECT r.valid_from FROM partner_rates r, pair p
      WHERE r.product = NEW.product AND r.kind = NEW.kind AND r.valid_from > NEW.valid_from
        AND r.partner_id IN (p.child, p.parent)
    )
    SELECT 1 FROM pair p, points s
    WHERE partner_rate_at(p.child, NEW.product, NEW.kind, s.t) > partner_rate_at(p.parent, NEW.product, NEW.kind, s.t)
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'HB001', MESSAGE = 'PT002';
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER partner_rates_order AFTER INSERT OR UPDATE ON partner_rates
  FOR EACH ROW EXECUTE FUNCTION partner_rates_check();
--> statement-breakpoint
-- The product a bet's commission is counted under (contract PARTNER_PRODUCTS).
CREATE OR REPLACE FUNCTION partner_product_of(p_group text, p_vendor text, p_game_type text) RETURNS text AS $$
  SELECT CASE p_group
    WHEN 'sport' THEN CASE WHEN p_game_type = 'combo' THEN 'sportsCombo' ELSE 'sportsSingle' END
    WHEN 'minigame' THEN 'miniGame'
    WHEN 'casino' THEN CASE WHEN EXISTS (
      SELECT 1 FROM common_codes c WHERE c.code = p_vendor AND c.group_code = 'casino' AND position('HC-' in c.code_name) > 0
    ) THEN 'hotelCasino' ELSE 'casino' END
    ELSE 'slot' END
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- Commission of a settled bet, written by the settlement's own statement (so in its transaction), once
-- per (bet, partner): a bet that leaves 'wait' as a win or a loss, or arrives settled so (a revised
-- result recomputes them until they are settled into a line). Each partner
-- above the member gets floor(base × own rate) − floor(base × the child's rate) (the member's "rate" is
-- 0), so the chain's total is exactly floor(base × the top rate): rolling on the stake, losing on the net
-- loss (stake − win − the rolling paid; negative when the member won). Draws, cancels and voids (적특)
-- earn nothing. Rates are those in force at the settlement's instant, kept on the row.
CREATE OR REPLACE FUNCTION partner_accrue() RETURNS trigger AS $$
DECLARE
  at_ts timestamptz := coalesce(NEW.settled_at, now());
  prod text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.type <> 'wait' THEN
    -- A revision of a settled bet (the sportsbook's result corrections): while none of its accruals is in
    -- a settlement line, they are computed again for the new result; once settled, they stand.
    IF OLD.type = NEW.type AND OLD.win = NEW.win AND OLD.stake = NEW.stake THEN RETURN NULL; END IF;
    IF EXISTS (SELECT 1 FROM partner_accruals WHERE bet_id = NEW.id AND line_id IS NOT NULL) THEN RETURN NULL; END IF;
    DELETE FROM partner_accruals WHERE bet_id = NEW.id;
  END IF;
  IF NEW.type NOT IN ('win', 'lose') THEN RETURN NULL; END IF;
  prod := partner_product_of(NEW.group_key, NEW.vendor_code, NEW.game_type);
  INSERT INTO partner_accruals (bet_id, partner_id, member_id, product, day, stake, win, rolling_bp, child_rolling_bp,
    losing_bp, child_losing_bp, rolling, losing, accrued_at)
  WITH chain AS (
    -- The partners above the member, nearest first; a rate above an upper one's counts as the upper one's
    -- (the rates' trigger keeps that from happening; this keeps every share non-negative regardless).
    SELECT c.partner_id, c.depth,
      min(c.rb) OVER (ORDER BY c.depth DESC ROWS UNBOUNDED PRECEDING) AS rb,
      min(c.lb) OVER (ORDER BY c.depth DESC ROWS UNBOUNDED PRECEDING) AS lb
    FROM (
      SELECT t.ancestor_id AS partner_id, t.depth,
        partner_rate_at(t.ancestor_id, prod, 'rolling', at_ts) AS rb,
        partner_rate_at(t.ancestor_id, prod, 'losing', at_ts) AS lb
      FROM partner_tree t JOIN members m ON m.id = t.ancestor_id
      WHERE t.descendant_id = NEW.member_id AND t.depth > 0 AND m.is_partner
    ) c
  ), rolled AS (
    SELECT c.*, floor(NEW.stake::numeric * c.rb / 10000) AS rc,
      max(floor(NEW.stake::numeric * c.rb / 10000)) OVER () AS rolling_total
    FROM chain c
  ), lost AS (
    SELECT r.*, floor((NEW.stake - NEW.win - r.rolling_total)::numeric * r.lb / 10000) AS lc FROM rolled r
  ), shares AS (
    SELECT l.*,
      coalesce(lag(l.rb) OVER w, 0) AS crb, coalesce(lag(l.lb) OVER w, 0) AS clb,
      l.rc - coalesce(lag(l.rc) OVER w, 0) AS rolling, l.lc - coalesce(lag(l.lc) OVER w, 0) AS losing
    FROM lost l WINDOW w AS (ORDER BY l.depth)
  )
  SELECT NEW.id, s.partner_id, NEW.member_id, prod, ((at_ts AT TIME ZONE 'UTC') + interval '9 hours')::date, NEW.stake, NEW.win,
    s.rb, s.crb, s.lb, s.clb, s.rolling, s.losing, at_ts
  FROM shares s WHERE s.rolling <> 0 OR s.losing <> 0
  ON CONFLICT (bet_id, partner_id) DO NOTHING;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bets_partner_accrue AFTER INSERT OR UPDATE OF type ON bets
  FOR EACH ROW EXECUTE FUNCTION partner_accrue();
