ALTER TABLE "transfers" ADD COLUMN "from_mem_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "to_cash_after" bigint;--> statement-breakpoint
CREATE INDEX "transfers_to_idx" ON "transfers" USING btree ("to_member_id","at");--> statement-breakpoint
-- Transfers made before this migration: the sender's id from the members table.
UPDATE "transfers" SET "from_mem_id" = "members"."mem_id" FROM "members" WHERE "members"."id" = "transfers"."from_member_id" AND "transfers"."from_mem_id" = '';
