ALTER TABLE "users" DROP CONSTRAINT "users_status_check";--> statement-breakpoint
ALTER TABLE "field_provenance" DROP CONSTRAINT "field_provenance_source_check";--> statement-breakpoint
ALTER TABLE "profile_changes" DROP CONSTRAINT "profile_changes_source_check";--> statement-breakpoint
ALTER TABLE "roster_rows" DROP CONSTRAINT "roster_rows_state_check";--> statement-breakpoint
ALTER TABLE "roster_uploads" DROP CONSTRAINT "roster_uploads_status_check";--> statement-breakpoint
ALTER TABLE "roster_rows" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "roster_rows" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "roster_rows" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "roster_rows" ADD COLUMN "drafted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roster_uploads" ADD COLUMN "drafting_started_by" uuid;--> statement-breakpoint
ALTER TABLE "roster_uploads" ADD COLUMN "drafting_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roster_uploads" ADD COLUMN "drafting_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roster_rows" ADD CONSTRAINT "roster_rows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_uploads" ADD CONSTRAINT "roster_uploads_drafting_started_by_admin_users_id_fk" FOREIGN KEY ("drafting_started_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_rows_upload_state_idx" ON "roster_rows" USING btree ("upload_id","state","line");--> statement-breakpoint
CREATE INDEX "roster_rows_user_idx" ON "roster_rows" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'pending', 'unclaimed'));--> statement-breakpoint
ALTER TABLE "field_provenance" ADD CONSTRAINT "field_provenance_source_check" CHECK ("field_provenance"."source" in ('provider', 'registry', 'listing_service', 'discovery', 'roster'));--> statement-breakpoint
ALTER TABLE "profile_changes" ADD CONSTRAINT "profile_changes_source_check" CHECK ("profile_changes"."source" in ('provider', 'admin', 'registry', 'listing_service', 'discovery', 'restore', 'system', 'roster'));--> statement-breakpoint
ALTER TABLE "roster_rows" ADD CONSTRAINT "roster_rows_failure_check" CHECK (("roster_rows"."state" = 'failed') = ("roster_rows"."failure_reason" is not null));--> statement-breakpoint
ALTER TABLE "roster_rows" ADD CONSTRAINT "roster_rows_outcome_check" CHECK ("roster_rows"."outcome" in ('created', 'linked', 'join_requested'));--> statement-breakpoint
ALTER TABLE "roster_rows" ADD CONSTRAINT "roster_rows_state_check" CHECK ("roster_rows"."state" in ('accepted_waiting', 'refused', 'drafting', 'drafted', 'failed'));--> statement-breakpoint
ALTER TABLE "roster_uploads" ADD CONSTRAINT "roster_uploads_status_check" CHECK ("roster_uploads"."status" in ('checked', 'drafting', 'drafted'));