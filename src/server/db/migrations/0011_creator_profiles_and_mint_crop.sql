ALTER TABLE "users" ADD COLUMN "bio" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "crop" jsonb;--> statement-breakpoint
-- The demo catalogue's accounts (seeded with addresses under demo.artchip.example) are marked as demo.
UPDATE "users" SET "is_demo" = true WHERE lower("email") LIKE '%@demo.artchip.example';
