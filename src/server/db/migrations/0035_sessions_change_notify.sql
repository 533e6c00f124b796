-- Decision 078: each server process remembers session lookups for a few seconds; every change to the
-- sessions table (log-in, log-out, a password change ending the other sessions, the prune) tells every
-- process to forget them. The payload is the table's name, 'sessions', which drops no public answer.
CREATE TRIGGER sessions_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION artchip_notify_public_change();
