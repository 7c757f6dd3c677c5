CREATE TABLE "attendance_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"points" integer NOT NULL,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_checks_member_day" UNIQUE("member_id","day")
);
--> statement-breakpoint
CREATE TABLE "attendance_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"daily_points" integer DEFAULT 100 NOT NULL,
	"bonus_every" integer DEFAULT 7 NOT NULL,
	"bonus_points" integer DEFAULT 1000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_settings_single_row" CHECK ("attendance_settings"."id" = 1),
	CONSTRAINT "attendance_settings_values" CHECK ("attendance_settings"."daily_points" >= 0 and "attendance_settings"."bonus_every" >= 0 and "attendance_settings"."bonus_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"image_id" text,
	"link_url" text DEFAULT '' NOT NULL,
	"ord" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_kind_check" CHECK ("banners"."kind" in ('banner', 'popup'))
);
--> statement-breakpoint
CREATE TABLE "board_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"content" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_posts_category_check" CHECK ("board_posts"."category" in ('normal', 'event', 'notice')),
	CONSTRAINT "board_posts_writer_check" CHECK ("board_posts"."member_id" is not null or "board_posts"."category" in ('notice', 'event'))
);
--> statement-breakpoint
CREATE TABLE "rotary_prizes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"points" integer NOT NULL,
	"weight" integer NOT NULL,
	"ord" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "rotary_prizes_values" CHECK ("rotary_prizes"."points" >= 0 and "rotary_prizes"."weight" > 0)
);
--> statement-breakpoint
CREATE TABLE "rotary_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rotary_settings_single_row" CHECK ("rotary_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "rotary_spins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"prize_id" bigint NOT NULL,
	"points" integer NOT NULL,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rotary_spins_member_day" UNIQUE("member_id","day")
);
--> statement-breakpoint
CREATE TABLE "stored_images" (
	"id" text PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"member_id" bigint,
	"post_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_images_mime_check" CHECK ("stored_images"."mime" in ('image/png', 'image/jpeg', 'image/webp'))
);
--> statement-breakpoint
ALTER TABLE "attendance_checks" ADD CONSTRAINT "attendance_checks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_checks" ADD CONSTRAINT "attendance_checks_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_image_id_stored_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."stored_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_comments" ADD CONSTRAINT "board_comments_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_comments" ADD CONSTRAINT "board_comments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_posts" ADD CONSTRAINT "board_posts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotary_spins" ADD CONSTRAINT "rotary_spins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotary_spins" ADD CONSTRAINT "rotary_spins_prize_id_rotary_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."rotary_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotary_spins" ADD CONSTRAINT "rotary_spins_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_images" ADD CONSTRAINT "stored_images_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_images" ADD CONSTRAINT "stored_images_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_comments_post_idx" ON "board_comments" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "board_posts_list_idx" ON "board_posts" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "stored_images_post_idx" ON "stored_images" USING btree ("post_id");