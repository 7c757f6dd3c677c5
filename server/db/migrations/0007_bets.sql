CREATE TABLE "bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"group_key" text NOT NULL,
	"vendor_code" text NOT NULL,
	"game_key" text NOT NULL,
	"company" jsonb NOT NULL,
	"game_name" jsonb NOT NULL,
	"game_type" text DEFAULT '' NOT NULL,
	"source_ref" text NOT NULL,
	"round_id" text NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"type" text DEFAULT 'wait' NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "bets_type_check" CHECK ("bets"."type" in ('win', 'lose', 'draw', 'wait', 'cancel')),
	CONSTRAINT "bets_group_check" CHECK ("bets"."group_key" in ('casino', 'slot', 'fishing', 'minigame', 'sport')),
	CONSTRAINT "bets_amounts_check" CHECK ("bets"."stake" >= 0 and "bets"."win" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bets_source_ref_unique" ON "bets" USING btree ("source_ref");--> statement-breakpoint
CREATE INDEX "bets_member_placed_idx" ON "bets" USING btree ("member_id","placed_at");