ALTER TABLE "locations" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "longitude" double precision;--> statement-breakpoint
CREATE INDEX "locations_coordinates_idx" ON "locations" USING btree ("latitude","longitude") WHERE "locations"."latitude" is not null;--> statement-breakpoint
-- The gate's locations carry their coordinates (new columns at the end), and insurance accepted gets
-- its own view, shown with the practice essentials section like the languages (decision 0020).
CREATE OR REPLACE VIEW "public_locations" AS
SELECT lo.id, lo.user_id, pl.hospital_id, lo.city, lo.state, lo.postal_code, lo.telehealth_available,
       lo.is_primary, lo.created_at, lo.display_order, lo.latitude, lo.longitude
  FROM locations lo
  JOIN public_listings pl ON pl.user_id = lo.user_id
 WHERE NOT EXISTS (SELECT 1 FROM hospital_section_permissions p
                    WHERE p.hospital_id = pl.hospital_id AND p.section_id = 'locations' AND NOT p.is_visible);--> statement-breakpoint
CREATE VIEW "public_insurance" AS
SELECT ia.user_id, pl.hospital_id, ia.insurance_name
  FROM insurance_accepted ia
  JOIN public_listings pl ON pl.user_id = ia.user_id
 WHERE NOT EXISTS (SELECT 1 FROM hospital_section_permissions p
                    WHERE p.hospital_id = pl.hospital_id AND p.section_id = 'practice_essentials' AND NOT p.is_visible);
