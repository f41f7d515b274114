CREATE TABLE "document_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "route_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"route_id" integer NOT NULL,
	"stage" smallint NOT NULL,
	"all_must_act" boolean DEFAULT false NOT NULL,
	"signature_required" boolean DEFAULT false NOT NULL,
	"due_date" date,
	"state" smallint,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "route_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"site_id" integer,
	"group_id" integer,
	"name" text NOT NULL,
	"route" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"stage_assignee_id" integer,
	"user_id" integer NOT NULL,
	"session_id" bigint NOT NULL,
	"printed_name" text NOT NULL,
	"meaning" text NOT NULL,
	"content_sha256" text NOT NULL,
	"time_zone" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage_assignees" (
	"id" serial PRIMARY KEY NOT NULL,
	"stage_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"decision" smallint DEFAULT 0 NOT NULL,
	"comment" text,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"sender_id" integer,
	"stage_assignee_id" integer,
	"due_date" date,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"reminded_due_at" date,
	"reminded_overdue_at" date
);
--> statement-breakpoint
ALTER TABLE "document_routes" ADD CONSTRAINT "document_routes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_routes" ADD CONSTRAINT "document_routes_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_routes" ADD CONSTRAINT "document_routes_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_routes" ADD CONSTRAINT "document_routes_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stages" ADD CONSTRAINT "route_stages_route_id_document_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."document_routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_templates" ADD CONSTRAINT "route_templates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_templates" ADD CONSTRAINT "route_templates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_templates" ADD CONSTRAINT "route_templates_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_templates" ADD CONSTRAINT "route_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_stage_assignee_id_stage_assignees_id_fk" FOREIGN KEY ("stage_assignee_id") REFERENCES "public"."stage_assignees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_assignees" ADD CONSTRAINT "stage_assignees_stage_id_route_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."route_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_assignees" ADD CONSTRAINT "stage_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_stage_assignee_id_stage_assignees_id_fk" FOREIGN KEY ("stage_assignee_id") REFERENCES "public"."stage_assignees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_routes_document_idx" ON "document_routes" USING btree ("document_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "route_stages_route_stage_uq" ON "route_stages" USING btree ("route_id","stage");--> statement-breakpoint
CREATE INDEX "route_templates_project_idx" ON "route_templates" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "signatures_version_idx" ON "signatures" USING btree ("version_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stage_assignees_stage_user_uq" ON "stage_assignees" USING btree ("stage_id","user_id");--> statement-breakpoint
CREATE INDEX "stage_assignees_user_idx" ON "stage_assignees" USING btree ("user_id","decision");--> statement-breakpoint
CREATE INDEX "tasks_user_open_idx" ON "tasks" USING btree ("user_id","state","project_id");--> statement-breakpoint
CREATE INDEX "tasks_document_idx" ON "tasks" USING btree ("document_id","state");