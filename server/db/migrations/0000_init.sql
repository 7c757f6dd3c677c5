CREATE TABLE "rt_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"target_kind" text NOT NULL,
	"target" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rt_events_created_idx" ON "rt_events" USING btree ("created_at");