CREATE TABLE "tmf_health_mail" (
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"group_by" text DEFAULT 'zone' NOT NULL,
	"last_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tmf_health_mail_user_id_project_id_pk" PRIMARY KEY("user_id","project_id")
);
--> statement-breakpoint
ALTER TABLE "tmf_health_mail" ADD CONSTRAINT "tmf_health_mail_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmf_health_mail" ADD CONSTRAINT "tmf_health_mail_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tmf_health_mail_due_idx" ON "tmf_health_mail" USING btree ("last_mailed_at");--> statement-breakpoint
ALTER TABLE "tmf_health_mail" ADD CONSTRAINT "tmf_health_mail_group_by_check" CHECK ("group_by" IN ('level', 'country', 'site', 'zone', 'section', 'artifact', 'person'));