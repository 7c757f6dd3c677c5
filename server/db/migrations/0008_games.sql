CREATE TABLE "game_catalog" (
	"game_key" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"kind" text NOT NULL,
	"names" jsonb NOT NULL,
	"image" text NOT NULL,
	"vendor_enabled" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"ord" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_feed_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"cursor" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_launches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_members" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"mem_cash_flag" text DEFAULT 'Y' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"open_game_key" text,
	"opened_at" timestamp with time zone,
	CONSTRAINT "game_members_flag_check" CHECK ("game_members"."mem_cash_flag" in ('Y', 'N'))
);
--> statement-breakpoint
CREATE TABLE "game_reconciliations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"differences" jsonb NOT NULL,
	"repaired" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"block_while_cash_open" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_transfers" (
	"transfer_id" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint,
	"state" text DEFAULT 'pending' NOT NULL,
	"request_key" text,
	"fail_code" text,
	"origin" text DEFAULT 'member' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "game_transfers_direction_check" CHECK ("game_transfers"."direction" in ('in', 'out')),
	CONSTRAINT "game_transfers_state_check" CHECK ("game_transfers"."state" in ('pending', 'applied', 'failed')),
	CONSTRAINT "game_transfers_amount_check" CHECK ("game_transfers"."amount" is null or "game_transfers"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_vendors" (
	"code" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"state" text DEFAULT 'shown' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_vendors_state_check" CHECK ("game_vendors"."state" in ('shown', 'maintenance', 'hidden'))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_currency_check";--> statement-breakpoint
ALTER TABLE "game_launches" ADD CONSTRAINT "game_launches_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_members" ADD CONSTRAINT "game_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transfers" ADD CONSTRAINT "game_transfers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_catalog_brand_idx" ON "game_catalog" USING btree ("brand","ord");--> statement-breakpoint
CREATE INDEX "game_launches_member_at_idx" ON "game_launches" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "game_reconciliations_at_idx" ON "game_reconciliations" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_transfers_one_pending" ON "game_transfers" USING btree ("member_id") WHERE "game_transfers"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "game_transfers_request_key" ON "game_transfers" USING btree ("member_id","request_key");--> statement-breakpoint
CREATE INDEX "game_transfers_state_idx" ON "game_transfers" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_vendors_brand_unique" ON "game_vendors" USING btree ("brand");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_currency_check" CHECK ("ledger_accounts"."currency" in ('KRW', 'POINT', 'USDT', 'GAME'));