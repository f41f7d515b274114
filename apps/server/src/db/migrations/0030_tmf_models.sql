CREATE TABLE "tmf_artifacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"number" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text,
	"sub_artifacts" text[] DEFAULT '{}'::text[] NOT NULL,
	"levels" text[] NOT NULL,
	"core" boolean DEFAULT false NOT NULL,
	"ich_ref" text,
	"date_label" text,
	"review" boolean DEFAULT false NOT NULL,
	"qc" boolean DEFAULT false NOT NULL,
	"approval" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tmf_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"source" text,
	"based_on_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tmf_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"number" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tmf_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"number" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "tmf_model_id" integer;--> statement-breakpoint
ALTER TABLE "tmf_artifacts" ADD CONSTRAINT "tmf_artifacts_model_id_tmf_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."tmf_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmf_artifacts" ADD CONSTRAINT "tmf_artifacts_section_id_tmf_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."tmf_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmf_models" ADD CONSTRAINT "tmf_models_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmf_models" ADD CONSTRAINT "tmf_models_based_on_id_tmf_models_id_fk" FOREIGN KEY ("based_on_id") REFERENCES "public"."tmf_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmf_models" ADD CONSTRAINT "tmf_models_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmf_sections" ADD CONSTRAINT "tmf_sections_model_id_tmf_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."tmf_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmf_sections" ADD CONSTRAINT "tmf_sections_zone_id_tmf_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."tmf_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmf_zones" ADD CONSTRAINT "tmf_zones_model_id_tmf_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."tmf_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tmf_artifacts_model_number_uq" ON "tmf_artifacts" USING btree ("model_id","number");--> statement-breakpoint
CREATE INDEX "tmf_artifacts_section_idx" ON "tmf_artifacts" USING btree ("section_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tmf_models_company_name_version_uq" ON "tmf_models" USING btree (coalesce("company_id", 0),lower("name"),"version");--> statement-breakpoint
CREATE UNIQUE INDEX "tmf_sections_model_number_uq" ON "tmf_sections" USING btree ("model_id","number");--> statement-breakpoint
CREATE INDEX "tmf_sections_zone_idx" ON "tmf_sections" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tmf_zones_model_number_uq" ON "tmf_zones" USING btree ("model_id","number");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_tmf_model_id_tmf_models_id_fk" FOREIGN KEY ("tmf_model_id") REFERENCES "public"."tmf_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmf_models" ADD CONSTRAINT "tmf_models_state_check" CHECK ("state" IN ('draft', 'published'));--> statement-breakpoint
ALTER TABLE "tmf_artifacts" ADD CONSTRAINT "tmf_artifacts_levels_check" CHECK (cardinality("levels") > 0 AND "levels" <@ ARRAY['trial', 'country', 'site']::text[]);--> statement-breakpoint
-- A published TMF model is frozen (issue 27): projects are measured against it, so its content never changes, by any
-- client. Its zones, sections and artifacts take no insert, update or delete while the model row is there (a model
-- no project uses may be deleted whole: its rows then go by the cascade, the model row already gone).
CREATE OR REPLACE FUNCTION tmf_model_rows_frozen() RETURNS trigger AS $$
DECLARE
  models integer[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN models := models || OLD.model_id; END IF;
  IF TG_OP <> 'DELETE' THEN models := models || NEW.model_id; END IF;
  IF EXISTS (SELECT 1 FROM tmf_models WHERE id = ANY (models) AND state = 'published') THEN
    RAISE EXCEPTION 'TMF model % is published: its % do not change (% refused)', models[1], TG_TABLE_NAME, TG_OP
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tmf_zones_frozen BEFORE INSERT OR UPDATE OR DELETE ON tmf_zones FOR EACH ROW EXECUTE FUNCTION tmf_model_rows_frozen();
--> statement-breakpoint
CREATE TRIGGER tmf_sections_frozen BEFORE INSERT OR UPDATE OR DELETE ON tmf_sections FOR EACH ROW EXECUTE FUNCTION tmf_model_rows_frozen();
--> statement-breakpoint
CREATE TRIGGER tmf_artifacts_frozen BEFORE INSERT OR UPDATE OR DELETE ON tmf_artifacts FOR EACH ROW EXECUTE FUNCTION tmf_model_rows_frozen();
--> statement-breakpoint
-- A published model's own row changes in nothing, not its name, source or state (publishing is the last change); the
-- one exception is based_on_id going null when the version it was copied from is deleted (its foreign key's SET NULL).
CREATE OR REPLACE FUNCTION tmf_model_frozen() RETURNS trigger AS $$
BEGIN
  IF OLD.state = 'published'
     AND to_jsonb(NEW) IS DISTINCT FROM to_jsonb(OLD)
     AND to_jsonb(NEW) IS DISTINCT FROM (to_jsonb(OLD) || '{"based_on_id": null}'::jsonb) THEN
    RAISE EXCEPTION 'TMF model % is published and does not change (UPDATE refused)', OLD.id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tmf_models_frozen BEFORE UPDATE ON tmf_models FOR EACH ROW EXECUTE FUNCTION tmf_model_frozen();
