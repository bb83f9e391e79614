-- The sections a hospital hides from the public, kept on its own row by a trigger on
-- hospital_section_permissions, and read by every section view from the listing's row (decision 0020).
-- The views' NOT EXISTS against the permissions (migration 0018) was estimated by PostgreSQL at one row
-- per hospital that has any permission rows at all, so a search planned the synonym branch as a walk of
-- every expertise row: 'asthma' over 5,000 providers took 3.6 s; with the column, about 20 ms.
ALTER TABLE "hospitals" ADD COLUMN "public_hidden_sections" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "hospitals" h SET "public_hidden_sections" = coalesce((SELECT array_agg(p.section_id ORDER BY p.section_id) FROM hospital_section_permissions p WHERE p.hospital_id = h.id AND NOT p.is_visible), '{}');--> statement-breakpoint
-- Any insert, change or delete of a permission row recomputes its hospital(s).
CREATE FUNCTION "hospitals_sync_public_hidden_sections"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE hospitals h SET public_hidden_sections = coalesce((SELECT array_agg(p.section_id ORDER BY p.section_id) FROM hospital_section_permissions p WHERE p.hospital_id = h.id AND NOT p.is_visible), '{}')
   WHERE h.id IN (SELECT (CASE WHEN TG_OP = 'DELETE' THEN OLD.hospital_id ELSE NEW.hospital_id END)
                  UNION SELECT (CASE WHEN TG_OP = 'UPDATE' THEN OLD.hospital_id END));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "hospital_section_permissions_sync_hidden" AFTER INSERT OR UPDATE OR DELETE ON "hospital_section_permissions"
  FOR EACH ROW EXECUTE FUNCTION "hospitals_sync_public_hidden_sections"();--> statement-breakpoint
CREATE OR REPLACE VIEW "public_listings" AS
SELECT l.user_id, l.hospital_id, l.slug, h.directory_slug AS hospital_slug, u.full_name, u.last_name,
       u.profile_version, u.updated_at, h.public_hidden_sections AS hidden_sections
  FROM directory_listings l
  JOIN users u ON u.id = l.user_id AND u.hospital_id = l.hospital_id
  JOIN hospitals h ON h.id = l.hospital_id
 WHERE l.status = 'published' AND u.status = 'active' AND h.is_active AND h.directory_enabled
   AND h.directory_slug IS NOT NULL;--> statement-breakpoint
CREATE OR REPLACE VIEW "public_identity" AS
SELECT pi.user_id, pl.hospital_id, pi.npi_number, pi.primary_specialty, pi.additional_specialties,
       pi.npi_specialties, pi.profile_photo, pi.first_name, pi.last_name
  FROM professional_identity pi
  JOIN public_listings pl ON pl.user_id = pi.user_id
 WHERE NOT ('professional_identity' = ANY (pl.hidden_sections));--> statement-breakpoint
CREATE OR REPLACE VIEW "public_practice" AS
SELECT pe.user_id, pl.hospital_id, pe.accepting_new_patients, pe.telehealth_services
  FROM practice_essentials pe
  JOIN public_listings pl ON pl.user_id = pe.user_id
 WHERE NOT ('practice_essentials' = ANY (pl.hidden_sections));--> statement-breakpoint
CREATE OR REPLACE VIEW "public_locations" AS
SELECT lo.id, lo.user_id, pl.hospital_id, lo.city, lo.state, lo.postal_code, lo.telehealth_available,
       lo.is_primary, lo.created_at, lo.display_order, lo.latitude, lo.longitude,
       lo.address_line_1, lo.address_line_2, lo.predefined_location_id
  FROM locations lo
  JOIN public_listings pl ON pl.user_id = lo.user_id
 WHERE NOT ('locations' = ANY (pl.hidden_sections));--> statement-breakpoint
CREATE OR REPLACE VIEW "public_expertise" AS
SELECT e.user_id, pl.hospital_id, e.term_id, e.term
  FROM user_medical_expertise e
  JOIN public_listings pl ON pl.user_id = e.user_id
 WHERE NOT ('medical_expertise' = ANY (pl.hidden_sections));--> statement-breakpoint
CREATE OR REPLACE VIEW "public_languages" AS
SELECT ls.user_id, pl.hospital_id, ls.language_code, ls.language_name
  FROM languages_spoken ls
  JOIN public_listings pl ON pl.user_id = ls.user_id
 WHERE NOT ('practice_essentials' = ANY (pl.hidden_sections));--> statement-breakpoint
CREATE OR REPLACE VIEW "public_insurance" AS
SELECT ia.user_id, pl.hospital_id, ia.insurance_name
  FROM insurance_accepted ia
  JOIN public_listings pl ON pl.user_id = ia.user_id
 WHERE NOT ('practice_essentials' = ANY (pl.hidden_sections));
