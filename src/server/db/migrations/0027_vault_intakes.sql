CREATE TABLE "vault_intakes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vault_intakes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"chip_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"status" text NOT NULL,
	"reference" text NOT NULL,
	"vault_address" text NOT NULL,
	"refusal_reason" text,
	"received_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"decided_by" integer,
	"tap_counter" integer,
	CONSTRAINT "vault_intakes_status_ck" CHECK ("vault_intakes"."status" in ('awaiting_arrival', 'received', 'in_vault', 'refused', 'cancelled')),
	CONSTRAINT "vault_intakes_in_vault_ck" CHECK (("vault_intakes"."status" = 'in_vault') = ("vault_intakes"."checked_in_at" is not null)),
	CONSTRAINT "vault_intakes_refused_ck" CHECK (("vault_intakes"."status" = 'refused') = ("vault_intakes"."refused_at" is not null and "vault_intakes"."refusal_reason" is not null)),
	CONSTRAINT "vault_intakes_tap_ck" CHECK ("vault_intakes"."status" <> 'in_vault' or "vault_intakes"."tap_counter" is not null)
);
--> statement-breakpoint
ALTER TABLE "chip_events" DROP CONSTRAINT "chip_events_type_ck";--> statement-breakpoint
ALTER TABLE "chips" DROP CONSTRAINT "chips_custody_ck";--> statement-breakpoint
ALTER TABLE "vault_intakes" ADD CONSTRAINT "vault_intakes_chip_id_chips_id_fk" FOREIGN KEY ("chip_id") REFERENCES "public"."chips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_intakes" ADD CONSTRAINT "vault_intakes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_intakes" ADD CONSTRAINT "vault_intakes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vault_intakes_live_uq" ON "vault_intakes" USING btree ("chip_id") WHERE "vault_intakes"."status" in ('awaiting_arrival', 'received');--> statement-breakpoint
CREATE UNIQUE INDEX "vault_intakes_reference_uq" ON "vault_intakes" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "vault_intakes_chip_id_idx" ON "vault_intakes" USING btree ("chip_id","created_at");--> statement-breakpoint
CREATE INDEX "vault_intakes_live_idx" ON "vault_intakes" USING btree ("created_at") WHERE "vault_intakes"."status" in ('awaiting_arrival', 'received');--> statement-breakpoint
ALTER TABLE "chip_events" ADD CONSTRAINT "chip_events_type_ck" CHECK ("chip_events"."type" in ('minted', 'listed', 'unlisted', 'priced', 'sold', 'transferred', 'refunded', 'shipped', 'delivered', 'verified_tap', 'handed_over', 'reported', 'vault_requested', 'vault_received', 'vault_checked_in', 'vault_refused', 'vault_cancelled'));--> statement-breakpoint
ALTER TABLE "chips" ADD CONSTRAINT "chips_custody_ck" CHECK ("chips"."custody" in ('in_vault', 'dispatching', 'in_transit', 'with_owner', 'inbound'));