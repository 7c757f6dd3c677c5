CREATE TABLE "vendor_seed_pairs" (
	"operator" text NOT NULL,
	"player" text NOT NULL,
	"game_key" text NOT NULL,
	"seed_id" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_seed_pairs_operator_player_game_key_pk" PRIMARY KEY("operator","player","game_key"),
	CONSTRAINT "vendor_seed_pairs_nonce_check" CHECK ("vendor_seed_pairs"."nonce" >= 0)
);
--> statement-breakpoint
ALTER TABLE "vendor_seeds" ADD COLUMN "paired" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_seed_pairs" ADD CONSTRAINT "vendor_seed_pairs_seed_id_vendor_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."vendor_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_seed_pairs_seed_unique" ON "vendor_seed_pairs" USING btree ("seed_id");