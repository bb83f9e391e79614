ALTER TABLE "users" ADD COLUMN "section_versions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Decision 0036: a statement on a profile table bumps the version of every provider whose rows it
-- touched, once (migration 0006), and now also records, under the table's name, the version that
-- change made. A cached profile read of version V then re-reads only the tables whose entry is above V
-- (and the users row and hospital, which every read reads again). Both columns change in the one
-- UPDATE, in the writer's transaction, so no reader can see the version without its entry.
CREATE OR REPLACE FUNCTION profile_rows_bump_version() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET profile_version = profile_version + 1, section_versions = section_versions || jsonb_build_object(TG_TABLE_NAME, profile_version + 1)
    WHERE id IN (SELECT user_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE users SET profile_version = profile_version + 1, section_versions = section_versions || jsonb_build_object(TG_TABLE_NAME, profile_version + 1)
    WHERE id IN (SELECT user_id FROM old_rows);
  ELSE
    UPDATE users SET profile_version = profile_version + 1, section_versions = section_versions || jsonb_build_object(TG_TABLE_NAME, profile_version + 1)
    WHERE id IN (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
