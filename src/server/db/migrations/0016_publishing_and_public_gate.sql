ALTER TABLE "directory_listings" DROP CONSTRAINT "directory_listings_status_check";--> statement-breakpoint
UPDATE "directory_listings" SET "status" = 'draft' WHERE "status" = 'off';--> statement-breakpoint
ALTER TABLE "directory_listings" ALTER COLUMN "status" SET DEFAULT 'draft';--> statement-breakpoint
ALTER TABLE "directory_listings" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "directory_listings" ADD COLUMN "identity_check" jsonb;--> statement-breakpoint
ALTER TABLE "directory_listings" ADD CONSTRAINT "directory_listings_status_check" CHECK ("directory_listings"."status" in ('draft', 'pending', 'published', 'withdrawn', 'removed'));--> statement-breakpoint
-- A provider who moves to another hospital starts again: a pending, published or withdrawn listing goes
-- back to draft (a hospital's takedown stays, so moving away and back does not undo it). Every reset is
-- in the audit log and told to the provider. Done here so that every way of moving a provider resets.
CREATE FUNCTION "directory_listing_reset_on_move"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous text;
BEGIN
  UPDATE directory_listings l
     SET status = 'draft', reason = NULL, identity_check = NULL, requested_at = NULL, published_at = NULL,
         decided_by = NULL, decided_at = NULL, updated_at = now()
    FROM (SELECT user_id, status FROM directory_listings WHERE user_id = NEW.id FOR UPDATE) prior
   WHERE l.user_id = prior.user_id AND prior.status IN ('pending', 'published', 'withdrawn')
  RETURNING prior.status INTO previous;
  IF previous IS NOT NULL THEN
    INSERT INTO audit_log (actor_role, action, target_type, target_id, hospital_id, summary)
    VALUES ('system', 'directory.listing_reset', 'user', NEW.id::text, OLD.hospital_id,
            jsonb_build_object('from', previous, 'to', 'draft', 'because', 'hospital_changed'));
    IF previous IN ('pending', 'published') THEN
      INSERT INTO notifications (user_id, type, title, message, data)
      VALUES (NEW.id, 'system', 'Your public profile is off',
              'You moved to another hospital, so your public profile was taken down. Ask to publish it again from your dashboard when you are ready.',
              jsonb_build_object('from', previous));
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_directory_listing_reset" AFTER UPDATE OF "hospital_id" ON "users"
  FOR EACH ROW WHEN (OLD.hospital_id IS DISTINCT FROM NEW.hospital_id) EXECUTE FUNCTION "directory_listing_reset_on_move"();--> statement-breakpoint
-- The one gate of everything public (decision 0020). A listing is public while it is published, its
-- hospital is still the provider's, the provider is active and the hospital is active with its
-- directory on at an address. Everything anonymous reads providers through public_listings and their
-- sections through the public_* views below, which add the hospital's section permissions.
CREATE VIEW "public_listings" AS
SELECT l.user_id, l.hospital_id, l.slug, h.directory_slug AS hospital_slug, u.full_name, u.last_name,
       u.profile_version, u.updated_at
  FROM directory_listings l
  JOIN users u ON u.id = l.user_id AND u.hospital_id = l.hospital_id
  JOIN hospitals h ON h.id = l.hospital_id
 WHERE l.status = 'published' AND u.status = 'active' AND h.is_active AND h.directory_enabled
   AND h.directory_slug IS NOT NULL;--> statement-breakpoint
-- Whether a hospital shows a section to the public: shown unless its permissions hide it. The lists
-- that belong to a section (languages and insurance to practice essentials, …) follow that section.
CREATE FUNCTION "public_section_shown"(hospital uuid, section text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (
    SELECT 1 FROM hospital_section_permissions p
     WHERE p.hospital_id = hospital AND p.section_id = section AND NOT p.is_visible)
$$;--> statement-breakpoint
CREATE VIEW "public_identity" AS
SELECT pi.user_id, pl.hospital_id, pi.npi_number, pi.primary_specialty, pi.additional_specialties,
       pi.npi_specialties, pi.profile_photo
  FROM professional_identity pi
  JOIN public_listings pl ON pl.user_id = pi.user_id
 WHERE public_section_shown(pl.hospital_id, 'professional_identity');--> statement-breakpoint
CREATE VIEW "public_practice" AS
SELECT pe.user_id, pl.hospital_id, pe.accepting_new_patients, pe.telehealth_services
  FROM practice_essentials pe
  JOIN public_listings pl ON pl.user_id = pe.user_id
 WHERE public_section_shown(pl.hospital_id, 'practice_essentials');--> statement-breakpoint
CREATE VIEW "public_locations" AS
SELECT lo.id, lo.user_id, pl.hospital_id, lo.city, lo.state, lo.postal_code, lo.telehealth_available,
       lo.is_primary, lo.created_at
  FROM locations lo
  JOIN public_listings pl ON pl.user_id = lo.user_id
 WHERE public_section_shown(pl.hospital_id, 'locations');--> statement-breakpoint
CREATE VIEW "public_expertise" AS
SELECT e.user_id, pl.hospital_id, e.term_id, e.term
  FROM user_medical_expertise e
  JOIN public_listings pl ON pl.user_id = e.user_id
 WHERE public_section_shown(pl.hospital_id, 'medical_expertise');--> statement-breakpoint
CREATE VIEW "public_languages" AS
SELECT ls.user_id, pl.hospital_id, ls.language_code, ls.language_name
  FROM languages_spoken ls
  JOIN public_listings pl ON pl.user_id = ls.user_id
 WHERE public_section_shown(pl.hospital_id, 'practice_essentials');
