ALTER TABLE "chips" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- 0011 marked every account under demo.artchip.example as demo, the company account (username
-- 'artchip') included: it is a real account whose chips and sales count.
UPDATE "users" SET "is_demo" = false WHERE lower("username") = 'artchip';
--> statement-breakpoint
-- The demo catalogue's chips: those of demo creators, and the company's seeded ones (the seed gives
-- them NFC UIDs 04DE30…).
UPDATE "chips" SET "is_demo" = true
WHERE "creator_id" IN (SELECT "id" FROM "users" WHERE "is_demo")
   OR ("nfc_uid" LIKE '04DE30%' AND "creator_id" IN (SELECT "id" FROM "users" WHERE lower("username") = 'artchip'));
