-- The two tables that kept their proof-of-concept names get their real ones (issue 38 item 5), with
-- every index and constraint named after them, so the database matches the schema's names. A rename
-- keeps the rows, and the views over them (public_*, 0021/0023) follow, since a view refers to a table
-- by its identity, not its name. PostgreSQL cuts names longer than 63 characters on both sides of a
-- rename, as it did when the constraint was made.
ALTER TABLE "hospital_expertise_terms_poc" RENAME TO "hospital_expertise_terms";--> statement-breakpoint
ALTER INDEX "hospital_expertise_terms_poc_pkey" RENAME TO "hospital_expertise_terms_pkey";--> statement-breakpoint
ALTER INDEX "hospital_expertise_terms_poc_hospital_term_trgm_idx" RENAME TO "hospital_expertise_terms_hospital_term_trgm_idx";--> statement-breakpoint
ALTER INDEX "hospital_expertise_terms_poc_hospital_lower_term_idx" RENAME TO "hospital_expertise_terms_hospital_lower_term_idx";--> statement-breakpoint
ALTER INDEX "hospital_expertise_terms_poc_hospital_type_term_idx" RENAME TO "hospital_expertise_terms_hospital_type_term_idx";--> statement-breakpoint
ALTER INDEX "hospital_expertise_terms_poc_hospital_term_order_idx" RENAME TO "hospital_expertise_terms_hospital_term_order_idx";--> statement-breakpoint
ALTER INDEX "hospital_expertise_terms_poc_hospital_yext_entity_idx" RENAME TO "hospital_expertise_terms_hospital_yext_entity_idx";--> statement-breakpoint
ALTER INDEX "hospital_expertise_terms_poc_hospital_synonyms_idx" RENAME TO "hospital_expertise_terms_hospital_synonyms_idx";--> statement-breakpoint
ALTER INDEX "hospital_expertise_terms_poc_taxonomy_idx" RENAME TO "hospital_expertise_terms_taxonomy_idx";--> statement-breakpoint
ALTER TABLE "hospital_expertise_terms" RENAME CONSTRAINT "hospital_expertise_terms_poc_hospital_id_hospitals_id_fk" TO "hospital_expertise_terms_hospital_id_hospitals_id_fk";--> statement-breakpoint
ALTER TABLE "hospital_expertise_terms" RENAME CONSTRAINT "hospital_expertise_terms_poc_hospital_specialty_taxonomy_id_hospital_specialty_taxonomies_poc_id_fk" TO "hospital_expertise_terms_hospital_specialty_taxonomy_id_hospital_specialty_taxonomies_poc_id_fk";--> statement-breakpoint
ALTER TABLE "hospital_expertise_terms" RENAME CONSTRAINT "hospital_expertise_terms_poc_hospital_term_specialty_unique" TO "hospital_expertise_terms_hospital_term_specialty_unique";--> statement-breakpoint
ALTER TABLE "hospital_expertise_terms" RENAME CONSTRAINT "hospital_expertise_terms_poc_term_type_check" TO "hospital_expertise_terms_term_type_check";--> statement-breakpoint
ALTER TABLE "hospital_expertise_terms" RENAME CONSTRAINT "hospital_expertise_terms_poc_yext_entity_type_check" TO "hospital_expertise_terms_yext_entity_type_check";--> statement-breakpoint
ALTER TABLE "hospital_locations_poc" RENAME TO "hospital_locations";--> statement-breakpoint
ALTER INDEX "hospital_locations_poc_pkey" RENAME TO "hospital_locations_pkey";--> statement-breakpoint
ALTER INDEX "hospital_locations_poc_hospital_name_idx" RENAME TO "hospital_locations_hospital_name_idx";--> statement-breakpoint
ALTER INDEX "hospital_locations_poc_hospital_yext_entity_unique" RENAME TO "hospital_locations_hospital_yext_entity_unique";--> statement-breakpoint
ALTER TABLE "hospital_locations" RENAME CONSTRAINT "hospital_locations_poc_hospital_id_hospitals_id_fk" TO "hospital_locations_hospital_id_hospitals_id_fk";--> statement-breakpoint
ALTER TABLE "locations" RENAME CONSTRAINT "locations_predefined_location_id_hospital_locations_poc_id_fk" TO "locations_predefined_location_id_hospital_locations_id_fk";
