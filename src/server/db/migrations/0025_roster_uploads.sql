CREATE TABLE "roster_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upload_id" uuid NOT NULL,
	"hospital_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"npi" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"department" text,
	"location" text,
	"specialty" text,
	"state" text NOT NULL,
	"refusal_reason" text,
	"registry_checked" boolean DEFAULT false NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_rows_state_check" CHECK ("roster_rows"."state" in ('accepted_waiting', 'refused')),
	CONSTRAINT "roster_rows_refusal_check" CHECK (("roster_rows"."state" = 'refused') = ("roster_rows"."refusal_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "roster_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"status" text DEFAULT 'checked' NOT NULL,
	"total_rows" integer NOT NULL,
	"accepted_rows" integer NOT NULL,
	"refused_rows" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_uploads_status_check" CHECK ("roster_uploads"."status" in ('checked'))
);
--> statement-breakpoint
ALTER TABLE "roster_rows" ADD CONSTRAINT "roster_rows_upload_id_roster_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."roster_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_rows" ADD CONSTRAINT "roster_rows_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_uploads" ADD CONSTRAINT "roster_uploads_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_uploads" ADD CONSTRAINT "roster_uploads_uploaded_by_admin_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_rows_upload_idx" ON "roster_rows" USING btree ("upload_id","line");--> statement-breakpoint
CREATE INDEX "roster_rows_hospital_npi_idx" ON "roster_rows" USING btree ("hospital_id","npi");--> statement-breakpoint
CREATE INDEX "roster_rows_hospital_email_idx" ON "roster_rows" USING btree ("hospital_id",lower("email"));--> statement-breakpoint
CREATE INDEX "roster_uploads_hospital_idx" ON "roster_uploads" USING btree ("hospital_id","created_at");