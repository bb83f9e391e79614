-- Decision 0034: the FHIR provider searches (specialty, role) and the directory read the specialty
-- taxonomy, which a system administrator may edit. Any change to it bumps every hospital's directory
-- revision, in the same transaction, so a search kept under the revisions is found again.
CREATE TRIGGER "medical_specialty_taxonomy_directory_revision_insert" AFTER INSERT ON "medical_specialty_taxonomy" FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_all"();--> statement-breakpoint
CREATE TRIGGER "medical_specialty_taxonomy_directory_revision_update" AFTER UPDATE ON "medical_specialty_taxonomy" FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_all"();--> statement-breakpoint
CREATE TRIGGER "medical_specialty_taxonomy_directory_revision_delete" AFTER DELETE ON "medical_specialty_taxonomy" FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_all"();--> statement-breakpoint
CREATE TRIGGER "medical_specialty_taxonomy_directory_revision_truncate" AFTER TRUNCATE ON "medical_specialty_taxonomy" FOR EACH STATEMENT EXECUTE FUNCTION "directory_bump_all"();
