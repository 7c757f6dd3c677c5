CREATE TABLE "message_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"max_days" integer DEFAULT 30 NOT NULL,
	"max_items" integer DEFAULT 100 NOT NULL,
	CONSTRAINT "message_settings_single_row" CHECK ("message_settings"."id" = 1),
	CONSTRAINT "message_settings_positive" CHECK ("message_settings"."max_days" > 0 and "message_settings"."max_items" > 0)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "support_posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"board_type" text NOT NULL,
	"member_id" bigint,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_posts_board_type_check" CHECK ("support_posts"."board_type" in ('nt', 'faq', 'qna')),
	CONSTRAINT "support_posts_member_check" CHECK (("support_posts"."board_type" = 'qna') = ("support_posts"."member_id" is not null)),
	CONSTRAINT "support_posts_answer_check" CHECK (("support_posts"."answer" is null) = ("support_posts"."answered_at" is null))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_posts" ADD CONSTRAINT "support_posts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_member_idx" ON "messages" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("member_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "support_posts_board_idx" ON "support_posts" USING btree ("board_type","created_at");--> statement-breakpoint
CREATE INDEX "support_posts_member_idx" ON "support_posts" USING btree ("member_id","created_at");