-- Decision 078: a write drops only the cached answers it changes. Each change notice names the table
-- and the keys of the rows it touched ('chips:12,40'; 'offers:7' for chip 7's offers), read from the
-- statement's transition tables; a statement that touched no row, or an UPDATE that changed nothing,
-- sends none; more than 200 keys send 'table:*' (everything is dropped). TRUNCATE keeps the plain
-- table name (everything is dropped). site_settings, price_ticks and sessions keep their plain notices.
CREATE OR REPLACE FUNCTION artchip_notify_public_rows() RETURNS trigger AS $$
DECLARE
  col text := TG_ARGV[0];
  source text;
  n bigint;
  ids text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    source := 'select n.* from new_rows n';
  ELSIF TG_OP = 'DELETE' THEN
    source := 'select o.* from old_rows o';
  ELSE
    -- Both sides of the rows that changed: a tag moved from chip 5 to chip 7 changes both chips.
    source := 'select n.* from new_rows n join old_rows o on o.id = n.id where to_jsonb(n) is distinct from to_jsonb(o)'
      || ' union all select o.* from new_rows n join old_rows o on o.id = n.id where to_jsonb(n) is distinct from to_jsonb(o)';
  END IF;
  EXECUTE format('select count(*) from (%s) r', source) INTO n;
  IF n = 0 THEN
    RETURN NULL;
  END IF;
  EXECUTE format('select count(distinct %1$I) from (%2$s) r', col, source) INTO n;
  IF n > 200 THEN
    ids := '*';
  ELSE
    EXECUTE format('select coalesce(string_agg(distinct %1$I::text, %3$L), %4$L) from (%2$s) r', col, source, ',', '') INTO ids;
  END IF;
  PERFORM pg_notify('artchip_public_change', TG_TABLE_NAME || ':' || ids);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- Accounts: a sign-up shows nowhere public but as its referrer's referral (Top Minters); a change is
-- announced only when a column other than the private ones changed (avatar, bio, links, role…), as
-- 'user_names:' when the public name itself changed (chip histories show it), else as 'users:'.
CREATE OR REPLACE FUNCTION artchip_notify_public_users() RETURNS trigger AS $$
DECLARE
  n bigint;
  ids text;
  private_columns text[] := array['updated_at', 'password_hash', 'has_unproven_password', 'phone',
    'paypal_email', 'paypal_email_set_at', 'payouts_frozen_at', 'is_email_verified', 'first_name', 'last_name'];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO n FROM new_rows WHERE referred_by IS NOT NULL;
    IF n > 0 THEN
      PERFORM pg_notify('artchip_public_change', 'users:referral');
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('artchip_public_change', 'users:*');
  ELSE
    -- A public name (username, or whether it is shown) is also in every chip history its account acted in.
    SELECT count(*), string_agg(nr.id::text, ',') INTO n, ids
      FROM new_rows nr JOIN old_rows o ON o.id = nr.id
      WHERE (nr.username, nr.username_is_private) IS DISTINCT FROM (o.username, o.username_is_private);
    IF n > 200 THEN
      ids := '*';
    END IF;
    IF n > 0 THEN
      PERFORM pg_notify('artchip_public_change', 'user_names:' || ids);
    END IF;
    SELECT count(*), string_agg(nr.id::text, ',') INTO n, ids
      FROM new_rows nr JOIN old_rows o ON o.id = nr.id
      WHERE to_jsonb(nr) - private_columns IS DISTINCT FROM to_jsonb(o) - private_columns
        AND (nr.username, nr.username_is_private) IS NOT DISTINCT FROM (o.username, o.username_is_private);
    IF n > 200 THEN
      ids := '*';
    END IF;
    IF n > 0 THEN
      PERFORM pg_notify('artchip_public_change', 'users:' || ids);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS chips_public_change ON "chips";--> statement-breakpoint
CREATE TRIGGER chips_public_insert AFTER INSERT ON "chips" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('id');--> statement-breakpoint
CREATE TRIGGER chips_public_update AFTER UPDATE ON "chips" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('id');--> statement-breakpoint
CREATE TRIGGER chips_public_delete AFTER DELETE ON "chips" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('id');--> statement-breakpoint
CREATE TRIGGER chips_public_truncate AFTER TRUNCATE ON "chips" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS chip_events_public_change ON "chip_events";--> statement-breakpoint
CREATE TRIGGER chip_events_public_insert AFTER INSERT ON "chip_events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('chip_id');--> statement-breakpoint
CREATE TRIGGER chip_events_public_update AFTER UPDATE ON "chip_events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('chip_id');--> statement-breakpoint
CREATE TRIGGER chip_events_public_delete AFTER DELETE ON "chip_events" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('chip_id');--> statement-breakpoint
CREATE TRIGGER chip_events_public_truncate AFTER TRUNCATE ON "chip_events" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS chip_photos_public_change ON "chip_photos";--> statement-breakpoint
CREATE TRIGGER chip_photos_public_insert AFTER INSERT ON "chip_photos" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('chip_id');--> statement-breakpoint
CREATE TRIGGER chip_photos_public_update AFTER UPDATE ON "chip_photos" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('chip_id');--> statement-breakpoint
CREATE TRIGGER chip_photos_public_delete AFTER DELETE ON "chip_photos" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('chip_id');--> statement-breakpoint
CREATE TRIGGER chip_photos_public_truncate AFTER TRUNCATE ON "chip_photos" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS offers_public_change ON "offers";--> statement-breakpoint
CREATE TRIGGER offers_public_insert AFTER INSERT ON "offers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('chip_id');--> statement-breakpoint
CREATE TRIGGER offers_public_update AFTER UPDATE ON "offers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('chip_id');--> statement-breakpoint
CREATE TRIGGER offers_public_delete AFTER DELETE ON "offers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('chip_id');--> statement-breakpoint
CREATE TRIGGER offers_public_truncate AFTER TRUNCATE ON "offers" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS nfc_tags_public_change ON "nfc_tags";--> statement-breakpoint
CREATE TRIGGER nfc_tags_public_insert AFTER INSERT ON "nfc_tags" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('chip_id');--> statement-breakpoint
CREATE TRIGGER nfc_tags_public_update AFTER UPDATE ON "nfc_tags" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('chip_id');--> statement-breakpoint
CREATE TRIGGER nfc_tags_public_delete AFTER DELETE ON "nfc_tags" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('chip_id');--> statement-breakpoint
CREATE TRIGGER nfc_tags_public_truncate AFTER TRUNCATE ON "nfc_tags" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_lines_public_change ON "ledger_lines";--> statement-breakpoint
CREATE TRIGGER ledger_lines_public_insert AFTER INSERT ON "ledger_lines" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_rows('chip_id');--> statement-breakpoint
CREATE TRIGGER ledger_lines_public_truncate AFTER TRUNCATE ON "ledger_lines" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS users_public_change ON "users";--> statement-breakpoint
CREATE TRIGGER users_public_insert AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_users();--> statement-breakpoint
CREATE TRIGGER users_public_update AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_users();--> statement-breakpoint
CREATE TRIGGER users_public_delete AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_users();--> statement-breakpoint
CREATE TRIGGER users_public_truncate AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();
