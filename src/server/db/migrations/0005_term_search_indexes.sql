DROP INDEX "hospital_expertise_terms_poc_hospital_term_trgm_idx";--> statement-breakpoint
DROP INDEX "medical_expertise_terms_term_trgm_idx";--> statement-breakpoint
DROP INDEX "medical_schools_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "hospital_expertise_terms_poc_hospital_lower_term_idx" ON "hospital_expertise_terms_poc" USING btree ("hospital_id",(lower("term") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "hospital_expertise_terms_poc_hospital_term_trgm_idx" ON "hospital_expertise_terms_poc" USING gin ("hospital_id","term" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "medical_expertise_terms_term_trgm_idx" ON "medical_expertise_terms" USING gin ("term" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "medical_schools_name_trgm_idx" ON "medical_schools" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);