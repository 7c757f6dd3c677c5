CREATE TABLE "audit_head" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"hash" text DEFAULT '' NOT NULL,
	CONSTRAINT "audit_head_single_row" CHECK ("audit_head"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"payload" jsonb NOT NULL,
	"payload_hash" text NOT NULL,
	"maker_id" text NOT NULL,
	"maker_role" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"checker_id" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"result" jsonb,
	CONSTRAINT "approvals_status_check" CHECK ("approvals"."status" in ('pending', 'executed', 'failed', 'rejected', 'expired')),
	CONSTRAINT "approvals_maker_checker" CHECK ("approvals"."checker_id" is null or "approvals"."checker_id" <> "approvals"."maker_id")
);
--> statement-breakpoint
CREATE TABLE "console_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"must_enrol" boolean NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "console_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "four_eyes_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"withdrawal_min" bigint DEFAULT 5000000 NOT NULL,
	"adjustment_max" bigint DEFAULT 1000000 NOT NULL,
	"point_grant_max" bigint DEFAULT 100000 NOT NULL,
	"expiry_minutes" integer DEFAULT 60 NOT NULL,
	CONSTRAINT "four_eyes_settings_single_row" CHECK ("four_eyes_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "operator_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"operator_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"pass_hash" text NOT NULL,
	"totp_secret" text,
	"totp_pending" text,
	"totp_last_step" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "operators_role_check" CHECK ("operators"."role" in ('owner', 'cashier', 'support', 'risk', 'partnerManager')),
	CONSTRAINT "operators_status_check" CHECK ("operators"."status" in ('active', 'disabled'))
);
--> statement-breakpoint
ALTER TABLE "attempts" DROP CONSTRAINT "attempts_kind_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "role" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "request_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "approval_id" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "console_sessions" ADD CONSTRAINT "console_sessions_operator_id_operators_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("operator_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_recovery_codes" ADD CONSTRAINT "operator_recovery_codes_operator_id_operators_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("operator_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_status_idx" ON "approvals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "console_sessions_operator_idx" ON "console_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_recovery_codes_unique" ON "operator_recovery_codes" USING btree ("operator_id","code_hash");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor","seq");--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_kind_check" CHECK ("attempts"."kind" in ('loginId', 'loginIp', 'memPass', 'cashOutPass', 'captchaIp', 'operatorId', 'operatorIp'));--> statement-breakpoint
-- The audit chain: each row's hash covers the previous row's hash and every field of the row. Times enter
-- as microseconds since the epoch (no time zone setting changes them), jsonb as its canonical text.
CREATE OR REPLACE FUNCTION audit_row_hash(prev text, seq bigint, at timestamptz, actor text, role text, ip text, action text, target text,
  before jsonb, after jsonb, reason text, request_id text, approval_id bigint, detail jsonb) RETURNS text AS $$
  SELECT encode(sha256(convert_to(concat_ws(chr(31), prev, seq::text, (extract(epoch FROM at) * 1000000)::bigint::text, actor, role, ip,
    action, target, coalesce(before::text, 'null'), coalesce(after::text, 'null'), reason, request_id, coalesce(approval_id::text, ''),
    detail::text), 'UTF8')), 'hex');
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- The rows written before the chain existed are chained in their order.
DO $$
DECLARE r record; h text := ''; n bigint := 0; prev text;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    n := n + 1; prev := h;
    h := audit_row_hash(prev, n, r.at, r.actor, r.role, r.ip, r.action, r.target, r.before, r.after, r.reason, r.request_id, r.approval_id, r.detail);
    UPDATE audit_log SET seq = n, prev_hash = prev, hash = h WHERE id = r.id;
  END LOOP;
  INSERT INTO audit_head (id, seq, hash) VALUES (1, n, h);
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_seq_unique" ON "audit_log" USING btree ("seq");
--> statement-breakpoint
-- Appending takes the head row's lock until commit: appends are numbered and linked in commit order.
CREATE OR REPLACE FUNCTION audit_chain() RETURNS trigger AS $$
DECLARE prev text;
BEGIN
  UPDATE audit_head SET seq = audit_head.seq + 1 WHERE id = 1 RETURNING audit_head.seq, audit_head.hash INTO NEW.seq, prev;
  NEW.prev_hash := prev;
  NEW.hash := audit_row_hash(prev, NEW.seq, NEW.at, NEW.actor, NEW.role, NEW.ip, NEW.action, NEW.target, NEW.before, NEW.after, NEW.reason,
    NEW.request_id, NEW.approval_id, NEW.detail);
  UPDATE audit_head SET hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_chain();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit rows are append-only' USING ERRCODE = 'check_violation';
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
INSERT INTO four_eyes_settings (id) VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The operator topic (contract/console.ts OPERATOR_TOPIC): what waits for the console is announced by the
-- database when it commits, whatever wrote it, through the real-time channel's notification (server/realtime/fanout.ts).
CREATE OR REPLACE FUNCTION operator_event(kind text, id text) RETURNS void AS $$
  SELECT pg_notify('rt_event', json_build_object('k', 'topic', 't', '/topic/operator',
    'b', json_build_object('kind', kind, 'id', id, 'at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::text);
$$ LANGUAGE sql VOLATILE;
--> statement-breakpoint
-- Each trigger names the event's kind and the column that identifies the row.
CREATE OR REPLACE FUNCTION operator_event_row() RETURNS trigger AS $$
BEGIN
  PERFORM operator_event(TG_ARGV[0], to_jsonb(NEW) ->> TG_ARGV[1]);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER members_operator_event AFTER INSERT ON members FOR EACH ROW WHEN (NEW.status = 'pending')
  EXECUTE FUNCTION operator_event_row('signup', 'mem_id');
--> statement-breakpoint
CREATE TRIGGER cash_requests_operator_event AFTER INSERT ON cash_requests FOR EACH ROW EXECUTE FUNCTION operator_event_row('cash', 'id');
--> statement-breakpoint
CREATE TRIGGER support_posts_operator_event AFTER INSERT ON support_posts FOR EACH ROW WHEN (NEW.board_type = 'qna')
  EXECUTE FUNCTION operator_event_row('question', 'id');
--> statement-breakpoint
CREATE TRIGGER approvals_operator_event AFTER INSERT OR UPDATE OF status ON approvals FOR EACH ROW EXECUTE FUNCTION operator_event_row('approval', 'id');
