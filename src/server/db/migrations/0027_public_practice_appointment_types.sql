-- "Offers video visits" is one rule (src/shared/video-visits.ts, issue 38): the practice names video as a
-- telehealth service or as an appointment type. The directory's filter reads both lists through the
-- public gate (decision 0020), so the view gains the appointment types, at its end (CREATE OR REPLACE
-- may only add columns there), in migration 0023's hidden_sections form.
CREATE OR REPLACE VIEW "public_practice" AS
SELECT pe.user_id, pl.hospital_id, pe.accepting_new_patients, pe.telehealth_services, pe.appointment_types
  FROM practice_essentials pe
  JOIN public_listings pl ON pl.user_id = pe.user_id
 WHERE NOT ('practice_essentials' = ANY (pl.hidden_sections));
