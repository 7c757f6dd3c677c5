CREATE TABLE "sport_debt_payments" (
	"debt_id" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "sport_debt_payments_debt_id_transaction_id_pk" PRIMARY KEY("debt_id","transaction_id"),
	CONSTRAINT "sport_debt_payments_amount_check" CHECK ("sport_debt_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sport_debts" ADD COLUMN "collected" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sport_debt_payments" ADD CONSTRAINT "sport_debt_payments_debt_id_sport_debts_id_fk" FOREIGN KEY ("debt_id") REFERENCES "public"."sport_debts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_debts" ADD CONSTRAINT "sport_debts_collected_check" CHECK ("sport_debts"."collected" >= 0 and "sport_debts"."collected" <= "sport_debts"."amount");--> statement-breakpoint
ALTER TABLE "sport_exposure" ADD CONSTRAINT "sport_exposure_open_check" CHECK ("sport_exposure"."stakes" >= 0 and "sport_exposure"."liability" >= 0 and "sport_exposure"."bets" >= 0);