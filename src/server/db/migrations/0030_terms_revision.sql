ALTER TABLE "hospitals" ADD COLUMN "terms_revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A provider's term search caches its pages per process under hospitals.terms_revision
-- (src/server/modules/expertise-terms/search-cache.ts), read in the same statement as the hospital's
-- term source on every search. These triggers bump it in the same transaction as any change to what
-- a search can show, whichever code path makes it, so no writer can forget and no page is stale.
-- A statement on a hospital's terms bumps that hospital once.
CREATE OR REPLACE FUNCTION hospital_terms_bump_revision() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE hospitals SET terms_revision = terms_revision + 1 WHERE id IN (SELECT hospital_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE hospitals SET terms_revision = terms_revision + 1 WHERE id IN (SELECT hospital_id FROM old_rows);
  ELSE
    UPDATE hospitals SET terms_revision = terms_revision + 1 WHERE id IN (SELECT hospital_id FROM new_rows UNION SELECT hospital_id FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER hospital_terms_revision_insert AFTER INSERT ON "hospital_expertise_terms" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hospital_terms_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hospital_terms_revision_update AFTER UPDATE ON "hospital_expertise_terms" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hospital_terms_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hospital_terms_revision_delete AFTER DELETE ON "hospital_expertise_terms" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hospital_terms_bump_revision();
--> statement-breakpoint
-- The default terms are every hospital's (alone, or with its own): a change to them, or a truncate
-- of either table, bumps every hospital.
CREATE OR REPLACE FUNCTION all_terms_bump_revision() RETURNS trigger AS $$
BEGIN
  UPDATE hospitals SET terms_revision = terms_revision + 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER default_terms_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "medical_expertise_terms" FOR EACH STATEMENT EXECUTE FUNCTION all_terms_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hospital_terms_revision_truncate AFTER TRUNCATE ON "hospital_expertise_terms" FOR EACH STATEMENT EXECUTE FUNCTION all_terms_bump_revision();
