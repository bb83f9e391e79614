ALTER TABLE "hospitals" ADD COLUMN "expertise_terms_scope" text DEFAULT 'own_plus_defaults' NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD CONSTRAINT "hospitals_expertise_terms_scope_check" CHECK ("hospitals"."expertise_terms_scope" in ('own_plus_defaults', 'own_only'));--> statement-breakpoint
-- Hospitals that already hold a catalogue (copied from the defaults or synced from the listing
-- service) keep seeing only their own terms; the others now see the defaults beside their own.
UPDATE "hospitals" SET "expertise_terms_scope" = 'own_only'
WHERE EXISTS (SELECT 1 FROM "hospital_expertise_terms_poc" t WHERE t.hospital_id = "hospitals"."id" AND t.is_active AND NOT t.is_custom);
