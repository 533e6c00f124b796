CREATE TABLE "chip_handovers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chip_handovers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"chip_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"status" text NOT NULL,
	"fee_paid_by" text NOT NULL,
	"tag_id" integer NOT NULL,
	"start_counter" integer NOT NULL,
	"fee_order_id" integer,
	"claimant_id" integer,
	"claim_order_id" integer,
	"claim_until" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "chip_handovers_status_ck" CHECK ("chip_handovers"."status" in ('awaiting_fee', 'open', 'awaiting_payment', 'claimed', 'cancelled')),
	CONSTRAINT "chip_handovers_fee_paid_by_ck" CHECK ("chip_handovers"."fee_paid_by" in ('owner', 'claimant')),
	CONSTRAINT "chip_handovers_fee_order_ck" CHECK ("chip_handovers"."fee_paid_by" = 'owner' or ("chip_handovers"."fee_order_id" is null and "chip_handovers"."status" <> 'awaiting_fee')),
	CONSTRAINT "chip_handovers_claim_ck" CHECK ("chip_handovers"."status" <> 'awaiting_payment' or ("chip_handovers"."claimant_id" is not null and "chip_handovers"."claim_order_id" is not null and "chip_handovers"."claim_until" is not null)),
	CONSTRAINT "chip_handovers_claimed_ck" CHECK (("chip_handovers"."status" = 'claimed') = ("chip_handovers"."claimed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "handover_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "handover_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handover_id" integer NOT NULL,
	"counter" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" integer,
	CONSTRAINT "handover_claims_used_ck" CHECK (("handover_claims"."used_at" is null) = ("handover_claims"."used_by" is null))
);
--> statement-breakpoint
ALTER TABLE "chip_events" DROP CONSTRAINT "chip_events_type_ck";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_transfer_ck";--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "report_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "handover_id" integer;--> statement-breakpoint
ALTER TABLE "chip_handovers" ADD CONSTRAINT "chip_handovers_chip_id_chips_id_fk" FOREIGN KEY ("chip_id") REFERENCES "public"."chips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chip_handovers" ADD CONSTRAINT "chip_handovers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chip_handovers" ADD CONSTRAINT "chip_handovers_claimant_id_users_id_fk" FOREIGN KEY ("claimant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_claims" ADD CONSTRAINT "handover_claims_handover_id_chip_handovers_id_fk" FOREIGN KEY ("handover_id") REFERENCES "public"."chip_handovers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_claims" ADD CONSTRAINT "handover_claims_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chip_handovers_live_uq" ON "chip_handovers" USING btree ("chip_id") WHERE "chip_handovers"."status" in ('awaiting_fee', 'open', 'awaiting_payment');--> statement-breakpoint
CREATE INDEX "chip_handovers_chip_id_idx" ON "chip_handovers" USING btree ("chip_id","created_at");--> statement-breakpoint
CREATE INDEX "chip_handovers_owner_id_idx" ON "chip_handovers" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "chip_handovers_claimant_id_idx" ON "chip_handovers" USING btree ("claimant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "handover_claims_token_hash_uq" ON "handover_claims" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "handover_claims_tap_uq" ON "handover_claims" USING btree ("handover_id","counter");--> statement-breakpoint
CREATE INDEX "handover_claims_used_by_idx" ON "handover_claims" USING btree ("used_by");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_handover_id_chip_handovers_id_fk" FOREIGN KEY ("handover_id") REFERENCES "public"."chip_handovers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chips_reported_idx" ON "chips" USING btree ("reported_at") WHERE "chips"."report_status" <> 'none';--> statement-breakpoint
CREATE INDEX "orders_handover_id_idx" ON "orders" USING btree ("handover_id");--> statement-breakpoint
ALTER TABLE "chip_events" ADD CONSTRAINT "chip_events_type_ck" CHECK ("chip_events"."type" in ('minted', 'listed', 'unlisted', 'priced', 'sold', 'transferred', 'refunded', 'shipped', 'delivered', 'verified_tap', 'handed_over', 'reported'));--> statement-breakpoint
ALTER TABLE "chips" ADD CONSTRAINT "chips_report_status_ck" CHECK ("chips"."report_status" in ('none', 'lost', 'stolen'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_transfer_ck" CHECK (("orders"."order_type" = 'transfer') = ("orders"."transfer_recipient" is not null or "orders"."handover_id" is not null) and ("orders"."order_type" <> 'transfer' or "orders"."chip_id" is not null));