CREATE TABLE "vendor_esport_rounds" (
	"game_key" text NOT NULL,
	"round_no" bigint NOT NULL,
	"seed_id" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"result_at" timestamp with time zone NOT NULL,
	"result" jsonb,
	"settled_at" timestamp with time zone,
	CONSTRAINT "vendor_esport_rounds_game_key_round_no_pk" PRIMARY KEY("game_key","round_no")
);
--> statement-breakpoint
CREATE TABLE "vendor_esport_slips" (
	"round_id" text PRIMARY KEY NOT NULL,
	"game_key" text NOT NULL,
	"round_no" bigint NOT NULL,
	"operator" text NOT NULL,
	"player" text NOT NULL,
	"picks" jsonb NOT NULL,
	"odds_cents" integer NOT NULL,
	"stake" bigint NOT NULL,
	CONSTRAINT "vendor_esport_slips_odds_check" CHECK ("vendor_esport_slips"."odds_cents" >= 101),
	CONSTRAINT "vendor_esport_slips_stake_check" CHECK ("vendor_esport_slips"."stake" > 0)
);
--> statement-breakpoint
CREATE INDEX "vendor_esport_rounds_seed_idx" ON "vendor_esport_rounds" USING btree ("seed_id");--> statement-breakpoint
CREATE INDEX "vendor_esport_rounds_due_idx" ON "vendor_esport_rounds" USING btree ("result_at");--> statement-breakpoint
CREATE INDEX "vendor_esport_slips_round_idx" ON "vendor_esport_slips" USING btree ("game_key","round_no","operator","player");