CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"code" text PRIMARY KEY NOT NULL,
	"name_kr" text NOT NULL,
	"ord" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"answer" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "common_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"master_code" text NOT NULL,
	"code" text NOT NULL,
	"code_name" text NOT NULL,
	"code_name_en" text NOT NULL,
	"group_code" text NOT NULL,
	"group_code_name_en" text NOT NULL,
	"ord" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "common_codes_master_code_unique" UNIQUE("master_code","code")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint,
	"owner_kind" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_member_currency_unique" UNIQUE("member_id","currency"),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."owner_kind" = 'member') = ("ledger_accounts"."member_id" is not null) and "ledger_accounts"."owner_kind" in ('member', 'house')),
	CONSTRAINT "ledger_accounts_currency_check" CHECK ("ledger_accounts"."currency" in ('KRW', 'POINT', 'USDT')),
	CONSTRAINT "ledger_accounts_member_balance_check" CHECK ("ledger_accounts"."owner_kind" <> 'member' or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key_kind" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_failures_key_kind_check" CHECK ("login_failures"."key_kind" in ('memId', 'ip'))
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mem_id" text NOT NULL,
	"mem_nick" text NOT NULL,
	"mem_phone" text NOT NULL,
	"bank_code" text NOT NULL,
	"bankacc" text NOT NULL,
	"mem_name" text NOT NULL,
	"pass_hash" text NOT NULL,
	"cash_out_pass_hash" text NOT NULL,
	"mem_level" text DEFAULT '1' NOT NULL,
	"part_send_yn" text DEFAULT 'N' NOT NULL,
	"is_partner" boolean DEFAULT false NOT NULL,
	"partner_type" text,
	"recommender_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	CONSTRAINT "members_mem_nick_unique" UNIQUE("mem_nick"),
	CONSTRAINT "members_mem_phone_unique" UNIQUE("mem_phone"),
	CONSTRAINT "members_bankacc_unique" UNIQUE("bankacc"),
	CONSTRAINT "members_status_check" CHECK ("members"."status" in ('pending', 'active', 'rejected', 'suspended')),
	CONSTRAINT "members_part_send_yn_check" CHECK ("members"."part_send_yn" in ('Y', 'N'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "sessions_revoked_reason_check" CHECK ("sessions"."revoked_reason" is null or "sessions"."revoked_reason" in ('logout', 'replaced', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"signup_open" boolean DEFAULT true NOT NULL,
	"join_recommander_id" text,
	"sns2_link" text DEFAULT '' NOT NULL,
	"site_check_start" timestamp with time zone,
	"site_check_end" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1),
	CONSTRAINT "site_settings_check_window" CHECK (("site_settings"."site_check_start" is null) = ("site_settings"."site_check_end" is null) and ("site_settings"."site_check_start" is null or "site_settings"."site_check_start" < "site_settings"."site_check_end"))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_recommender_id_members_id_fk" FOREIGN KEY ("recommender_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "captchas_expires_idx" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_house_name_unique" ON "ledger_accounts" USING btree ("name","currency") WHERE "ledger_accounts"."owner_kind" = 'house';--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "login_failures_key_idx" ON "login_failures" USING btree ("key_kind","key","at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_mem_id_lower_unique" ON "members" USING btree (lower("mem_id"));--> statement-breakpoint
CREATE INDEX "members_status_idx" ON "members" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id");