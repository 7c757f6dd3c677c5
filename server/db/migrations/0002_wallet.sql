CREATE TABLE "account_inquiries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cash_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"cash_type" text NOT NULL,
	"direction" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"bonus_yn" text DEFAULT 'N' NOT NULL,
	"bonus_amount" bigint DEFAULT 0 NOT NULL,
	"usdt_amount" bigint,
	"price_krw" integer,
	"address" text,
	"memo" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"hold_transaction_id" bigint,
	"settle_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "cash_requests_status_check" CHECK ("cash_requests"."status" in (0, 1, 2, -1)),
	CONSTRAINT "cash_requests_amount_check" CHECK ("cash_requests"."amount" > 0 and "cash_requests"."bonus_amount" >= 0),
	CONSTRAINT "cash_requests_direction_check" CHECK (("cash_requests"."direction" = 'in') = ("cash_requests"."cash_type" in ('in', 'coinIn'))),
	CONSTRAINT "cash_requests_bonus_yn_check" CHECK ("cash_requests"."bonus_yn" in ('Y', 'N')),
	CONSTRAINT "cash_requests_processed_check" CHECK (("cash_requests"."status" in (1, -1)) = ("cash_requests"."processed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"from_member_id" bigint,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"used_at" timestamp with time zone,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_amount_check" CHECK ("coupons"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"member_id" bigint NOT NULL,
	"key" text NOT NULL,
	"call" text NOT NULL,
	"request_hash" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_member_id_key_pk" PRIMARY KEY("member_id","key")
);
--> statement-breakpoint
CREATE TABLE "point_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"bonus_percent" integer DEFAULT 0 NOT NULL,
	"accrued_points" bigint DEFAULT 0 NOT NULL,
	"use_class" text NOT NULL,
	"applied_points" bigint DEFAULT 0 NOT NULL,
	"transaction_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_member_id" bigint NOT NULL,
	"to_member_id" bigint,
	"to_mem_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"cash_after" bigint NOT NULL,
	"success" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"transaction_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"deposit_min" bigint DEFAULT 10000 NOT NULL,
	"deposit_max" bigint DEFAULT 10000000 NOT NULL,
	"deposit_unit" bigint DEFAULT 10000 NOT NULL,
	"withdraw_min" bigint DEFAULT 10000 NOT NULL,
	"withdraw_max" bigint DEFAULT 10000000 NOT NULL,
	"withdraw_unit" bigint DEFAULT 10000 NOT NULL,
	"withdrawals_on" boolean DEFAULT true NOT NULL,
	"rerequest_wait_minutes" integer DEFAULT 5 NOT NULL,
	"first_deposit_bonus_rate" integer DEFAULT 20 NOT NULL,
	"first_deposit_bonus_cap" bigint DEFAULT 300000 NOT NULL,
	"daily_bonus_rate" integer DEFAULT 10 NOT NULL,
	"daily_bonus_cap" bigint DEFAULT 200000 NOT NULL,
	"usdt_price_krw" integer DEFAULT 1400 NOT NULL,
	"usdt_price_set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"usdt_deposit_address" text DEFAULT '' NOT NULL,
	"point_conversion_on" boolean DEFAULT true NOT NULL,
	"transfers_on" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_settings_single_row" CHECK ("wallet_settings"."id" = 1),
	CONSTRAINT "wallet_settings_positive" CHECK ("wallet_settings"."deposit_min" > 0 and "wallet_settings"."deposit_max" >= "wallet_settings"."deposit_min" and "wallet_settings"."deposit_unit" > 0
    and "wallet_settings"."withdraw_min" > 0 and "wallet_settings"."withdraw_max" >= "wallet_settings"."withdraw_min" and "wallet_settings"."withdraw_unit" > 0 and "wallet_settings"."usdt_price_krw" > 0
    and "wallet_settings"."rerequest_wait_minutes" >= 0 and "wallet_settings"."first_deposit_bonus_rate" between 0 and 100 and "wallet_settings"."daily_bonus_rate" between 0 and 100
    and "wallet_settings"."first_deposit_bonus_cap" >= 0 and "wallet_settings"."daily_bonus_cap" >= 0)
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "deposit_banned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "withdraw_banned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_inquiries" ADD CONSTRAINT "account_inquiries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_requests" ADD CONSTRAINT "cash_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_requests" ADD CONSTRAINT "cash_requests_hold_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("hold_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_requests" ADD CONSTRAINT "cash_requests_settle_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("settle_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_from_member_id_members_id_fk" FOREIGN KEY ("from_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_records" ADD CONSTRAINT "point_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_records" ADD CONSTRAINT "point_records_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_member_id_members_id_fk" FOREIGN KEY ("from_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_member_id_members_id_fk" FOREIGN KEY ("to_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_inquiries_member_idx" ON "account_inquiries" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_inquiries_one_waiting" ON "account_inquiries" USING btree ("member_id") WHERE "account_inquiries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "cash_requests_member_idx" ON "cash_requests" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "cash_requests_status_idx" ON "cash_requests" USING btree ("status","cash_type");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_requests_one_open_per_direction" ON "cash_requests" USING btree ("member_id","direction") WHERE "cash_requests"."status" in (0, 2);--> statement-breakpoint
CREATE INDEX "coupons_member_idx" ON "coupons" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "point_records_member_idx" ON "point_records" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "transfers_from_idx" ON "transfers" USING btree ("from_member_id","at");