ALTER TABLE "users" ADD COLUMN "username_is_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Backfill (written by hand; issue 28, decision 060): the accounts decision 057's rule read as private,
-- a username made from the e-mail's local part as usernameBaseFromEmail and usernameCandidate make it
-- (the base, or base_NNNN / base_NNNNNNNN), keep reading as "a collector". Demo accounts are left out:
-- their e-mails are made from their names, not the other way round.
UPDATE "users" AS u SET "username_is_private" = true
FROM (
  SELECT "id", CASE WHEN length(b) >= 3 THEN b WHEN b <> '' THEN b || '_user' ELSE 'user' END AS base
  FROM (
    SELECT "id", regexp_replace(left(regexp_replace(regexp_replace(
      split_part(lower(trim("email")), '@', 1),
      '[^a-z0-9_.-]+', '_', 'g'), '^[._-]+|[._-]+$', '', 'g'), 40), '[._-]+$', '') AS b
    FROM "users"
  ) AS raw
) AS derived
WHERE derived."id" = u."id" AND NOT u."is_demo" AND (
  lower(u."username") = derived.base
  OR (right(u."username", 4) ~ '^[0-9]{4}$' AND lower(u."username") = left(derived.base, 45) || '_' || right(u."username", 4))
  OR (right(u."username", 8) ~ '^[0-9]{8}$' AND lower(u."username") = left(derived.base, 41) || '_' || right(u."username", 8))
);
