CREATE TABLE "directory_listings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"hospital_id" uuid NOT NULL,
	"status" text DEFAULT 'off' NOT NULL,
	"slug" text NOT NULL,
	"requested_at" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_listings_status_check" CHECK ("directory_listings"."status" in ('off', 'pending', 'published', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "directory_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "directory_slug" text;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "directory_requires_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "directory_brand_color" text;--> statement-breakpoint
ALTER TABLE "directory_listings" ADD CONSTRAINT "directory_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_listings" ADD CONSTRAINT "directory_listings_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "directory_listings_hospital_slug_unique" ON "directory_listings" USING btree ("hospital_id","slug");--> statement-breakpoint
CREATE INDEX "directory_listings_hospital_status_idx" ON "directory_listings" USING btree ("hospital_id","status");--> statement-breakpoint
ALTER TABLE "hospitals" ADD CONSTRAINT "hospitals_directory_slug_unique" UNIQUE("directory_slug");