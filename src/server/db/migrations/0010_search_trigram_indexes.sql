-- Marketplace search (issue 12): trigram indexes so that ilike '%word%' on titles, descriptions and
-- creator names uses an index at any size. pg_trgm is a trusted extension (PostgreSQL 13+); PGlite
-- loads it from its contrib bundle (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chips_market_title_trgm_idx" ON "chips" USING gin ("title" gin_trgm_ops) WHERE "chips"."status" = 'active';--> statement-breakpoint
CREATE INDEX "chips_market_description_trgm_idx" ON "chips" USING gin ("description" gin_trgm_ops) WHERE "chips"."status" = 'active';