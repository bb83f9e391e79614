CREATE TABLE "profile_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profile_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"section_id" text NOT NULL,
	"source" text NOT NULL,
	"actor_id" uuid,
	"actor_kind" text NOT NULL,
	"actor_email" text,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_changes_source_check" CHECK ("profile_changes"."source" in ('provider', 'admin', 'registry', 'listing_service', 'discovery', 'restore', 'system')),
	CONSTRAINT "profile_changes_actor_kind_check" CHECK ("profile_changes"."actor_kind" in ('anonymous', 'provider', 'hospital_admin', 'system_admin', 'system'))
);
--> statement-breakpoint
CREATE INDEX "profile_changes_user_section_idx" ON "profile_changes" USING btree ("user_id","section_id","id");--> statement-breakpoint
CREATE INDEX "profile_changes_created_idx" ON "profile_changes" USING btree ("created_at");--> statement-breakpoint
-- Append-only like audit_log (0003), with one way out: the retention job deletes rows older than
-- HISTORY_RETENTION_DAYS in a transaction that sets vitae.history_purge (history.ts purgeHistory).
CREATE OR REPLACE FUNCTION profile_changes_refuse_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('vitae.history_purge', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'profile_changes is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER profile_changes_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON "profile_changes" FOR EACH STATEMENT EXECUTE FUNCTION profile_changes_refuse_change();
