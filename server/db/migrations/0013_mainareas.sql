ALTER TABLE "game_catalog" ADD COLUMN "added_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "bets_placed_idx" ON "bets" USING btree ("placed_at");