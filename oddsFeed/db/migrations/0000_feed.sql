CREATE TABLE "feed_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_fixtures" (
	"fixture_id" text PRIMARY KEY NOT NULL,
	"league_id" text NOT NULL,
	"sport" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"fixture" jsonb NOT NULL,
	"play_ms" bigint DEFAULT 0 NOT NULL,
	"ticked_at" timestamp with time zone,
	"revealed" integer DEFAULT 0 NOT NULL,
	"reopen_at_ms" bigint,
	"priced_at_ms" bigint DEFAULT 0 NOT NULL,
	"settings_version" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "feed_fixtures_status_check" CHECK ("feed_fixtures"."status" in ('scheduled', 'live', 'ended', 'cancelled', 'postponed'))
);
--> statement-breakpoint
CREATE TABLE "feed_messages" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"fixture_id" text NOT NULL,
	"type" text NOT NULL,
	"message" jsonb NOT NULL,
	CONSTRAINT "feed_messages_type_check" CHECK ("feed_messages"."type" in ('fixture', 'market', 'score', 'result'))
);
--> statement-breakpoint
CREATE TABLE "feed_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"settings" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_state" (
	"subject" text PRIMARY KEY NOT NULL,
	"fixture_id" text NOT NULL,
	"type" text NOT NULL,
	"seq" bigint NOT NULL,
	"body" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feed_fixtures_status_idx" ON "feed_fixtures" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "feed_messages_at_idx" ON "feed_messages" USING btree ("at");--> statement-breakpoint
CREATE INDEX "feed_state_fixture_idx" ON "feed_state" USING btree ("fixture_id");