ALTER TABLE "users" ADD COLUMN "profile_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The profile read cache (src/server/modules/profile/read-cache.ts) keys each provider's profile by
-- users.profile_version. These triggers bump it in the same transaction as any change that a profile
-- read shows, whichever code path (or person at a SQL prompt) makes it, so no writer can forget.
-- Any change to the users row itself bumps it (a BEFORE trigger, so no second update).
CREATE OR REPLACE FUNCTION users_bump_profile_version() RETURNS trigger AS $$
BEGIN
  IF NEW IS DISTINCT FROM OLD AND NEW.profile_version = OLD.profile_version THEN
    NEW.profile_version := OLD.profile_version + 1;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_profile_version BEFORE UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION users_bump_profile_version();
--> statement-breakpoint
-- A statement on a profile table bumps the version of every provider whose rows it touched, once.
CREATE OR REPLACE FUNCTION profile_rows_bump_version() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET profile_version = profile_version + 1 WHERE id IN (SELECT user_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE users SET profile_version = profile_version + 1 WHERE id IN (SELECT user_id FROM old_rows);
  ELSE
    UPDATE users SET profile_version = profile_version + 1 WHERE id IN (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The hospital's section permissions decide completion; its name is shown with the profile.
CREATE OR REPLACE FUNCTION hospital_permissions_bump_version() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET profile_version = profile_version + 1 WHERE hospital_id IN (SELECT hospital_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE users SET profile_version = profile_version + 1 WHERE hospital_id IN (SELECT hospital_id FROM old_rows);
  ELSE
    UPDATE users SET profile_version = profile_version + 1 WHERE hospital_id IN (SELECT hospital_id FROM new_rows UNION SELECT hospital_id FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hospital_name_bump_version() RETURNS trigger AS $$
BEGIN
  UPDATE users SET profile_version = profile_version + 1
  WHERE hospital_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER hospitals_profile_version AFTER UPDATE ON "hospitals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hospital_name_bump_version();
--> statement-breakpoint
CREATE TRIGGER professional_identity_profile_version_insert AFTER INSERT ON "professional_identity" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER professional_identity_profile_version_update AFTER UPDATE ON "professional_identity" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER professional_identity_profile_version_delete AFTER DELETE ON "professional_identity" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER education_training_profile_version_insert AFTER INSERT ON "education_training" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER education_training_profile_version_update AFTER UPDATE ON "education_training" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER education_training_profile_version_delete AFTER DELETE ON "education_training" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER practice_essentials_profile_version_insert AFTER INSERT ON "practice_essentials" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER practice_essentials_profile_version_update AFTER UPDATE ON "practice_essentials" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER practice_essentials_profile_version_delete AFTER DELETE ON "practice_essentials" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER locations_profile_version_insert AFTER INSERT ON "locations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER locations_profile_version_update AFTER UPDATE ON "locations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER locations_profile_version_delete AFTER DELETE ON "locations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER biography_profile_version_insert AFTER INSERT ON "biography" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER biography_profile_version_update AFTER UPDATE ON "biography" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER biography_profile_version_delete AFTER DELETE ON "biography" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER publications_profile_version_insert AFTER INSERT ON "publications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER publications_profile_version_update AFTER UPDATE ON "publications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER publications_profile_version_delete AFTER DELETE ON "publications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER clinical_trials_profile_version_insert AFTER INSERT ON "clinical_trials" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER clinical_trials_profile_version_update AFTER UPDATE ON "clinical_trials" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER clinical_trials_profile_version_delete AFTER DELETE ON "clinical_trials" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER media_press_profile_version_insert AFTER INSERT ON "media_press" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER media_press_profile_version_update AFTER UPDATE ON "media_press" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER media_press_profile_version_delete AFTER DELETE ON "media_press" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER user_medical_expertise_profile_version_insert AFTER INSERT ON "user_medical_expertise" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER user_medical_expertise_profile_version_update AFTER UPDATE ON "user_medical_expertise" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER user_medical_expertise_profile_version_delete AFTER DELETE ON "user_medical_expertise" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER languages_spoken_profile_version_insert AFTER INSERT ON "languages_spoken" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER languages_spoken_profile_version_update AFTER UPDATE ON "languages_spoken" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER languages_spoken_profile_version_delete AFTER DELETE ON "languages_spoken" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER professional_licenses_profile_version_insert AFTER INSERT ON "professional_licenses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER professional_licenses_profile_version_update AFTER UPDATE ON "professional_licenses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER professional_licenses_profile_version_delete AFTER DELETE ON "professional_licenses" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER social_media_profile_version_insert AFTER INSERT ON "social_media" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER social_media_profile_version_update AFTER UPDATE ON "social_media" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER social_media_profile_version_delete AFTER DELETE ON "social_media" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER board_certifications_profile_version_insert AFTER INSERT ON "board_certifications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER board_certifications_profile_version_update AFTER UPDATE ON "board_certifications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER board_certifications_profile_version_delete AFTER DELETE ON "board_certifications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER hospital_affiliations_profile_version_insert AFTER INSERT ON "hospital_affiliations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER hospital_affiliations_profile_version_update AFTER UPDATE ON "hospital_affiliations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER hospital_affiliations_profile_version_delete AFTER DELETE ON "hospital_affiliations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER awards_recognitions_profile_version_insert AFTER INSERT ON "awards_recognitions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER awards_recognitions_profile_version_update AFTER UPDATE ON "awards_recognitions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER awards_recognitions_profile_version_delete AFTER DELETE ON "awards_recognitions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER insurance_accepted_profile_version_insert AFTER INSERT ON "insurance_accepted" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER insurance_accepted_profile_version_update AFTER UPDATE ON "insurance_accepted" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER insurance_accepted_profile_version_delete AFTER DELETE ON "insurance_accepted" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_rows_bump_version();
--> statement-breakpoint
CREATE TRIGGER hospital_section_permissions_profile_version_insert AFTER INSERT ON "hospital_section_permissions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hospital_permissions_bump_version();
--> statement-breakpoint
CREATE TRIGGER hospital_section_permissions_profile_version_update AFTER UPDATE ON "hospital_section_permissions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hospital_permissions_bump_version();
--> statement-breakpoint
CREATE TRIGGER hospital_section_permissions_profile_version_delete AFTER DELETE ON "hospital_section_permissions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hospital_permissions_bump_version();
