ALTER TABLE "chips" DROP CONSTRAINT "chips_status_ck";--> statement-breakpoint
ALTER TABLE "chips" drop column "is_active";--> statement-breakpoint
ALTER TABLE "chips" ADD COLUMN "is_active" boolean GENERATED ALWAYS AS (status not in ('pending', 'removed')) STORED;--> statement-breakpoint
ALTER TABLE "chips" ADD CONSTRAINT "chips_status_ck" CHECK ("chips"."status" in ('pending', 'active', 'inactive', 'sold', 'removed'));--> statement-breakpoint
-- Written by hand (decision 062): until now an admin took a chip down by setting it back to pending,
-- so a pending chip that ever moved past pending (listed, unlisted, priced, sold, transferred, handed
-- over, refunded, reported: none of which a never-listed chip could do) was taken down, and stays
-- hidden as removed. A pending chip without any provenance cannot be told apart: it stays hidden too.
UPDATE "chips" SET "status" = 'removed'
WHERE "status" = 'pending'
  AND (
    EXISTS (
      SELECT 1 FROM "chip_events" e
      WHERE e."chip_id" = "chips"."id"
        AND e."type" IN ('listed', 'unlisted', 'priced', 'sold', 'transferred', 'handed_over', 'refunded', 'reported')
    )
    OR NOT EXISTS (SELECT 1 FROM "chip_events" e WHERE e."chip_id" = "chips"."id")
  );
