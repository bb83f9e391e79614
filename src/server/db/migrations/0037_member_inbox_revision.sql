CREATE TABLE "member_inbox_revisions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_inbox_revisions" ADD CONSTRAINT "member_inbox_revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 0038: the dashboard rendered by the server is sent again while the page's state is the
-- same; a provider's notifications and pending updates are part of it. Any statement on them moves
-- the revision of every provider whose rows it touched, once, in the same transaction, whichever code
-- path (or person at a SQL prompt) makes it. A provider being deleted is left out: their rows go with
-- them (the cascade), and a revision for them would refer to no one.
CREATE OR REPLACE FUNCTION member_inbox_bump() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO member_inbox_revisions (user_id, revision) SELECT id, 1 FROM users
      ON CONFLICT (user_id) DO UPDATE SET revision = member_inbox_revisions.revision + 1;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO member_inbox_revisions (user_id, revision)
      SELECT DISTINCT r.user_id, 1 FROM new_rows r JOIN users u ON u.id = r.user_id
      ON CONFLICT (user_id) DO UPDATE SET revision = member_inbox_revisions.revision + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO member_inbox_revisions (user_id, revision)
      SELECT DISTINCT r.user_id, 1 FROM old_rows r JOIN users u ON u.id = r.user_id
      ON CONFLICT (user_id) DO UPDATE SET revision = member_inbox_revisions.revision + 1;
  ELSE
    INSERT INTO member_inbox_revisions (user_id, revision)
      SELECT r.user_id, 1 FROM (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows) r JOIN users u ON u.id = r.user_id
      ON CONFLICT (user_id) DO UPDATE SET revision = member_inbox_revisions.revision + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "notifications_member_inbox_insert" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_inbox_bump();--> statement-breakpoint
CREATE TRIGGER "notifications_member_inbox_update" AFTER UPDATE ON "notifications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_inbox_bump();--> statement-breakpoint
CREATE TRIGGER "notifications_member_inbox_delete" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_inbox_bump();--> statement-breakpoint
CREATE TRIGGER "notifications_member_inbox_truncate" AFTER TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION member_inbox_bump();--> statement-breakpoint
CREATE TRIGGER "pending_updates_member_inbox_insert" AFTER INSERT ON "pending_updates" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_inbox_bump();--> statement-breakpoint
CREATE TRIGGER "pending_updates_member_inbox_update" AFTER UPDATE ON "pending_updates" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_inbox_bump();--> statement-breakpoint
CREATE TRIGGER "pending_updates_member_inbox_delete" AFTER DELETE ON "pending_updates" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_inbox_bump();--> statement-breakpoint
CREATE TRIGGER "pending_updates_member_inbox_truncate" AFTER TRUNCATE ON "pending_updates" FOR EACH STATEMENT EXECUTE FUNCTION member_inbox_bump();
