CREATE TABLE "npi_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"npi_number" text NOT NULL,
	"claimant_user_id" uuid NOT NULL,
	"holder_user_id" uuid,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "npi_claims_status_check" CHECK ("npi_claims"."status" in ('open', 'granted', 'refused')),
	CONSTRAINT "npi_claims_npi_format" CHECK ("npi_claims"."npi_number" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
ALTER TABLE "npi_claims" ADD CONSTRAINT "npi_claims_claimant_user_id_users_id_fk" FOREIGN KEY ("claimant_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "npi_claims" ADD CONSTRAINT "npi_claims_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "npi_claims_one_open_per_claimant" ON "npi_claims" USING btree ("npi_number","claimant_user_id") WHERE "npi_claims"."status" = 'open';--> statement-breakpoint
CREATE INDEX "npi_claims_status_created_idx" ON "npi_claims" USING btree ("status","created_at");--> statement-breakpoint
-- A published listing whose name or NPI changes goes back to the hospital: the approval was
-- of the identity it had (decision 0020). Audited and told to the provider, like every move.
CREATE FUNCTION "directory_listing_recheck_identity"(provider uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  previous text;
  hospital uuid;
BEGIN
  -- A pending request's check is stale: the approver is told to look again.
  UPDATE directory_listings SET identity_check = NULL, reason = 'The name or NPI changed after the last check', updated_at = now()
   WHERE user_id = provider AND status = 'pending' AND identity_check IS NOT NULL;
  UPDATE directory_listings l
     SET status = 'pending', identity_check = NULL, requested_at = now(), published_at = NULL,
         decided_by = NULL, decided_at = NULL, updated_at = now(),
         reason = 'The name or NPI changed after the last check'
    FROM (SELECT user_id, status FROM directory_listings WHERE user_id = provider FOR UPDATE) prior
   WHERE l.user_id = prior.user_id AND prior.status = 'published'
  RETURNING prior.status, l.hospital_id INTO previous, hospital;
  IF previous IS NOT NULL THEN
    INSERT INTO audit_log (actor_role, action, target_type, target_id, hospital_id, summary)
    VALUES ('system', 'directory.listing_recheck', 'user', provider::text, hospital,
            jsonb_build_object('from', previous, 'to', 'pending', 'because', 'identity_changed'));
    INSERT INTO notifications (user_id, type, title, message, data)
    VALUES (provider, 'system', 'Your hospital will check your profile again',
            'Your name or NPI changed, so your public profile waits for your hospital to approve it again.',
            jsonb_build_object('from', previous));
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "professional_identity_recheck"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_listing_recheck_identity(NEW.user_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "professional_identity_listing_recheck" AFTER UPDATE OF "npi_number", "full_legal_name", "first_name", "last_name" ON "professional_identity"
  FOR EACH ROW WHEN (OLD.npi_number IS DISTINCT FROM NEW.npi_number OR OLD.full_legal_name IS DISTINCT FROM NEW.full_legal_name
                     OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION "professional_identity_recheck"();--> statement-breakpoint
CREATE FUNCTION "users_identity_recheck"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_listing_recheck_identity(NEW.id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_listing_recheck" AFTER UPDATE OF "npi_number", "full_name" ON "users"
  FOR EACH ROW WHEN (OLD.npi_number IS DISTINCT FROM NEW.npi_number OR OLD.full_name IS DISTINCT FROM NEW.full_name)
  EXECUTE FUNCTION "users_identity_recheck"();
