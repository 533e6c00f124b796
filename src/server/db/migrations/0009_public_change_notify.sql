-- Public read cache (issue 12): every committed write to a table the public pages read sends one
-- NOTIFY on 'artchip_public_change' per statement, so each server process drops its cached answers.
CREATE OR REPLACE FUNCTION artchip_notify_public_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('artchip_public_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER chips_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "chips" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();--> statement-breakpoint
CREATE TRIGGER chip_events_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "chip_events" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();--> statement-breakpoint
CREATE TRIGGER users_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();--> statement-breakpoint
CREATE TRIGGER site_settings_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();--> statement-breakpoint
CREATE TRIGGER price_ticks_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_ticks" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();--> statement-breakpoint
CREATE TRIGGER ledger_lines_public_change AFTER INSERT OR TRUNCATE ON "ledger_lines" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();--> statement-breakpoint
CREATE TRIGGER nfc_tags_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "nfc_tags" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();--> statement-breakpoint
CREATE TRIGGER offers_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offers" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();
