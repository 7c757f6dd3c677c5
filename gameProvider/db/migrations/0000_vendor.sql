CREATE TABLE "vendor_feed_counters" (
	"feed" text PRIMARY KEY NOT NULL,
	"last" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_players" (
	"operator" text NOT NULL,
	"player" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_players_operator_player_pk" PRIMARY KEY("operator","player"),
	CONSTRAINT "vendor_players_balance_check" CHECK ("vendor_players"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_rounds" (
	"round_id" text PRIMARY KEY NOT NULL,
	"operator" text NOT NULL,
	"player" text NOT NULL,
	"game_key" text NOT NULL,
	"brand" text NOT NULL,
	"kind" text NOT NULL,
	"seed_id" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"bet" bigint NOT NULL,
	"win" bigint,
	"outcome" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"feed_seq" bigint,
	CONSTRAINT "vendor_rounds_status_check" CHECK ("vendor_rounds"."status" in ('open', 'finished')),
	CONSTRAINT "vendor_rounds_amounts_check" CHECK ("vendor_rounds"."bet" >= 0 and ("vendor_rounds"."win" is null or "vendor_rounds"."win" >= 0))
);
--> statement-breakpoint
CREATE TABLE "vendor_seeds" (
	"id" text PRIMARY KEY NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"shared" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vendor_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"operator" text NOT NULL,
	"player" text NOT NULL,
	"game_key" text NOT NULL,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_transfers" (
	"feed_seq" bigint PRIMARY KEY NOT NULL,
	"operator" text NOT NULL,
	"transfer_id" text NOT NULL,
	"player" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_transfers_kind_check" CHECK ("vendor_transfers"."kind" in ('in', 'out', 'out-all')),
	CONSTRAINT "vendor_transfers_amounts_check" CHECK ("vendor_transfers"."amount" >= 0 and "vendor_transfers"."balance_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "vendor_rounds" ADD CONSTRAINT "vendor_rounds_seed_id_vendor_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."vendor_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_rounds_feed_unique" ON "vendor_rounds" USING btree ("feed_seq");--> statement-breakpoint
CREATE INDEX "vendor_rounds_open_idx" ON "vendor_rounds" USING btree ("operator","player") WHERE "vendor_rounds"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transfers_id_unique" ON "vendor_transfers" USING btree ("operator","transfer_id");