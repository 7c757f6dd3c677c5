CREATE TABLE "rt_member_log" (
	"mem_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"session_id" text,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rt_member_log_mem_id_seq_pk" PRIMARY KEY("mem_id","seq")
);
--> statement-breakpoint
CREATE TABLE "rt_member_seq" (
	"mem_id" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rt_member_log_created_idx" ON "rt_member_log" USING btree ("created_at");