CREATE TABLE "auth_generation" (
	"id" smallint PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Decision 038: the generation app instances compare their cached actors with. Bumped by deferred constraint
-- triggers, so the row is locked only while a transaction commits (not for the whole of a long import), and once
-- per transaction: the first trigger at commit bumps it and marks the transaction, the others find the mark.
INSERT INTO "auth_generation" ("id", "generation") VALUES (1, 0);--> statement-breakpoint
-- The new value is also sent as a notification on channel auth_generation: PGlite (one process) delivers it
-- before the commit returns and keeps its instances' copy without a read; PostgreSQL instances read the row.
CREATE FUNCTION "auth_generation_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  IF current_setting('schutzwerk.auth_generation_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('schutzwerk.auth_generation_bumped', txid_current()::text, true);
    UPDATE "auth_generation" SET "generation" = "generation" + 1 WHERE "id" = 1 RETURNING "generation" INTO bumped;
    PERFORM pg_notify('auth_generation', bumped::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Sessions: ended (logout, password change, administrator, inactivation, import, expiry clean-up) or changed in
-- anything but a forward move of last_seen_at (the throttled touch of every request's session).
CREATE CONSTRAINT TRIGGER "sessions_auth_generation_delete" AFTER DELETE ON "sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "auth_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sessions_auth_generation_update" AFTER UPDATE ON "sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."token_hash", OLD."employee_id", OLD."via_sso", OLD."expires_at")
          IS DISTINCT FROM (NEW."token_hash", NEW."employee_id", NEW."via_sso", NEW."expires_at")
        OR NEW."last_seen_at" < OLD."last_seen_at")
  EXECUTE FUNCTION "auth_generation_bump"();--> statement-breakpoint
-- Employees: any real change of the row (active, portal, first-login flag, the names and e-mail auth/user shows …).
CREATE CONSTRAINT TRIGGER "employees_auth_generation_update" AFTER UPDATE ON "employees"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "auth_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "employees_auth_generation_delete" AFTER DELETE ON "employees"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "auth_generation_bump"();--> statement-breakpoint
-- Role memberships and the roles' permissions: the actor's permission set.
CREATE CONSTRAINT TRIGGER "employee_roles_auth_generation" AFTER INSERT OR UPDATE OR DELETE ON "employee_roles"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "auth_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "role_permissions_auth_generation" AFTER INSERT OR UPDATE OR DELETE ON "role_permissions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "auth_generation_bump"();--> statement-breakpoint
-- Portals: the actor's portal name and whether it is the main portal.
CREATE CONSTRAINT TRIGGER "portals_auth_generation_update" AFTER UPDATE ON "portals"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "auth_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "portals_auth_generation_delete" AFTER DELETE ON "portals"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "auth_generation_bump"();--> statement-breakpoint
-- TRUNCATE fires no row trigger: a statement trigger bumps at once (the row stays locked until that commit).
CREATE TRIGGER "sessions_auth_generation_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "employees_auth_generation_truncate" AFTER TRUNCATE ON "employees"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "employee_roles_auth_generation_truncate" AFTER TRUNCATE ON "employee_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "role_permissions_auth_generation_truncate" AFTER TRUNCATE ON "role_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "portals_auth_generation_truncate" AFTER TRUNCATE ON "portals"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_generation_bump"();
