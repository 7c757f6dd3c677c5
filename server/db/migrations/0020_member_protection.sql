CREATE TABLE "member_protection" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"reality_minutes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_protection_reality_check" CHECK ("member_protection"."reality_minutes" in (0, 15, 30, 60))
);
--> statement-breakpoint
CREATE TABLE "protection_breaks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"length" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "protection_breaks_kind_check" CHECK ("protection_breaks"."kind" in ('timeout', 'exclusion')),
	CONSTRAINT "protection_breaks_span_check" CHECK ("protection_breaks"."ends_at" > "protection_breaks"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "protection_days" (
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"returns" bigint DEFAULT 0 NOT NULL,
	"settled_stakes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "protection_days_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
CREATE TABLE "protection_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"event" text NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"period" text,
	"amount" bigint,
	"until" timestamp with time zone,
	"length" text
);
--> statement-breakpoint
CREATE TABLE "protection_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"code" text NOT NULL,
	"call" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_limits" (
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"source" text NOT NULL,
	"amount" bigint,
	"pending" boolean DEFAULT false NOT NULL,
	"pending_amount" bigint,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "protection_limits_member_id_kind_period_source_pk" PRIMARY KEY("member_id","kind","period","source"),
	CONSTRAINT "protection_limits_kind_check" CHECK ("protection_limits"."kind" in ('deposit', 'loss', 'stake')),
	CONSTRAINT "protection_limits_period_check" CHECK ("protection_limits"."period" in ('day', 'week', 'month')),
	CONSTRAINT "protection_limits_source_check" CHECK ("protection_limits"."source" in ('member', 'operator')),
	CONSTRAINT "protection_limits_amounts_check" CHECK (("protection_limits"."amount" is null or "protection_limits"."amount" >= 0) and ("protection_limits"."pending_amount" is null or "protection_limits"."pending_amount" >= 0)),
	CONSTRAINT "protection_limits_pending_check" CHECK ("protection_limits"."pending" = ("protection_limits"."pending_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "member_protection" ADD CONSTRAINT "member_protection_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_breaks" ADD CONSTRAINT "protection_breaks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_days" ADD CONSTRAINT "protection_days_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_events" ADD CONSTRAINT "protection_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_hits" ADD CONSTRAINT "protection_hits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_limits" ADD CONSTRAINT "protection_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protection_breaks_member_idx" ON "protection_breaks" USING btree ("member_id","ends_at");--> statement-breakpoint
CREATE INDEX "protection_events_member_idx" ON "protection_events" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "protection_hits_at_idx" ON "protection_hits" USING btree ("at");--> statement-breakpoint
-- Member protection's counting and checking (server/protection/README: "Member protection"), in the
-- transaction of the money move that calls it. p_what:
--   'deposit'  cash entering (a deposit's credit, money received): adds to deposits, checks deposit limits;
--   'deposit_request' a deposit request about to be made, p_amount being what the request and the member's open
--              requests add: checks deposit limits, counts nothing;
--   'stake'    a bet placed: adds to stakes, checks stake and loss limits (an unsettled stake counts as lost);
--   'play'     money into a game or a launch: counts nothing, refused once a stake or loss limit is reached;
--   'credit'   cash from a coupon or reward: counts nothing, refused in a break;
--   'settle'   a settlement (p_amount returns, p_settled stakes settled): adds, never refuses.
-- Every kind but 'settle' is refused while a break runs (PL004) and takes the member's protection row lock
-- first, so two racing moves of one member take turns: the second sees the first's totals. A limit's amount
-- in force at p_at is read lazily: a waiting raise counts only from its time, so a raise racing a bet
-- never lets the bet through early. A period is its last 1, 7 or 30 Seoul days, today included.
CREATE OR REPLACE FUNCTION protection_count(p_member bigint, p_what text, p_amount bigint, p_settled bigint, p_at timestamptz)
RETURNS void AS $$
DECLARE
  v_day date := ((p_at AT TIME ZONE 'UTC') + interval '9 hours')::date;
  v_break timestamptz;
  lim record;
  used bigint;
BEGIN
  IF p_what = 'settle' THEN
    IF p_amount <> 0 OR p_settled <> 0 THEN
      INSERT INTO protection_days (member_id, day, returns, settled_stakes) VALUES (p_member, v_day, p_amount, p_settled)
        ON CONFLICT (member_id, day) DO UPDATE SET returns = protection_days.returns + excluded.returns,
          settled_stakes = protection_days.settled_stakes + excluded.settled_stakes;
    END IF;
    RETURN;
  END IF;
  INSERT INTO member_protection (member_id) VALUES (p_member) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM member_protection WHERE member_id = p_member FOR UPDATE;
  SELECT max(b.ends_at) INTO v_break FROM protection_breaks b WHERE b.member_id = p_member AND b.starts_at <= p_at AND b.ends_at > p_at;
  IF v_break IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'HB001', MESSAGE = 'PL004', DETAIL = to_char(v_break AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  END IF;
  IF p_what = 'deposit' AND p_amount <> 0 THEN
    INSERT INTO protection_days (member_id, day, deposits) VALUES (p_member, v_day, p_amount)
      ON CONFLICT (member_id, day) DO UPDATE SET deposits = protection_days.deposits + excluded.deposits;
  ELSIF p_what = 'stake' AND p_amount <> 0 THEN
    INSERT INTO protection_days (member_id, day, stakes) VALUES (p_member, v_day, p_amount)
      ON CONFLICT (member_id, day) DO UPDATE SET stakes = protection_days.stakes + excluded.stakes;
  END IF;
  IF p_what = 'credit' THEN
    RETURN;
  END IF;
  FOR lim IN
    SELECT x.kind, x.period, min(x.amount) AS amount FROM (
      SELECT l.kind, l.period, CASE WHEN l.pending AND l.pending_at <= p_at THEN l.pending_amount ELSE l.amount END AS amount
      FROM protection_limits l WHERE l.member_id = p_member
    ) x WHERE x.amount IS NOT NULL
      AND (x.kind = 'deposit') = (p_what IN ('deposit', 'deposit_request'))
    GROUP BY x.kind, x.period
  LOOP
    SELECT coalesce(sum(CASE lim.kind WHEN 'deposit' THEN d.deposits WHEN 'stake' THEN d.stakes ELSE d.stakes - d.returns END), 0)
      INTO used FROM protection_days d
      WHERE d.member_id = p_member AND d.day <= v_day
        AND d.day > v_day - (CASE lim.period WHEN 'day' THEN 1 WHEN 'week' THEN 7 ELSE 30 END);
    IF p_what = 'deposit_request' THEN
      used := used + p_amount;
    END IF;
    IF (p_what = 'play' AND used >= lim.amount) OR (p_what <> 'play' AND used > lim.amount) THEN
      RAISE EXCEPTION USING ERRCODE = 'HB001',
        MESSAGE = CASE lim.kind WHEN 'deposit' THEN 'PL001' WHEN 'loss' THEN 'PL002' ELSE 'PL003' END;
    END IF;
  END LOOP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every bet of every product is a row of the betting history (server/betting/settlement.ts): a row placed
-- waiting is a stake the member chose now (counted and checked); a row inserted already finished is a
-- vendor's round reported after the fact (counted, never refused: the next launch is); a row's result,
-- and every later revision of it, adds what it changed to returns and settled stakes.
CREATE OR REPLACE FUNCTION bets_protection() RETURNS trigger AS $$
DECLARE
  v_settled_now bigint;
  v_settled_before bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.type = 'wait' THEN
      PERFORM protection_count(NEW.member_id, 'stake', NEW.stake, 0, NEW.placed_at);
    ELSE
      INSERT INTO protection_days (member_id, day, stakes, returns, settled_stakes)
        VALUES (NEW.member_id, ((coalesce(NEW.settled_at, NEW.placed_at) AT TIME ZONE 'UTC') + interval '9 hours')::date, NEW.stake, NEW.win, NEW.stake)
        ON CONFLICT (member_id, day) DO UPDATE SET stakes = protection_days.stakes + excluded.stakes,
          returns = protection_days.returns + excluded.returns, settled_stakes = protection_days.settled_stakes + excluded.settled_stakes;
    END IF;
    RETURN NEW;
  END IF;
  v_settled_now := CASE WHEN NEW.type = 'wait' THEN 0 ELSE NEW.stake END;
  v_settled_before := CASE WHEN OLD.type = 'wait' THEN 0 ELSE OLD.stake END;
  IF NEW.win <> OLD.win OR v_settled_now <> v_settled_before THEN
    PERFORM protection_count(NEW.member_id, 'settle', NEW.win - OLD.win, v_settled_now - v_settled_before, coalesce(NEW.settled_at, NEW.placed_at));
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bets_protection AFTER INSERT OR UPDATE OF type, win, stake ON bets FOR EACH ROW EXECUTE FUNCTION bets_protection();
