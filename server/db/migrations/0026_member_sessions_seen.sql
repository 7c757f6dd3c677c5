-- The operator console's member sessions (issue 22): when each session was last seen (written at most once a
-- minute per session by the member calls) and the browser's user agent at sign-in; members online reads the
-- live sessions seen lately; the dashboard sums the bets settled today.
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "last_seen_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "last_seen_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "last_seen_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "sessions_live_seen_idx" ON "sessions" USING btree ("last_seen_at") WHERE "sessions"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "bets_settled_idx" ON "bets" USING btree ("settled_at");
