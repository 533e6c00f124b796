CREATE TABLE "ledger_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"key" text NOT NULL,
	"order_id" integer NOT NULL,
	"reason" text NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "buyer_cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyer_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seller_due_at" timestamp with time zone NOT NULL,
	"seller_answer" text,
	"seller_answered_at" timestamp with time zone,
	"outcome" text,
	"refund_cents" integer,
	"decision_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"refund_id" integer,
	"closed_at" timestamp with time zone,
	CONSTRAINT "buyer_cases_kind_ck" CHECK ("buyer_cases"."kind" in ('not_received', 'damaged', 'not_as_described')),
	CONSTRAINT "buyer_cases_status_ck" CHECK ("buyer_cases"."status" in ('awaiting_seller', 'awaiting_decision', 'decided', 'closed')),
	CONSTRAINT "buyer_cases_outcome_ck" CHECK ("buyer_cases"."outcome" in ('refund', 'partial_refund', 'deny')),
	CONSTRAINT "buyer_cases_decided_ck" CHECK (("buyer_cases"."status" in ('awaiting_seller', 'awaiting_decision')) = ("buyer_cases"."outcome" is null)
        and ("buyer_cases"."outcome" is null) = ("buyer_cases"."decided_at" is null)
        and ("buyer_cases"."outcome" is null) = ("buyer_cases"."decision_reason" is null)),
	CONSTRAINT "buyer_cases_answered_ck" CHECK ("buyer_cases"."status" <> 'awaiting_decision' or "buyer_cases"."seller_answered_at" is not null),
	CONSTRAINT "buyer_cases_refund_ck" CHECK (("buyer_cases"."outcome" in ('refund', 'partial_refund')) = ("buyer_cases"."refund_cents" is not null and "buyer_cases"."refund_cents" > 0 and "buyer_cases"."refund_id" is not null)),
	CONSTRAINT "buyer_cases_deny_ck" CHECK ("buyer_cases"."outcome" is distinct from 'deny' or "buyer_cases"."status" = 'closed'),
	CONSTRAINT "buyer_cases_closed_ck" CHECK (("buyer_cases"."status" = 'closed') = ("buyer_cases"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_ck";--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_cases" ADD CONSTRAINT "buyer_cases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_cases" ADD CONSTRAINT "buyer_cases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_cases" ADD CONSTRAINT "buyer_cases_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_cases" ADD CONSTRAINT "buyer_cases_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_cases" ADD CONSTRAINT "buyer_cases_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_holds_key_uq" ON "ledger_holds" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ledger_holds_open_order_idx" ON "ledger_holds" USING btree ("order_id") WHERE "ledger_holds"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_cases_open_uq" ON "buyer_cases" USING btree ("order_id") WHERE "buyer_cases"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "buyer_cases_order_idx" ON "buyer_cases" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "buyer_cases_buyer_idx" ON "buyer_cases" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "buyer_cases_seller_idx" ON "buyer_cases" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "buyer_cases_refund_idx" ON "buyer_cases" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "buyer_cases_open_idx" ON "buyer_cases" USING btree ("created_at") WHERE "buyer_cases"."status" <> 'closed';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_ck" CHECK ("refunds"."reason" in ('chip_unavailable', 'duplicate_payment', 'admin', 'shipping_unused', 'buyer_protection'));