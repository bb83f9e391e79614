CREATE TABLE "appointment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid NOT NULL,
	"provider_user_id" uuid NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"sealed" text NOT NULL,
	"status_changed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_requests_status_check" CHECK ("appointment_requests"."status" in ('new', 'contacted', 'booked', 'closed')),
	CONSTRAINT "appointment_requests_sealed_check" CHECK ("appointment_requests"."sealed" like 'v1.%')
);
--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "appointment_requests_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "appointment_intake_email" text;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "appointment_retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_provider_user_id_users_id_fk" FOREIGN KEY ("provider_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_requests_hospital_created_idx" ON "appointment_requests" USING btree ("hospital_id","created_at");--> statement-breakpoint
CREATE INDEX "appointment_requests_provider_created_idx" ON "appointment_requests" USING btree ("provider_user_id","created_at");--> statement-breakpoint
CREATE INDEX "appointment_requests_created_idx" ON "appointment_requests" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "hospitals" ADD CONSTRAINT "hospitals_appointment_retention_check" CHECK ("hospitals"."appointment_retention_days" between 1 and 3650);