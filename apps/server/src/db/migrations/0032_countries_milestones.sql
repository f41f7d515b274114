CREATE TABLE "milestone_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"level" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestones" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"country_id" integer,
	"site_id" integer,
	"planned" date,
	"actual" date,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"code" varchar(2) NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "country_id" integer;--> statement-breakpoint
ALTER TABLE "milestone_types" ADD CONSTRAINT "milestone_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_type_id_milestone_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."milestone_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "milestone_types_company_code_uq" ON "milestone_types" USING btree (coalesce("company_id", 0),"code");--> statement-breakpoint
CREATE UNIQUE INDEX "milestones_place_uq" ON "milestones" USING btree ("project_id","type_id",coalesce("country_id", 0),coalesce("site_id", 0));--> statement-breakpoint
CREATE INDEX "milestones_site_idx" ON "milestones" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_project_code_uq" ON "countries" USING btree ("project_id","code");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;