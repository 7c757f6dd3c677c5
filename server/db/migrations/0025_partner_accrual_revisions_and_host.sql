ALTER TABLE "partner_accruals" DROP CONSTRAINT "partner_accruals_rolling_check";--> statement-breakpoint
DROP INDEX "partner_accruals_bet_partner_unique";--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "partner_host_prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_accruals" ADD COLUMN "reverses_id" bigint;--> statement-breakpoint
ALTER TABLE "partner_accruals" ADD COLUMN "superseded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_accruals_reverses_unique" ON "partner_accruals" USING btree ("reverses_id") WHERE "partner_accruals"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "partner_accruals_bet_idx" ON "partner_accruals" USING btree ("bet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_accruals_bet_partner_unique" ON "partner_accruals" USING btree ("bet_id","partner_id") WHERE "partner_accruals"."reverses_id" is null and not "partner_accruals"."superseded";--> statement-breakpoint
ALTER TABLE "partner_accruals" ADD CONSTRAINT "partner_accruals_rolling_check" CHECK (("partner_accruals"."reverses_id" is null and "partner_accruals"."rolling" >= 0) or ("partner_accruals"."reverses_id" is not null and "partner_accruals"."rolling" <= 0));--> statement-breakpoint
-- Commission of a settled bet (see 0019), now also for a bet revised after its accruals were settled
-- into a line: counter rows carry the difference into the next line.
CREATE OR REPLACE FUNCTION partner_accrue() RETURNS trigger AS $$
DECLARE
  at_ts timestamptz := coalesce(NEW.settled_at, now());
  prod text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.type <> 'wait' THEN
    -- A revision of a settled bet (a result corrected, settled again or voided). Its standing accruals not
    -- yet in a settlement line are computed again; one already in a line stands (the line is written
    -- once) and gets a counter row, its amounts negated, open and dated the revision's Seoul day, so the
    -- difference is carried by the next line written. The rows of a bet always sum to its current result's.
    IF OLD.type = NEW.type AND OLD.win = NEW.win AND OLD.stake = NEW.stake THEN RETURN NULL; END IF;
    DELETE FROM partner_accruals WHERE bet_id = NEW.id AND line_id IS NULL AND reverses_id IS NULL AND NOT superseded;
    WITH settled AS (
      UPDATE partner_accruals SET superseded = true
      WHERE bet_id = NEW.id AND line_id IS NOT NULL AND reverses_id IS NULL AND NOT superseded
      RETURNING *
    )
    INSERT INTO partner_accruals (bet_id, partner_id, member_id, product, day, stake, win, rolling_bp, child_rolling_bp,
      losing_bp, child_losing_bp, rolling, losing, accrued_at, reverses_id)
    SELECT s.bet_id, s.partner_id, s.member_id, s.product, ((at_ts AT TIME ZONE 'UTC') + interval '9 hours')::date, -s.stake, -s.win,
      s.rolling_bp, s.child_rolling_bp, s.losing_bp, s.child_losing_bp, -s.rolling, -s.losing, at_ts, s.id
    FROM settled s;
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
  ON CONFLICT (bet_id, partner_id) WHERE reverses_id IS NULL AND NOT superseded DO NOTHING;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
