ALTER TABLE "hospitals" ADD COLUMN "directory_revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The public directory search caches its answers per process under hospitals.directory_revision and
-- terms_revision (src/server/modules/directory/search-cache.ts, decision 0032). These triggers bump the
-- directory revision in the same transaction as any change to what a hospital's search can read through
-- the public views, whichever code path makes it (an admin's hide, a provider's save, a move, a script),
-- so an answer is only ever served while nothing it shows has changed. Changes the search cannot see
-- (a biography, a sign-in) do not bump it.
--
-- The listing, the sections the views read, and a provider's hospital: a statement bumps each hospital
-- it touches once.
CREATE FUNCTION "directory_bump_by_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE hospitals SET directory_revision = directory_revision + 1 WHERE id IN (SELECT hospital_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE hospitals SET directory_revision = directory_revision + 1 WHERE id IN (SELECT hospital_id FROM old_rows);
  ELSE
    UPDATE hospitals SET directory_revision = directory_revision + 1 WHERE id IN (SELECT hospital_id FROM new_rows UNION SELECT hospital_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "directory_bump_by_provider"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE hospitals SET directory_revision = directory_revision + 1
     WHERE id IN (SELECT u.hospital_id FROM users u WHERE u.id IN (SELECT user_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE hospitals SET directory_revision = directory_revision + 1
     WHERE id IN (SELECT u.hospital_id FROM users u WHERE u.id IN (SELECT user_id FROM old_rows));
  ELSE
    UPDATE hospitals SET directory_revision = directory_revision + 1
     WHERE id IN (SELECT u.hospital_id FROM users u WHERE u.id IN (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "directory_listings_directory_revision_insert" AFTER INSERT ON "directory_listings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_listing"();--> statement-breakpoint
CREATE TRIGGER "directory_listings_directory_revision_update" AFTER UPDATE ON "directory_listings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_listing"();--> statement-breakpoint
CREATE TRIGGER "directory_listings_directory_revision_delete" AFTER DELETE ON "directory_listings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_listing"();--> statement-breakpoint
CREATE TRIGGER "professional_identity_directory_revision_insert" AFTER INSERT ON "professional_identity" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "professional_identity_directory_revision_update" AFTER UPDATE ON "professional_identity" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "professional_identity_directory_revision_delete" AFTER DELETE ON "professional_identity" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "practice_essentials_directory_revision_insert" AFTER INSERT ON "practice_essentials" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "practice_essentials_directory_revision_update" AFTER UPDATE ON "practice_essentials" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "practice_essentials_directory_revision_delete" AFTER DELETE ON "practice_essentials" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "locations_directory_revision_insert" AFTER INSERT ON "locations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "locations_directory_revision_update" AFTER UPDATE ON "locations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "locations_directory_revision_delete" AFTER DELETE ON "locations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "user_medical_expertise_directory_revision_insert" AFTER INSERT ON "user_medical_expertise" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "user_medical_expertise_directory_revision_update" AFTER UPDATE ON "user_medical_expertise" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "user_medical_expertise_directory_revision_delete" AFTER DELETE ON "user_medical_expertise" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "languages_spoken_directory_revision_insert" AFTER INSERT ON "languages_spoken" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "languages_spoken_directory_revision_update" AFTER UPDATE ON "languages_spoken" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "languages_spoken_directory_revision_delete" AFTER DELETE ON "languages_spoken" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "insurance_accepted_directory_revision_insert" AFTER INSERT ON "insurance_accepted" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "insurance_accepted_directory_revision_update" AFTER UPDATE ON "insurance_accepted" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
CREATE TRIGGER "insurance_accepted_directory_revision_delete" AFTER DELETE ON "insurance_accepted" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_by_provider"();--> statement-breakpoint
-- A provider's name, status or hospital (what public_listings reads of users): their old and new
-- hospitals. (PostgreSQL gives no transition tables to a trigger with a column list; this one fires per
-- changed row, and only when one of those values changed.)
CREATE FUNCTION "directory_bump_by_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE hospitals SET directory_revision = directory_revision + 1
   WHERE id IN (SELECT (CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.hospital_id END)
                UNION SELECT (CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.hospital_id END));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_directory_revision_update" AFTER UPDATE OF "full_name", "last_name", "status", "hospital_id" ON "users" FOR EACH ROW
  WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
        OR OLD.status IS DISTINCT FROM NEW.status OR OLD.hospital_id IS DISTINCT FROM NEW.hospital_id)
  EXECUTE FUNCTION "directory_bump_by_user"();--> statement-breakpoint
CREATE TRIGGER "users_directory_revision_delete" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "directory_bump_by_user"();--> statement-breakpoint
-- The hospital's own row: switched off or on, its address, the sections it hides (kept on the row by
-- migration 0023's trigger on the permissions). The bump itself changes none of these.
CREATE FUNCTION "directory_bump_hospital"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.directory_revision := OLD.directory_revision + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "hospitals_directory_revision" BEFORE UPDATE ON "hospitals" FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.directory_enabled IS DISTINCT FROM NEW.directory_enabled
        OR OLD.directory_slug IS DISTINCT FROM NEW.directory_slug OR OLD.public_hidden_sections IS DISTINCT FROM NEW.public_hidden_sections)
  EXECUTE FUNCTION "directory_bump_hospital"();--> statement-breakpoint
-- A truncate of any of them bumps every hospital.
CREATE FUNCTION "directory_bump_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE hospitals SET directory_revision = directory_revision + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "directory_listings_directory_revision_truncate" AFTER TRUNCATE ON "directory_listings" FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_all"();--> statement-breakpoint
CREATE TRIGGER "professional_identity_directory_revision_truncate" AFTER TRUNCATE ON "professional_identity" FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_all"();--> statement-breakpoint
CREATE TRIGGER "practice_essentials_directory_revision_truncate" AFTER TRUNCATE ON "practice_essentials" FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_all"();--> statement-breakpoint
CREATE TRIGGER "locations_directory_revision_truncate" AFTER TRUNCATE ON "locations" FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_all"();--> statement-breakpoint
CREATE TRIGGER "user_medical_expertise_directory_revision_truncate" AFTER TRUNCATE ON "user_medical_expertise" FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_all"();--> statement-breakpoint
CREATE TRIGGER "languages_spoken_directory_revision_truncate" AFTER TRUNCATE ON "languages_spoken" FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_all"();--> statement-breakpoint
CREATE TRIGGER "insurance_accepted_directory_revision_truncate" AFTER TRUNCATE ON "insurance_accepted" FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_all"();--> statement-breakpoint
CREATE TRIGGER "users_directory_revision_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_all"();
