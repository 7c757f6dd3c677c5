-- Cash request status rules (SPEC §4), enforced by the database as well as the services:
-- applied (0) may become waiting (2) or cancelled (-1); waiting may become complete (1) or cancelled;
-- a processed request (1 or -1) never changes again, except that the member may hide it from history.
-- Errors carry the result code as their message prefix so the server can answer it.
CREATE OR REPLACE FUNCTION cash_requests_guard() RETURNS trigger AS $$
BEGIN
  IF OLD.status IN (1, -1) THEN
    IF NEW.status IS DISTINCT FROM OLD.status OR NEW.amount IS DISTINCT FROM OLD.amount
       OR NEW.bonus_amount IS DISTINCT FROM OLD.bonus_amount OR NEW.member_id IS DISTINCT FROM OLD.member_id
       OR NEW.cash_type IS DISTINCT FROM OLD.cash_type OR NEW.processed_at IS DISTINCT FROM OLD.processed_at
       OR NEW.settle_transaction_id IS DISTINCT FROM OLD.settle_transaction_id THEN
      RAISE EXCEPTION 'C503: cash request % is already processed', OLD.id USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.member_id IS DISTINCT FROM OLD.member_id OR NEW.cash_type IS DISTINCT FROM OLD.cash_type
     OR NEW.amount IS DISTINCT FROM OLD.amount THEN
    RAISE EXCEPTION 'C501: cash request % cannot change its member, type or amount', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
       (OLD.status = 0 AND NEW.status IN (2, -1)) OR (OLD.status = 2 AND NEW.status IN (1, -1))) THEN
    RAISE EXCEPTION 'C502: cash request % cannot go from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER cash_requests_guard BEFORE UPDATE ON cash_requests
  FOR EACH ROW EXECUTE FUNCTION cash_requests_guard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cash_requests_no_delete() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'C503: cash requests are never deleted' USING ERRCODE = 'check_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER cash_requests_no_delete BEFORE DELETE ON cash_requests
  FOR EACH ROW EXECUTE FUNCTION cash_requests_no_delete();
--> statement-breakpoint
-- Ledger entries and transactions are append-only.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only' USING ERRCODE = 'check_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
INSERT INTO wallet_settings (id, usdt_deposit_address) VALUES (1, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE') ON CONFLICT DO NOTHING;
