CREATE TABLE "field_provenance" (
	"user_id" uuid NOT NULL,
	"section_id" text NOT NULL,
	"field" text NOT NULL,
	"source" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_provenance_user_id_section_id_field_pk" PRIMARY KEY("user_id","section_id","field"),
	CONSTRAINT "field_provenance_source_check" CHECK ("field_provenance"."source" in ('provider', 'registry', 'listing_service', 'discovery'))
);
--> statement-breakpoint
ALTER TABLE "field_provenance" ADD CONSTRAINT "field_provenance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;