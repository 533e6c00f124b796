CREATE TABLE "chip_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chip_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"chip_id" integer NOT NULL,
	"url" text NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"added_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "disc_url" text;--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "disc_variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "disc_share_url" text;--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "disc_key" text;--> statement-breakpoint
ALTER TABLE "chip_photos" ADD CONSTRAINT "chip_photos_chip_id_chips_id_fk" FOREIGN KEY ("chip_id") REFERENCES "public"."chips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chip_photos" ADD CONSTRAINT "chip_photos_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chip_photos_chip_url_uq" ON "chip_photos" USING btree ("chip_id","url");--> statement-breakpoint
-- The chip page shows the photographs: a change drops the public cache, as for chips (0009).
CREATE TRIGGER chip_photos_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "chip_photos" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();
