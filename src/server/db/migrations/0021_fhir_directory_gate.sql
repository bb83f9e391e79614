-- The FHIR directory's Plan-Net search parameters (issue T3 3/7 item 3) read through the gate
-- (decision 0020): the identity's own first and last names (Practitioner `given`, `family`) and a
-- location's street lines and the hospital site it was picked from (`address`, `partof`). New columns
-- go at the end, as CREATE OR REPLACE VIEW requires.
CREATE OR REPLACE VIEW "public_identity" AS
SELECT pi.user_id, pl.hospital_id, pi.npi_number, pi.primary_specialty, pi.additional_specialties,
       pi.npi_specialties, pi.profile_photo, pi.first_name, pi.last_name
  FROM professional_identity pi
  JOIN public_listings pl ON pl.user_id = pi.user_id
 WHERE NOT EXISTS (SELECT 1 FROM hospital_section_permissions p
                    WHERE p.hospital_id = pl.hospital_id AND p.section_id = 'professional_identity' AND NOT p.is_visible);--> statement-breakpoint
CREATE OR REPLACE VIEW "public_locations" AS
SELECT lo.id, lo.user_id, pl.hospital_id, lo.city, lo.state, lo.postal_code, lo.telehealth_available,
       lo.is_primary, lo.created_at, lo.display_order, lo.latitude, lo.longitude,
       lo.address_line_1, lo.address_line_2, lo.predefined_location_id
  FROM locations lo
  JOIN public_listings pl ON pl.user_id = lo.user_id
 WHERE NOT EXISTS (SELECT 1 FROM hospital_section_permissions p
                    WHERE p.hospital_id = pl.hospital_id AND p.section_id = 'locations' AND NOT p.is_visible);
