CREATE TABLE "sport_bet_legs" (
	"bet_id" bigint NOT NULL,
	"leg_no" integer NOT NULL,
	"selection_id" text NOT NULL,
	"market_id" text NOT NULL,
	"fixture_id" text NOT NULL,
	"key" text NOT NULL,
	"odds_cents" integer NOT NULL,
	"version" integer NOT NULL,
	"score_seq" integer NOT NULL,
	"live" boolean NOT NULL,
	"outcome" text,
	"seen_rev" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sport_bet_legs_bet_id_leg_no_pk" PRIMARY KEY("bet_id","leg_no")
);
--> statement-breakpoint
CREATE TABLE "sport_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"history_id" bigint,
	"stake" bigint NOT NULL,
	"odds_cents" bigint NOT NULL,
	"bonus_cents" integer NOT NULL,
	"potential_win" bigint NOT NULL,
	"terms" jsonb NOT NULL,
	"live" boolean NOT NULL,
	"slip_hash" text NOT NULL,
	"status" text DEFAULT 'wait' NOT NULL,
	"voided" boolean DEFAULT false NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"stake_transaction_id" bigint NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sport_bets_status_check" CHECK ("sport_bets"."status" in ('wait', 'win', 'lose', 'draw', 'cancel')),
	CONSTRAINT "sport_bets_amounts_check" CHECK ("sport_bets"."stake" > 0 and "sport_bets"."paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sport_debts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"bet_id" bigint NOT NULL,
	"revision" integer NOT NULL,
	"amount" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "sport_debts_amount_check" CHECK ("sport_debts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sport_exposure" (
	"selection_id" text PRIMARY KEY NOT NULL,
	"market_id" text NOT NULL,
	"fixture_id" text NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"liability" bigint DEFAULT 0 NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_feed_state" (
	"id" text PRIMARY KEY NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"snapshot_taken" boolean DEFAULT false NOT NULL,
	"list_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sport_fixtures" (
	"fixture_id" text PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"league_id" text NOT NULL,
	"home" jsonb NOT NULL,
	"away" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"virtual" boolean DEFAULT false NOT NULL,
	"best_of" integer,
	"model" jsonb NOT NULL,
	"seed_hash" text NOT NULL,
	"seed" text,
	"feed_version" integer DEFAULT 0 NOT NULL,
	"score" jsonb,
	"score_seq" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"topic_seq" bigint DEFAULT 0 NOT NULL,
	"result_rev" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_leagues" (
	"league_id" text PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"names" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_markets" (
	"market_id" text PRIMARY KEY NOT NULL,
	"fixture_id" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"line" integer,
	"live" boolean NOT NULL,
	"feed_status" text NOT NULL,
	"feed_version" integer NOT NULL,
	"score_seq" integer DEFAULT 0 NOT NULL,
	"selections" jsonb NOT NULL,
	"override" text,
	"site_bump" integer DEFAULT 0 NOT NULL,
	"voided" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sport_markets_override_check" CHECK ("sport_markets"."override" is null or "sport_markets"."override" in ('suspended', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "sport_results" (
	"fixture_id" text NOT NULL,
	"rev" integer NOT NULL,
	"source" text NOT NULL,
	"feed_revision" integer,
	"status" text NOT NULL,
	"score" jsonb NOT NULL,
	"markets" jsonb NOT NULL,
	"seed" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "sport_results_fixture_id_rev_pk" PRIMARY KEY("fixture_id","rev"),
	CONSTRAINT "sport_results_source_check" CHECK ("sport_results"."source" in ('feed', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "sport_selections" (
	"selection_id" text PRIMARY KEY NOT NULL,
	"market_id" text NOT NULL,
	"fixture_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"level_limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"exposure_limit" bigint DEFAULT 0 NOT NULL,
	"margins" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_settlements" (
	"bet_id" bigint NOT NULL,
	"revision" integer NOT NULL,
	"paid" bigint NOT NULL,
	"reversed" bigint DEFAULT 0 NOT NULL,
	"owed" bigint DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sport_settlements_bet_id_revision_pk" PRIMARY KEY("bet_id","revision")
);
--> statement-breakpoint
ALTER TABLE "sport_bet_legs" ADD CONSTRAINT "sport_bet_legs_bet_id_sport_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sport_bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bets" ADD CONSTRAINT "sport_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bets" ADD CONSTRAINT "sport_bets_history_id_bets_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_debts" ADD CONSTRAINT "sport_debts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_debts" ADD CONSTRAINT "sport_debts_bet_id_sport_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sport_bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_settlements" ADD CONSTRAINT "sport_settlements_bet_id_sport_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sport_bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sport_bet_legs_fixture_idx" ON "sport_bet_legs" USING btree ("fixture_id","seen_rev");--> statement-breakpoint
CREATE INDEX "sport_bet_legs_selection_idx" ON "sport_bet_legs" USING btree ("selection_id");--> statement-breakpoint
CREATE INDEX "sport_bets_member_idx" ON "sport_bets" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "sport_bets_slip_idx" ON "sport_bets" USING btree ("member_id","slip_hash");--> statement-breakpoint
CREATE INDEX "sport_debts_member_idx" ON "sport_debts" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "sport_exposure_fixture_idx" ON "sport_exposure" USING btree ("fixture_id");--> statement-breakpoint
CREATE INDEX "sport_fixtures_status_idx" ON "sport_fixtures" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "sport_fixtures_league_idx" ON "sport_fixtures" USING btree ("league_id");--> statement-breakpoint
CREATE INDEX "sport_markets_fixture_idx" ON "sport_markets" USING btree ("fixture_id");