CREATE TABLE "mini_bet_bans" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mini_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"round_id" bigint NOT NULL,
	"game" text NOT NULL,
	"market" text NOT NULL,
	"selection" text NOT NULL,
	"stake" bigint NOT NULL,
	"odds_cents" integer NOT NULL,
	"status" text DEFAULT 'wait' NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"stake_transaction_id" bigint NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "mini_bets_status_check" CHECK ("mini_bets"."status" in ('wait', 'win', 'lose', 'cancel')),
	CONSTRAINT "mini_bets_amounts_check" CHECK ("mini_bets"."stake" > 0 and "mini_bets"."win" >= 0 and "mini_bets"."odds_cents" > 100)
);
--> statement-breakpoint
CREATE TABLE "mini_chains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"root" text NOT NULL,
	"length" integer NOT NULL,
	"terminal_hash" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mini_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"day" text NOT NULL,
	"round_no" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"draws_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"chain_id" bigint NOT NULL,
	"chain_use" integer NOT NULL,
	"seed_hash" text NOT NULL,
	"seed" text,
	"draw" jsonb,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "mini_rounds_game_day_no_unique" UNIQUE("game","day","round_no"),
	CONSTRAINT "mini_rounds_status_check" CHECK ("mini_rounds"."status" in ('open', 'drawn', 'settled', 'void'))
);
--> statement-breakpoint
CREATE TABLE "mini_settings" (
	"game" text PRIMARY KEY NOT NULL,
	"interval_sec" integer DEFAULT 300 NOT NULL,
	"cutoff_sec" integer DEFAULT 30 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"margins" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_margin_bp" integer DEFAULT 9750 NOT NULL,
	"level_limits" jsonb DEFAULT '{"1":{"min":1000,"max":1000000}}'::jsonb NOT NULL,
	"hit_limit" bigint DEFAULT 5000000 NOT NULL,
	"one_bet_per_market" boolean DEFAULT true NOT NULL,
	CONSTRAINT "mini_settings_interval_check" CHECK ("mini_settings"."interval_sec" > 0 and 86400 % "mini_settings"."interval_sec" = 0),
	CONSTRAINT "mini_settings_cutoff_check" CHECK ("mini_settings"."cutoff_sec" >= 0 and "mini_settings"."cutoff_sec" < "mini_settings"."interval_sec")
);
--> statement-breakpoint
CREATE TABLE "mini_settlements" (
	"bet_id" bigint PRIMARY KEY NOT NULL,
	"round_id" bigint NOT NULL,
	"transaction_id" bigint,
	"paid" bigint NOT NULL,
	"settled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mini_bet_bans" ADD CONSTRAINT "mini_bet_bans_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_bets" ADD CONSTRAINT "mini_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_bets" ADD CONSTRAINT "mini_bets_round_id_mini_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."mini_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_rounds" ADD CONSTRAINT "mini_rounds_chain_id_mini_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."mini_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_settlements" ADD CONSTRAINT "mini_settlements_bet_id_mini_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."mini_bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mini_bets_round_idx" ON "mini_bets" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "mini_bets_member_idx" ON "mini_bets" USING btree ("member_id","round_id");--> statement-breakpoint
CREATE INDEX "mini_chains_game_idx" ON "mini_chains" USING btree ("game","id");--> statement-breakpoint
CREATE INDEX "mini_rounds_game_draws_idx" ON "mini_rounds" USING btree ("game","draws_at");--> statement-breakpoint
CREATE INDEX "mini_rounds_status_idx" ON "mini_rounds" USING btree ("status","draws_at");