CREATE TABLE "hospital_join_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"hospital_id" uuid NOT NULL,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hospital_join_requests_status_check" CHECK ("hospital_join_requests"."status" in ('pending', 'approved', 'declined', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "hospital_join_requests" ADD CONSTRAINT "hospital_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_join_requests" ADD CONSTRAINT "hospital_join_requests_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hospital_join_requests_one_pending" ON "hospital_join_requests" USING btree ("user_id") WHERE "hospital_join_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "hospital_join_requests_hospital_status_idx" ON "hospital_join_requests" USING btree ("hospital_id","status","created_at");