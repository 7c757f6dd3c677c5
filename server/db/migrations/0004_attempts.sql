CREATE TABLE "attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "attempts_kind_check" CHECK ("attempts"."kind" in ('loginId', 'loginIp', 'memPass', 'cashOutPass', 'captchaIp'))
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
CREATE INDEX "attempts_key_idx" ON "attempts" USING btree ("kind","key","at");