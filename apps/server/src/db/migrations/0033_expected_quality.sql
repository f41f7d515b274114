CREATE TABLE "expected_item_documents" (
	"item_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"linked_by" integer,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expected_item_documents_item_id_document_id_pk" PRIMARY KEY("item_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "expected_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"artifact_id" integer NOT NULL,
	"level" text NOT NULL,
	"country_id" integer,
	"site_id" integer,
	"occurrence" integer DEFAULT 1 NOT NULL,
	"due_date" date,
	"state" text DEFAULT 'expected' NOT NULL,
	"reason" text,
	"origin" text DEFAULT 'generated' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"filed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tmf_expected_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"artifact_id" integer NOT NULL,
	"level" text NOT NULL,
	"milestone_code" text,
	"offset_days" integer DEFAULT 0 NOT NULL,
	"recurrence" text DEFAULT 'once' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"version_no" integer,
	"page" integer,
	"category" text NOT NULL,
	"comment" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"raised_by" integer NOT NULL,
	"assignee_id" integer NOT NULL,
	"resolution" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"verified_by" integer,
	"verified_at" timestamp with time zone,
	"waived_by" integer,
	"waived_at" timestamp with time zone,
	"waive_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "country_id" integer;--> statement-breakpoint
ALTER TABLE "expected_item_documents" ADD CONSTRAINT "expected_item_documents_item_id_expected_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."expected_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_item_documents" ADD CONSTRAINT "expected_item_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_item_documents" ADD CONSTRAINT "expected_item_documents_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_items" ADD CONSTRAINT "expected_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_items" ADD CONSTRAINT "expected_items_artifact_id_tmf_artifacts_id_fk" FOREIGN KEY ("artifact_id") REFERENCES "public"."tmf_artifacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_items" ADD CONSTRAINT "expected_items_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_items" ADD CONSTRAINT "expected_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_items" ADD CONSTRAINT "expected_items_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmf_expected_rules" ADD CONSTRAINT "tmf_expected_rules_model_id_tmf_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."tmf_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmf_expected_rules" ADD CONSTRAINT "tmf_expected_rules_artifact_id_tmf_artifacts_id_fk" FOREIGN KEY ("artifact_id") REFERENCES "public"."tmf_artifacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_issues" ADD CONSTRAINT "quality_issues_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_issues" ADD CONSTRAINT "quality_issues_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_issues" ADD CONSTRAINT "quality_issues_raised_by_users_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_issues" ADD CONSTRAINT "quality_issues_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_issues" ADD CONSTRAINT "quality_issues_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_issues" ADD CONSTRAINT "quality_issues_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_issues" ADD CONSTRAINT "quality_issues_waived_by_users_id_fk" FOREIGN KEY ("waived_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expected_item_documents_doc_idx" ON "expected_item_documents" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expected_items_place_uq" ON "expected_items" USING btree ("project_id","artifact_id","level",coalesce("country_id", 0),coalesce("site_id", 0),"occurrence");--> statement-breakpoint
CREATE INDEX "expected_items_state_idx" ON "expected_items" USING btree ("project_id","state","due_date");--> statement-breakpoint
CREATE INDEX "expected_items_site_idx" ON "expected_items" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tmf_expected_rules_artifact_level_uq" ON "tmf_expected_rules" USING btree ("artifact_id","level");--> statement-breakpoint
CREATE INDEX "quality_issues_document_idx" ON "quality_issues" USING btree ("document_id","state");--> statement-breakpoint
CREATE INDEX "quality_issues_project_idx" ON "quality_issues" USING btree ("project_id","state");--> statement-breakpoint
CREATE INDEX "quality_issues_assignee_idx" ON "quality_issues" USING btree ("assignee_id","state");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmf_expected_rules" ADD CONSTRAINT "tmf_expected_rules_level_check" CHECK ("level" IN ('trial', 'country', 'site'));--> statement-breakpoint
ALTER TABLE "tmf_expected_rules" ADD CONSTRAINT "tmf_expected_rules_recurrence_check" CHECK ("recurrence" IN ('once', 'monthly', 'quarterly', 'annually'));--> statement-breakpoint
ALTER TABLE "expected_items" ADD CONSTRAINT "expected_items_level_check" CHECK ("level" IN ('trial', 'country', 'site'));--> statement-breakpoint
ALTER TABLE "expected_items" ADD CONSTRAINT "expected_items_state_check" CHECK ("state" IN ('expected', 'filed', 'not_applicable'));--> statement-breakpoint
ALTER TABLE "expected_items" ADD CONSTRAINT "expected_items_origin_check" CHECK ("origin" IN ('generated', 'manual'));--> statement-breakpoint
-- An item stands at its level's place: a country item has a country and no site, a site item a site, a trial item
-- neither; a not-applicable one says why.
ALTER TABLE "expected_items" ADD CONSTRAINT "expected_items_place_check" CHECK (
  ("level" = 'trial' AND "country_id" IS NULL AND "site_id" IS NULL)
  OR ("level" = 'country' AND "country_id" IS NOT NULL AND "site_id" IS NULL)
  OR ("level" = 'site' AND "site_id" IS NOT NULL)
);--> statement-breakpoint
ALTER TABLE "expected_items" ADD CONSTRAINT "expected_items_reason_check" CHECK ("state" <> 'not_applicable' OR "reason" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "quality_issues" ADD CONSTRAINT "quality_issues_category_check" CHECK ("category" IN ('missing_signature', 'wrong_artifact', 'wrong_date', 'illegible', 'missing_pages', 'personal_data', 'other'));--> statement-breakpoint
ALTER TABLE "quality_issues" ADD CONSTRAINT "quality_issues_state_check" CHECK ("state" IN ('open', 'resolved', 'verified', 'waived'));--> statement-breakpoint
ALTER TABLE "quality_issues" ADD CONSTRAINT "quality_issues_page_check" CHECK ("page" IS NULL OR "page" >= 1);--> statement-breakpoint
-- A published model's expected rules are frozen with it (issue 27: figures refer to the rules they were measured
-- against). The one exception: edoc adds the rules of the models it ships (company null) at start, once, so a
-- database where the shipped model was published before rules existed gets them; it never changes or removes one.
CREATE OR REPLACE FUNCTION tmf_expected_rules_frozen() RETURNS trigger AS $$
DECLARE
  models integer[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN models := models || OLD.model_id; END IF;
  IF TG_OP <> 'DELETE' THEN models := models || NEW.model_id; END IF;
  IF EXISTS (
    SELECT 1 FROM tmf_models
    WHERE id = ANY (models) AND state = 'published' AND (TG_OP <> 'INSERT' OR company_id IS NOT NULL)
  ) THEN
    RAISE EXCEPTION 'TMF model % is published: its expected rules do not change (% refused)', models[1], TG_OP
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tmf_expected_rules_frozen BEFORE INSERT OR UPDATE OR DELETE ON tmf_expected_rules FOR EACH ROW EXECUTE FUNCTION tmf_expected_rules_frozen();
