-- Decision 0037: a FHIR provider search keeps its whole answer, checked by every hospital's directory
-- revision and its providers' profile versions. The resources also show the hospital's own fields (its
-- Organization, a role's organization) and the hospital sites an office was picked from (a Location's
-- partOf, only while the site is active). Both now bump the hospital's directory revision, in the same
-- transaction as the change, whichever code path makes it.
DROP TRIGGER "hospitals_directory_revision" ON "hospitals";--> statement-breakpoint
CREATE TRIGGER "hospitals_directory_revision" BEFORE UPDATE ON "hospitals" FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.directory_enabled IS DISTINCT FROM NEW.directory_enabled
        OR OLD.directory_slug IS DISTINCT FROM NEW.directory_slug OR OLD.public_hidden_sections IS DISTINCT FROM NEW.public_hidden_sections
        OR OLD.name IS DISTINCT FROM NEW.name OR OLD.address IS DISTINCT FROM NEW.address
        OR OLD.contact_phone IS DISTINCT FROM NEW.contact_phone OR OLD.contact_email IS DISTINCT FROM NEW.contact_email
        OR OLD.updated_at IS DISTINCT FROM NEW.updated_at)
  EXECUTE FUNCTION "directory_bump_hospital"();--> statement-breakpoint
CREATE TRIGGER "hospital_locations_directory_revision_insert" AFTER INSERT ON "hospital_locations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_listing"();--> statement-breakpoint
CREATE TRIGGER "hospital_locations_directory_revision_update" AFTER UPDATE ON "hospital_locations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_listing"();--> statement-breakpoint
CREATE TRIGGER "hospital_locations_directory_revision_delete" AFTER DELETE ON "hospital_locations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_listing"();--> statement-breakpoint
CREATE TRIGGER "hospital_locations_directory_revision_truncate" AFTER TRUNCATE ON "hospital_locations" FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_all"();
