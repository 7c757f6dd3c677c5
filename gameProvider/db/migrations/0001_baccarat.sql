CREATE TABLE "vendor_baccarat_bets" (
	"round_id" text PRIMARY KEY NOT NULL,
	"table_key" text NOT NULL,
	"round_no" bigint NOT NULL,
	"operator" text NOT NULL,
	"player" text NOT NULL,
	"on_player" bigint DEFAULT 0 NOT NULL,
	"on_banker" bigint DEFAULT 0 NOT NULL,
	"on_tie" bigint DEFAULT 0 NOT NULL,
	"on_player_pair" bigint DEFAULT 0 NOT NULL,
	"on_banker_pair" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_baccarat_rounds" (
	"table_key" text NOT NULL,
	"round_no" bigint NOT NULL,
	"seed_id" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"result_at" timestamp with time zone NOT NULL,
	"winner" text,
	"coup" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "vendor_baccarat_rounds_table_key_round_no_pk" PRIMARY KEY("table_key","round_no")
);
--> statement-breakpoint
CREATE INDEX "vendor_baccarat_bets_round_idx" ON "vendor_baccarat_bets" USING btree ("table_key","round_no","operator","player");--> statement-breakpoint
CREATE INDEX "vendor_baccarat_rounds_seed_idx" ON "vendor_baccarat_rounds" USING btree ("seed_id");--> statement-breakpoint
CREATE INDEX "vendor_baccarat_rounds_due_idx" ON "vendor_baccarat_rounds" USING btree ("result_at");