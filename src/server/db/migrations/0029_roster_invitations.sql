CREATE TABLE "roster_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invitation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sequence" integer,
	"sent_by" uuid,
	"status" text DEFAULT 'sending' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "roster_emails_kind_check" CHECK ("roster_emails"."kind" in ('invitation', 'reminder')),
	CONSTRAINT "roster_emails_status_check" CHECK ("roster_emails"."status" in ('sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "roster_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"row_id" uuid NOT NULL,
	"hospital_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"bounce_reason" text,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_invitations_row_unique" UNIQUE("row_id"),
	CONSTRAINT "roster_invitations_token_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "roster_pre_approved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "roster_emails" ADD CONSTRAINT "roster_emails_invitation_id_roster_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."roster_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_emails" ADD CONSTRAINT "roster_emails_sent_by_admin_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_invitations" ADD CONSTRAINT "roster_invitations_row_id_roster_rows_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."roster_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_invitations" ADD CONSTRAINT "roster_invitations_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_invitations" ADD CONSTRAINT "roster_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_emails_invitation_idx" ON "roster_emails" USING btree ("invitation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_emails_scheduled_unique" ON "roster_emails" USING btree ("invitation_id","kind","sequence");--> statement-breakpoint
CREATE INDEX "roster_invitations_hospital_idx" ON "roster_invitations" USING btree ("hospital_id","created_at");--> statement-breakpoint
CREATE INDEX "roster_invitations_user_idx" ON "roster_invitations" USING btree ("user_id");