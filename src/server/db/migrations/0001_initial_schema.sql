CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"job_title" text NOT NULL,
	"organization" text,
	"npi_number" text,
	"hospital_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"tier" text DEFAULT 'beta' NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"agreed_to_terms" boolean DEFAULT false NOT NULL,
	"agreed_to_privacy" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"profile_completion_percentage" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_npi_number_unique" UNIQUE("npi_number"),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'pending')),
	CONSTRAINT "users_tier_check" CHECK ("users"."tier" in ('alpha', 'beta', 'standard')),
	CONSTRAINT "users_npi_number_format" CHECK ("users"."npi_number" ~ '^[0-9]{10}$'),
	CONSTRAINT "users_profile_completion_range" CHECK ("users"."profile_completion_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "data_source_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid NOT NULL,
	"source_type" text NOT NULL,
	"source_name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"connection_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider_lookup_strategy" text,
	"sync_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_source_configurations_source_type_check" CHECK ("data_source_configurations"."source_type" in ('npi_registry', 'yext'))
);
--> statement-breakpoint
CREATE TABLE "data_source_field_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"configuration_id" uuid NOT NULL,
	"profile_section" text NOT NULL,
	"profile_field" text NOT NULL,
	"source_path" text NOT NULL,
	"source_field_type" text,
	"transformation_rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"default_value" text,
	"fallback_paths" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_locations_poc" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"postal_code" text,
	"country" text,
	"phone_number" text,
	"main_phone" text,
	"url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"yext_entity_id" text,
	"is_yext_sourced" boolean DEFAULT false NOT NULL,
	"last_synced_from_yext_at" timestamp with time zone,
	"c_department_specialty" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_reading_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid NOT NULL,
	"professional_reading_level" integer DEFAULT 12 NOT NULL,
	"public_reading_level" integer DEFAULT 8 NOT NULL,
	"professional_tone" text DEFAULT 'professional' NOT NULL,
	"public_tone" text DEFAULT 'friendly' NOT NULL,
	"professional_word_count_min" integer DEFAULT 150 NOT NULL,
	"professional_word_count_max" integer DEFAULT 200 NOT NULL,
	"public_word_count_min" integer DEFAULT 120 NOT NULL,
	"public_word_count_max" integer DEFAULT 150 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hospital_reading_levels_hospital_id_unique" UNIQUE("hospital_id"),
	CONSTRAINT "hospital_reading_levels_word_counts_check" CHECK ("hospital_reading_levels"."professional_word_count_min" <= "hospital_reading_levels"."professional_word_count_max" and "hospital_reading_levels"."public_word_count_min" <= "hospital_reading_levels"."public_word_count_max")
);
--> statement-breakpoint
CREATE TABLE "hospital_section_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid NOT NULL,
	"section_id" text NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hospital_section_permissions_hospital_section_unique" UNIQUE("hospital_id","section_id"),
	CONSTRAINT "hospital_section_permissions_section_id_check" CHECK ("hospital_section_permissions"."section_id" in ('professional_identity', 'education_training', 'practice_essentials', 'locations', 'biography', 'publications', 'clinical_trials', 'media_press', 'medical_expertise')),
	CONSTRAINT "hospital_section_permissions_hidden_not_required" CHECK ("hospital_section_permissions"."is_visible" or not "hospital_section_permissions"."is_required")
);
--> statement-breakpoint
CREATE TABLE "hospitals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"address" text,
	"contact_email" text,
	"contact_phone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"data_source" text DEFAULT 'npi_registry' NOT NULL,
	"yext_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"yext_api_key_encrypted" text,
	"population_config" jsonb DEFAULT '{"enabled":false,"match_by_hospital_id":true,"email_domain_patterns":[],"enhanced_expertise":false}'::jsonb NOT NULL,
	"brand_guidelines_url" text,
	"brand_writing_standards" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hospitals_code_unique" UNIQUE("code"),
	CONSTRAINT "hospitals_data_source_check" CHECK ("hospitals"."data_source" in ('npi_registry', 'yext'))
);
--> statement-breakpoint
CREATE TABLE "biography" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"professional_summary" text DEFAULT 'Professional biography pending' NOT NULL,
	"personal_interests" text,
	"public_summary" text,
	"awards_honors" text,
	"memberships" text,
	"volunteer_work" text,
	"languages_spoken" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biography_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "clinical_trials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"trial_title" text NOT NULL,
	"nct_number" text,
	"phase" text,
	"status" text DEFAULT 'recruiting' NOT NULL,
	"start_date" text,
	"completion_date" text,
	"sponsor" text,
	"role" text DEFAULT 'investigator' NOT NULL,
	"description" text,
	"conditions_studied" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_status" text DEFAULT 'manual' NOT NULL,
	"discovered_at" timestamp with time zone,
	"search_query" text,
	"confidence_score" real,
	"rejection_reason" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinical_trials_user_status_check" CHECK ("clinical_trials"."user_status" in ('pending', 'approved', 'rejected', 'manual', 'hidden')),
	CONSTRAINT "clinical_trials_confidence_range" CHECK ("clinical_trials"."confidence_score" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "education_training" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"institution_name" text,
	"education_type" text NOT NULL,
	"degree" text,
	"field_of_study" text,
	"start_date" date,
	"end_date" date,
	"graduation_year" integer,
	"is_current" boolean DEFAULT false NOT NULL,
	"description" text,
	"source" text DEFAULT 'user' NOT NULL,
	"data_source" text,
	"program_id" uuid,
	"program_name" text,
	"medical_school_id" text,
	"medical_school_name" text,
	"start_year" integer,
	"end_year" integer,
	"parent_specialty" text,
	"fellowship_specialty_id" uuid,
	"fellowship_specialty_name" text,
	"completion_year" integer,
	"location" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "education_training_education_type_check" CHECK ("education_training"."education_type" in ('medical_school', 'residency', 'fellowship', 'undergraduate', 'graduate', 'continuing_education')),
	CONSTRAINT "education_training_source_check" CHECK ("education_training"."source" in ('user', 'directory')),
	CONSTRAINT "education_training_data_source_check" CHECK ("education_training"."data_source" in ('npi_registry', 'yext'))
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"predefined_location_id" uuid,
	"location_name" text NOT NULL,
	"address_line_1" text,
	"address_line_2" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text,
	"phone" text,
	"fax" text,
	"website" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"accepts_new_patients" boolean,
	"telehealth_available" boolean DEFAULT false NOT NULL,
	"floor" text,
	"suite_office_number" text,
	"special_notes" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_press" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"media_type" text DEFAULT 'article' NOT NULL,
	"publication_source" text,
	"date" text,
	"url" text,
	"description" text,
	"is_featured" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'manual' NOT NULL,
	"discovered_at" timestamp with time zone,
	"search_query" text,
	"confidence_score" real,
	"rejection_reason" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_press_status_check" CHECK ("media_press"."status" in ('pending', 'approved', 'rejected', 'manual')),
	CONSTRAINT "media_press_confidence_range" CHECK ("media_press"."confidence_score" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "practice_essentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"accepting_new_patients" boolean,
	"age_groups_treated" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"patient_age_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"appointment_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scheduling_notes" text,
	"practice_name" text,
	"practice_type" text,
	"hospital_affiliations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_affiliations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"telehealth_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"practice_focus" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_essentials_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "professional_identity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"npi_number" text,
	"full_legal_name" text,
	"first_name" text,
	"last_name" text,
	"preferred_name" text,
	"pronouns" text,
	"professional_email" text,
	"job_title" text,
	"department" text,
	"division" text,
	"section" text,
	"primary_specialty" text,
	"matched_specialty_confidence" real,
	"is_auto_populated" boolean DEFAULT false NOT NULL,
	"auto_populated_at" timestamp with time zone,
	"manual_override_flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"npi_specialties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"credentials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"primary_specialties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"additional_specialties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"licenses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"academic_titles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"profile_photo" text,
	"department_id" text,
	"division_id" text,
	"section_id" text,
	"npi_raw_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professional_identity_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "professional_identity_npi_number_unique" UNIQUE("npi_number"),
	CONSTRAINT "professional_identity_npi_number_format" CHECK ("professional_identity"."npi_number" ~ '^[0-9]{10}$'),
	CONSTRAINT "professional_identity_confidence_range" CHECK ("professional_identity"."matched_specialty_confidence" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"journal_name" text,
	"publication_date" text,
	"volume" text,
	"issue" text,
	"pages" text,
	"doi" text,
	"pmid" text,
	"publication_type" text DEFAULT 'peer_reviewed' NOT NULL,
	"abstract" text,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'manual' NOT NULL,
	"discovered_at" timestamp with time zone,
	"search_query" text,
	"confidence_score" real,
	"rejection_reason" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publications_status_check" CHECK ("publications"."status" in ('pending', 'approved', 'rejected', 'manual')),
	CONSTRAINT "publications_confidence_range" CHECK ("publications"."confidence_score" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "user_medical_expertise" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"specialty_name" text,
	"term_id" text NOT NULL,
	"term_type" text,
	"term" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_medical_expertise_term_type_check" CHECK ("user_medical_expertise"."term_type" in ('Condition', 'Procedure', 'Reason for Visit', 'Other'))
);
--> statement-breakpoint
CREATE TABLE "awards_recognitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"award_name" text NOT NULL,
	"awarding_organization" text,
	"award_year" integer,
	"description" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"certification_board" text NOT NULL,
	"specialty" text,
	"certification_year" integer,
	"expiration_year" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_affiliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"hospital_name" text NOT NULL,
	"department" text,
	"title" text,
	"start_year" integer,
	"is_primary" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_accepted" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"insurance_name" text NOT NULL,
	"plan_type" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages_spoken" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"language_code" text NOT NULL,
	"language_name" text NOT NULL,
	"proficiency" text DEFAULT 'basic' NOT NULL,
	"display_order" integer DEFAULT 1 NOT NULL,
	"is_from_yext" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "languages_spoken_user_language_unique" UNIQUE("user_id","language_code"),
	CONSTRAINT "languages_spoken_proficiency_check" CHECK ("languages_spoken"."proficiency" in ('basic', 'conversational', 'professional', 'fluent', 'native'))
);
--> statement-breakpoint
CREATE TABLE "professional_licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"license_name" text,
	"license_number" text NOT NULL,
	"issuing_state" text NOT NULL,
	"issuing_authority" text,
	"issue_date" date,
	"expiration_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professional_licenses_state_number_unique" UNIQUE("issuing_state","license_number"),
	CONSTRAINT "professional_licenses_status_check" CHECK ("professional_licenses"."status" in ('active', 'inactive', 'expired', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "social_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"username" text,
	"profile_url" text,
	"is_visible" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_specialty_taxonomies_poc" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid NOT NULL,
	"specialty" text NOT NULL,
	"specialty_code" text,
	"department" text,
	"division" text,
	"section" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_custom" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_taxonomy_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid NOT NULL,
	"uses_default_taxonomy" boolean DEFAULT true NOT NULL,
	"taxonomy_source" text DEFAULT 'default' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hospital_taxonomy_configurations_hospital_id_unique" UNIQUE("hospital_id"),
	CONSTRAINT "hospital_taxonomy_configurations_source_check" CHECK ("hospital_taxonomy_configurations"."taxonomy_source" in ('default', 'uploaded', 'yext_sync'))
);
--> statement-breakpoint
CREATE TABLE "hospital_taxonomy_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"upload_status" text DEFAULT 'pending' NOT NULL,
	"error_message" text,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "hospital_taxonomy_uploads_status_check" CHECK ("hospital_taxonomy_uploads"."upload_status" in ('pending', 'processing', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "medical_specialty_taxonomy" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"specialty" text NOT NULL,
	"department" text,
	"division" text,
	"section" text,
	"specialty_code" text,
	"search_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"common_abbreviations" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_expertise_terms_poc" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid NOT NULL,
	"hospital_specialty_taxonomy_id" uuid,
	"term_id" text NOT NULL,
	"term" text NOT NULL,
	"term_type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_custom" boolean DEFAULT true NOT NULL,
	"is_yext_sourced" boolean DEFAULT false NOT NULL,
	"yext_entity_id" text,
	"yext_entity_type" text,
	"last_synced_from_yext_at" timestamp with time zone,
	"specialty_name" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"search_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"synonyms" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hospital_expertise_terms_poc_hospital_term_specialty_unique" UNIQUE NULLS NOT DISTINCT("hospital_id","term_id","specialty_name"),
	CONSTRAINT "hospital_expertise_terms_poc_term_type_check" CHECK ("hospital_expertise_terms_poc"."term_type" in ('Condition', 'Procedure', 'Reason for Visit', 'Other')),
	CONSTRAINT "hospital_expertise_terms_poc_yext_entity_type_check" CHECK ("hospital_expertise_terms_poc"."yext_entity_type" in ('taxonomy_conditionTreated', 'taxonomy_procedure', 'taxonomy_reasonForVisit'))
);
--> statement-breakpoint
CREATE TABLE "medical_expertise_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"specialty_name" text NOT NULL,
	"term_id" text NOT NULL,
	"term" text NOT NULL,
	"term_type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_yext_sourced" boolean DEFAULT false NOT NULL,
	"yext_entity_id" text,
	"yext_entity_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_expertise_terms_term_specialty_unique" UNIQUE("term_id","specialty_name"),
	CONSTRAINT "medical_expertise_terms_term_type_check" CHECK ("medical_expertise_terms"."term_type" in ('Condition', 'Procedure', 'Reason for Visit', 'Other')),
	CONSTRAINT "medical_expertise_terms_yext_entity_type_check" CHECK ("medical_expertise_terms"."yext_entity_type" in ('taxonomy_conditionTreated', 'taxonomy_procedure', 'taxonomy_reasonForVisit'))
);
--> statement-breakpoint
CREATE TABLE "fellowship_specialties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_specialty" text NOT NULL,
	"subspecialty_name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fellowship_specialties_parent_subspecialty_unique" UNIQUE("parent_specialty","subspecialty_name")
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "languages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_quick_add" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "languages_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "medical_schools" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"degree_type" text NOT NULL,
	"state" text,
	"city" text,
	"accreditation_body" text,
	"application_system" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_schools_degree_type_check" CHECK ("medical_schools"."degree_type" in ('MD', 'DO'))
);
--> statement-breakpoint
CREATE TABLE "residency_programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "residency_programs_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"full_name" text,
	"first_name" text,
	"last_name" text,
	"role" text NOT NULL,
	"hospital_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"must_change_password" boolean DEFAULT true NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_email_unique" UNIQUE("email"),
	CONSTRAINT "admin_users_email_lowercase" CHECK ("admin_users"."email" = lower("admin_users"."email")),
	CONSTRAINT "admin_users_role_check" CHECK ("admin_users"."role" in ('system_admin', 'hospital_admin')),
	CONSTRAINT "admin_users_role_hospital_check" CHECK (("admin_users"."role" = 'hospital_admin' and "admin_users"."hospital_id" is not null) or ("admin_users"."role" = 'system_admin' and "admin_users"."hospital_id" is null)),
	CONSTRAINT "admin_users_super_admin_matches_role" CHECK ("admin_users"."is_super_admin" = ("admin_users"."role" = 'system_admin'))
);
--> statement-breakpoint
CREATE TABLE "help_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"icon" text,
	"description" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_faqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompt_template_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"hospital_id" uuid,
	"prompt_type" text NOT NULL,
	"prompt_name" text NOT NULL,
	"prompt_content" text NOT NULL,
	"description" text,
	"is_active" boolean NOT NULL,
	"is_default" boolean NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_template_history_template_version_unique" UNIQUE("template_id","version"),
	CONSTRAINT "prompt_template_history_prompt_type_check" CHECK ("prompt_template_history"."prompt_type" in ('professional', 'public'))
);
--> statement-breakpoint
CREATE TABLE "prompt_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid,
	"prompt_type" text NOT NULL,
	"prompt_name" text NOT NULL,
	"prompt_content" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_templates_prompt_type_check" CHECK ("prompt_templates"."prompt_type" in ('professional', 'public')),
	CONSTRAINT "prompt_templates_version_positive" CHECK ("prompt_templates"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "brand_guideline_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"url" text,
	"mime_type" text,
	"size_bytes" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_guideline_documents_size_nonnegative" CHECK ("brand_guideline_documents"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "hospital_brand_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid NOT NULL,
	"brand_voice" text,
	"tone_guidelines" text,
	"writing_style_notes" text,
	"auto_apply_to_prompts" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hospital_brand_settings_hospital_id_unique" UNIQUE("hospital_id")
);
--> statement-breakpoint
CREATE TABLE "discovery_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_type" text NOT NULL,
	"search_query" text,
	"total_found" integer DEFAULT 0 NOT NULL,
	"is_auto_search" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discovery_sessions_session_type_check" CHECK ("discovery_sessions"."session_type" in ('publications', 'clinical_trials', 'media_press'))
);
--> statement-breakpoint
CREATE TABLE "rejected_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"external_id" text NOT NULL,
	"item_title" text,
	"rejection_reason" text,
	"search_query" text,
	"confidence_score" real,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rejected_items_user_type_external_unique" UNIQUE("user_id","item_type","external_id"),
	CONSTRAINT "rejected_items_item_type_check" CHECK ("rejected_items"."item_type" in ('publications', 'clinical_trials', 'media_press')),
	CONSTRAINT "rejected_items_confidence_range" CHECK ("rejected_items"."confidence_score" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email_enabled" boolean DEFAULT true NOT NULL,
	"sms_enabled" boolean DEFAULT false NOT NULL,
	"in_app_enabled" boolean DEFAULT true NOT NULL,
	"schedule_enabled" boolean DEFAULT false NOT NULL,
	"schedule_day" integer DEFAULT 1 NOT NULL,
	"schedule_hour" integer DEFAULT 9 NOT NULL,
	"publications" boolean DEFAULT true NOT NULL,
	"clinical_trials" boolean DEFAULT true NOT NULL,
	"media_press" boolean DEFAULT true NOT NULL,
	"profile_updates" boolean DEFAULT true NOT NULL,
	"system_updates" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "notification_settings_schedule_day_range" CHECK ("notification_settings"."schedule_day" between 0 and 6),
	CONSTRAINT "notification_settings_schedule_hour_range" CHECK ("notification_settings"."schedule_hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_analytics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"feedback_count" integer DEFAULT 0 NOT NULL,
	"last_feedback_at" timestamp with time zone,
	"categories_submitted" text[] DEFAULT '{}'::text[] NOT NULL,
	"average_severity" real,
	"issues_resolved" integer DEFAULT 0 NOT NULL,
	"satisfaction_score" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_analytics_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "feedback_analytics_average_severity_range" CHECK ("feedback_analytics"."average_severity" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "feedback_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_email" text NOT NULL,
	"user_tier" text DEFAULT 'beta' NOT NULL,
	"category" text DEFAULT 'bug' NOT NULL,
	"severity" integer DEFAULT 3 NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"reproduction_steps" text,
	"technical_context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"application_context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"screenshot_url" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"linear_issue_id" text,
	"linear_issue_identifier" text,
	"linear_issue_url" text,
	"processed_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_submissions_category_check" CHECK ("feedback_submissions"."category" in ('bug', 'feature', 'ux', 'performance', 'other')),
	CONSTRAINT "feedback_submissions_status_check" CHECK ("feedback_submissions"."status" in ('submitted', 'in_progress', 'completed', 'rejected')),
	CONSTRAINT "feedback_submissions_user_tier_check" CHECK ("feedback_submissions"."user_tier" in ('alpha', 'beta', 'standard')),
	CONSTRAINT "feedback_submissions_severity_range" CHECK ("feedback_submissions"."severity" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "pending_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"section_id" text NOT NULL,
	"field" text NOT NULL,
	"current_value" jsonb,
	"new_value" jsonb,
	"source" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "pending_updates_status_check" CHECK ("pending_updates"."status" in ('pending', 'accepted', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "user_yext_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"hospital_id" uuid,
	"npi_number" text,
	"yext_raw_data" jsonb,
	"mapped_sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping_errors" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_yext_data_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "yext_sync_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hospital_id" uuid NOT NULL,
	"sync_type" text DEFAULT 'manual' NOT NULL,
	"initiated_by" uuid,
	"status" text DEFAULT 'running' NOT NULL,
	"total_entities_fetched" integer DEFAULT 0 NOT NULL,
	"terms_added" integer DEFAULT 0 NOT NULL,
	"terms_updated" integer DEFAULT 0 NOT NULL,
	"terms_deleted" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "yext_sync_logs_sync_type_check" CHECK ("yext_sync_logs"."sync_type" in ('manual', 'scheduled')),
	CONSTRAINT "yext_sync_logs_status_check" CHECK ("yext_sync_logs"."status" in ('running', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"actor_email" text,
	"hospital_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_actor_role_check" CHECK ("audit_log"."actor_role" in ('provider', 'hospital_admin', 'system_admin', 'system'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue" text DEFAULT 'default' NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"last_error" text,
	"locked_by" text,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'running', 'completed', 'failed')),
	CONSTRAINT "jobs_attempts_check" CHECK ("jobs"."attempts" >= 0 and "jobs"."max_attempts" >= 1)
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_source_configurations" ADD CONSTRAINT "data_source_configurations_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_source_field_mappings" ADD CONSTRAINT "data_source_field_mappings_configuration_id_data_source_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."data_source_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_locations_poc" ADD CONSTRAINT "hospital_locations_poc_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_reading_levels" ADD CONSTRAINT "hospital_reading_levels_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_section_permissions" ADD CONSTRAINT "hospital_section_permissions_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biography" ADD CONSTRAINT "biography_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_trials" ADD CONSTRAINT "clinical_trials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_training" ADD CONSTRAINT "education_training_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_training" ADD CONSTRAINT "education_training_program_id_residency_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."residency_programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_training" ADD CONSTRAINT "education_training_medical_school_id_medical_schools_id_fk" FOREIGN KEY ("medical_school_id") REFERENCES "public"."medical_schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_training" ADD CONSTRAINT "education_training_fellowship_specialty_id_fellowship_specialties_id_fk" FOREIGN KEY ("fellowship_specialty_id") REFERENCES "public"."fellowship_specialties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_predefined_location_id_hospital_locations_poc_id_fk" FOREIGN KEY ("predefined_location_id") REFERENCES "public"."hospital_locations_poc"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_press" ADD CONSTRAINT "media_press_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_essentials" ADD CONSTRAINT "practice_essentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_identity" ADD CONSTRAINT "professional_identity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_medical_expertise" ADD CONSTRAINT "user_medical_expertise_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards_recognitions" ADD CONSTRAINT "awards_recognitions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_certifications" ADD CONSTRAINT "board_certifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_affiliations" ADD CONSTRAINT "hospital_affiliations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_accepted" ADD CONSTRAINT "insurance_accepted_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "languages_spoken" ADD CONSTRAINT "languages_spoken_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_licenses" ADD CONSTRAINT "professional_licenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_media" ADD CONSTRAINT "social_media_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_specialty_taxonomies_poc" ADD CONSTRAINT "hospital_specialty_taxonomies_poc_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_specialty_taxonomies_poc" ADD CONSTRAINT "hospital_specialty_taxonomies_poc_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_taxonomy_configurations" ADD CONSTRAINT "hospital_taxonomy_configurations_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_taxonomy_uploads" ADD CONSTRAINT "hospital_taxonomy_uploads_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_taxonomy_uploads" ADD CONSTRAINT "hospital_taxonomy_uploads_uploaded_by_admin_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_expertise_terms_poc" ADD CONSTRAINT "hospital_expertise_terms_poc_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_expertise_terms_poc" ADD CONSTRAINT "hospital_expertise_terms_poc_hospital_specialty_taxonomy_id_hospital_specialty_taxonomies_poc_id_fk" FOREIGN KEY ("hospital_specialty_taxonomy_id") REFERENCES "public"."hospital_specialty_taxonomies_poc"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_updated_by_admin_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_faqs" ADD CONSTRAINT "help_faqs_category_id_help_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."help_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_template_history" ADD CONSTRAINT "prompt_template_history_template_id_prompt_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."prompt_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_template_history" ADD CONSTRAINT "prompt_template_history_changed_by_admin_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_templates" ADD CONSTRAINT "prompt_templates_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_templates" ADD CONSTRAINT "prompt_templates_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_templates" ADD CONSTRAINT "prompt_templates_updated_by_admin_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_guideline_documents" ADD CONSTRAINT "brand_guideline_documents_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_guideline_documents" ADD CONSTRAINT "brand_guideline_documents_uploaded_by_admin_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_brand_settings" ADD CONSTRAINT "hospital_brand_settings_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_brand_settings" ADD CONSTRAINT "hospital_brand_settings_updated_by_admin_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovery_sessions" ADD CONSTRAINT "discovery_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rejected_items" ADD CONSTRAINT "rejected_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_analytics" ADD CONSTRAINT "feedback_analytics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD CONSTRAINT "feedback_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_updates" ADD CONSTRAINT "pending_updates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_yext_data" ADD CONSTRAINT "user_yext_data_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_yext_data" ADD CONSTRAINT "user_yext_data_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yext_sync_logs" ADD CONSTRAINT "yext_sync_logs_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yext_sync_logs" ADD CONSTRAINT "yext_sync_logs_initiated_by_admin_users_id_fk" FOREIGN KEY ("initiated_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_hospital_idx" ON "users" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "data_source_configurations_hospital_idx" ON "data_source_configurations" USING btree ("hospital_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_source_configurations_one_active_per_hospital" ON "data_source_configurations" USING btree ("hospital_id") WHERE "data_source_configurations"."is_active";--> statement-breakpoint
CREATE INDEX "data_source_field_mappings_configuration_idx" ON "data_source_field_mappings" USING btree ("configuration_id","profile_section");--> statement-breakpoint
CREATE INDEX "hospital_locations_poc_hospital_name_idx" ON "hospital_locations_poc" USING btree ("hospital_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "hospital_locations_poc_hospital_yext_entity_unique" ON "hospital_locations_poc" USING btree ("hospital_id","yext_entity_id");--> statement-breakpoint
CREATE INDEX "clinical_trials_user_status_idx" ON "clinical_trials" USING btree ("user_id","user_status");--> statement-breakpoint
CREATE INDEX "clinical_trials_user_nct_idx" ON "clinical_trials" USING btree ("user_id","nct_number");--> statement-breakpoint
CREATE INDEX "education_training_user_idx" ON "education_training" USING btree ("user_id","display_order");--> statement-breakpoint
CREATE INDEX "locations_user_idx" ON "locations" USING btree ("user_id","display_order");--> statement-breakpoint
CREATE INDEX "locations_predefined_location_idx" ON "locations" USING btree ("predefined_location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_one_primary_per_user" ON "locations" USING btree ("user_id") WHERE "locations"."is_primary";--> statement-breakpoint
CREATE INDEX "media_press_user_status_idx" ON "media_press" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "media_press_user_url_idx" ON "media_press" USING btree ("user_id","url");--> statement-breakpoint
CREATE INDEX "publications_user_status_idx" ON "publications" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "publications_user_pmid_idx" ON "publications" USING btree ("user_id","pmid");--> statement-breakpoint
CREATE INDEX "publications_user_doi_idx" ON "publications" USING btree ("user_id","doi");--> statement-breakpoint
CREATE INDEX "user_medical_expertise_user_idx" ON "user_medical_expertise" USING btree ("user_id","display_order");--> statement-breakpoint
CREATE INDEX "awards_recognitions_user_idx" ON "awards_recognitions" USING btree ("user_id","display_order");--> statement-breakpoint
CREATE INDEX "board_certifications_user_idx" ON "board_certifications" USING btree ("user_id","display_order");--> statement-breakpoint
CREATE INDEX "hospital_affiliations_user_idx" ON "hospital_affiliations" USING btree ("user_id","display_order");--> statement-breakpoint
CREATE INDEX "insurance_accepted_user_idx" ON "insurance_accepted" USING btree ("user_id","display_order");--> statement-breakpoint
CREATE INDEX "languages_spoken_user_order_idx" ON "languages_spoken" USING btree ("user_id","display_order");--> statement-breakpoint
CREATE INDEX "professional_licenses_user_idx" ON "professional_licenses" USING btree ("user_id","display_order");--> statement-breakpoint
CREATE INDEX "social_media_user_idx" ON "social_media" USING btree ("user_id","display_order");--> statement-breakpoint
CREATE INDEX "hospital_specialty_taxonomies_poc_hospital_specialty_idx" ON "hospital_specialty_taxonomies_poc" USING btree ("hospital_id","specialty");--> statement-breakpoint
CREATE INDEX "hospital_specialty_taxonomies_poc_hospital_code_idx" ON "hospital_specialty_taxonomies_poc" USING btree ("hospital_id","specialty_code");--> statement-breakpoint
CREATE INDEX "hospital_specialty_taxonomies_poc_hospital_org_idx" ON "hospital_specialty_taxonomies_poc" USING btree ("hospital_id","department","division","section");--> statement-breakpoint
CREATE INDEX "hospital_taxonomy_uploads_hospital_created_idx" ON "hospital_taxonomy_uploads" USING btree ("hospital_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "medical_specialty_taxonomy_specialty_idx" ON "medical_specialty_taxonomy" USING btree ("specialty");--> statement-breakpoint
CREATE INDEX "medical_specialty_taxonomy_code_idx" ON "medical_specialty_taxonomy" USING btree ("specialty_code");--> statement-breakpoint
CREATE INDEX "medical_specialty_taxonomy_org_idx" ON "medical_specialty_taxonomy" USING btree ("department","division","section");--> statement-breakpoint
CREATE INDEX "hospital_expertise_terms_poc_hospital_term_trgm_idx" ON "hospital_expertise_terms_poc" USING gin ("hospital_id","term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hospital_expertise_terms_poc_hospital_type_term_idx" ON "hospital_expertise_terms_poc" USING btree ("hospital_id","term_type","term");--> statement-breakpoint
CREATE INDEX "hospital_expertise_terms_poc_hospital_yext_entity_idx" ON "hospital_expertise_terms_poc" USING btree ("hospital_id","yext_entity_id");--> statement-breakpoint
CREATE INDEX "hospital_expertise_terms_poc_taxonomy_idx" ON "hospital_expertise_terms_poc" USING btree ("hospital_specialty_taxonomy_id");--> statement-breakpoint
CREATE INDEX "medical_expertise_terms_specialty_idx" ON "medical_expertise_terms" USING btree ("specialty_name","term_type","term");--> statement-breakpoint
CREATE INDEX "medical_expertise_terms_term_trgm_idx" ON "medical_expertise_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "medical_schools_name_trgm_idx" ON "medical_schools" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "medical_schools_degree_type_idx" ON "medical_schools" USING btree ("degree_type","name");--> statement-breakpoint
CREATE INDEX "admin_users_hospital_idx" ON "admin_users" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "help_categories_display_order_idx" ON "help_categories" USING btree ("display_order");--> statement-breakpoint
CREATE INDEX "help_faqs_category_order_idx" ON "help_faqs" USING btree ("category_id","display_order");--> statement-breakpoint
CREATE INDEX "prompt_templates_hospital_type_idx" ON "prompt_templates" USING btree ("hospital_id","prompt_type");--> statement-breakpoint
CREATE UNIQUE INDEX "prompt_templates_one_default_per_scope" ON "prompt_templates" USING btree (coalesce("hospital_id", '00000000-0000-0000-0000-000000000000'::uuid),"prompt_type") WHERE "prompt_templates"."is_default";--> statement-breakpoint
CREATE INDEX "brand_guideline_documents_hospital_created_idx" ON "brand_guideline_documents" USING btree ("hospital_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "brand_guideline_documents_one_primary_per_hospital" ON "brand_guideline_documents" USING btree ("hospital_id") WHERE "brand_guideline_documents"."is_primary" and "brand_guideline_documents"."is_active";--> statement-breakpoint
CREATE INDEX "discovery_sessions_user_created_idx" ON "discovery_sessions" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_read_created_idx" ON "notifications" USING btree ("user_id","is_read","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feedback_submissions_user_created_idx" ON "feedback_submissions" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feedback_submissions_created_idx" ON "feedback_submissions" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pending_updates_user_status_idx" ON "pending_updates" USING btree ("user_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_yext_data_hospital_idx" ON "user_yext_data" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "yext_sync_logs_hospital_started_idx" ON "yext_sync_logs" USING btree ("hospital_id","started_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_hospital_created_idx" ON "audit_log" USING btree ("hospital_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");--> statement-breakpoint
CREATE INDEX "jobs_status_run_at_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_start_idx" ON "rate_limit_counters" USING btree ("window_start");