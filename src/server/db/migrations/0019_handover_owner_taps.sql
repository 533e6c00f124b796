CREATE TABLE "handover_owner_taps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "handover_owner_taps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"chip_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"counter" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "handover_owner_taps" ADD CONSTRAINT "handover_owner_taps_chip_id_chips_id_fk" FOREIGN KEY ("chip_id") REFERENCES "public"."chips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_owner_taps" ADD CONSTRAINT "handover_owner_taps_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handover_owner_taps_token_hash_uq" ON "handover_owner_taps" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "handover_owner_taps_tap_uq" ON "handover_owner_taps" USING btree ("tag_id","counter");--> statement-breakpoint
CREATE INDEX "handover_owner_taps_chip_id_idx" ON "handover_owner_taps" USING btree ("chip_id");--> statement-breakpoint
CREATE INDEX "handover_owner_taps_owner_id_idx" ON "handover_owner_taps" USING btree ("owner_id");