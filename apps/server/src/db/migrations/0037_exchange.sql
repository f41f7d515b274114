CREATE TABLE "certified_copies" (
	"version_id" integer PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"signature_id" bigint NOT NULL,
	"certified_by" integer NOT NULL,
	"certified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sha256" text NOT NULL,
	"pages" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_import_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"object_id" text NOT NULL,
	"title" text NOT NULL,
	"source" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"target" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"suggestions" jsonb,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conflict" text DEFAULT 'none' NOT NULL,
	"decision" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"document_id" integer,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "exchange_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'uploaded' NOT NULL,
	"package_name" text NOT NULL,
	"package_sha256" text,
	"package_size" bigint,
	"server_path" text,
	"source_system" text,
	"study_id" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"lang" text DEFAULT 'zh-CN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "source_audit_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"version_id" integer,
	"import_id" integer NOT NULL,
	"source_system" text NOT NULL,
	"audit_id" text,
	"at" timestamp with time zone,
	"user_ref" text,
	"entry_type" text,
	"event" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_signatures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"version_id" integer,
	"import_id" integer NOT NULL,
	"source_system" text NOT NULL,
	"methodology" text,
	"user_oid" text,
	"name" text,
	"reason" text,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "source_unique_id" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "source_object_id" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "source_system" text;--> statement-breakpoint
ALTER TABLE "download_tasks" ADD COLUMN "kind" text DEFAULT 'files' NOT NULL;--> statement-breakpoint
ALTER TABLE "download_tasks" ADD COLUMN "selection" jsonb;--> statement-breakpoint
ALTER TABLE "download_tasks" ADD COLUMN "report" jsonb;--> statement-breakpoint
ALTER TABLE "certified_copies" ADD CONSTRAINT "certified_copies_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certified_copies" ADD CONSTRAINT "certified_copies_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certified_copies" ADD CONSTRAINT "certified_copies_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certified_copies" ADD CONSTRAINT "certified_copies_signature_id_signatures_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."signatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certified_copies" ADD CONSTRAINT "certified_copies_certified_by_users_id_fk" FOREIGN KEY ("certified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_import_rows" ADD CONSTRAINT "exchange_import_rows_import_id_exchange_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."exchange_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_import_rows" ADD CONSTRAINT "exchange_import_rows_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_imports" ADD CONSTRAINT "exchange_imports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_imports" ADD CONSTRAINT "exchange_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_audit_records" ADD CONSTRAINT "source_audit_records_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_audit_records" ADD CONSTRAINT "source_audit_records_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_audit_records" ADD CONSTRAINT "source_audit_records_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_audit_records" ADD CONSTRAINT "source_audit_records_import_id_exchange_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."exchange_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_signatures" ADD CONSTRAINT "source_signatures_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_signatures" ADD CONSTRAINT "source_signatures_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_signatures" ADD CONSTRAINT "source_signatures_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_signatures" ADD CONSTRAINT "source_signatures_import_id_exchange_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."exchange_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certified_copies_doc_idx" ON "certified_copies" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_import_rows_uq" ON "exchange_import_rows" USING btree ("import_id","row_no");--> statement-breakpoint
CREATE INDEX "exchange_imports_project_idx" ON "exchange_imports" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "source_audit_records_doc_idx" ON "source_audit_records" USING btree ("document_id","at","id");--> statement-breakpoint
CREATE INDEX "source_signatures_doc_idx" ON "source_signatures" USING btree ("document_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_source_object_uq" ON "documents" USING btree ("project_id","source_object_id") WHERE "documents"."deleted_at" is null and "documents"."source_object_id" is not null;--> statement-breakpoint
ALTER TABLE "download_tasks" ADD CONSTRAINT "download_tasks_kind_check" CHECK ("kind" IN ('files', 'ems', 'inspection'));--> statement-breakpoint
ALTER TABLE "exchange_imports" ADD CONSTRAINT "exchange_imports_kind_check" CHECK ("kind" IN ('ems', 'bulk'));--> statement-breakpoint
ALTER TABLE "exchange_imports" ADD CONSTRAINT "exchange_imports_state_check" CHECK ("state" IN ('uploaded', 'validating', 'preview', 'filing', 'done', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "exchange_imports" ADD CONSTRAINT "exchange_imports_package_check" CHECK (("package_sha256" IS NULL) <> ("server_path" IS NULL));--> statement-breakpoint
ALTER TABLE "exchange_import_rows" ADD CONSTRAINT "exchange_import_rows_conflict_check" CHECK ("conflict" IN ('none', 'exists'));--> statement-breakpoint
ALTER TABLE "exchange_import_rows" ADD CONSTRAINT "exchange_import_rows_decision_check" CHECK ("decision" IS NULL OR "decision" IN ('accept', 'skip', 'new_version'));--> statement-breakpoint
ALTER TABLE "exchange_import_rows" ADD CONSTRAINT "exchange_import_rows_state_check" CHECK ("state" IN ('pending', 'filed', 'failed', 'skipped'));
--> statement-breakpoint
-- Facts of a source system and certifications are written once and never changed, as signatures (0011).
CREATE TRIGGER source_signatures_no_update_delete BEFORE UPDATE OR DELETE ON source_signatures FOR EACH ROW EXECUTE FUNCTION signatures_refuse_change();--> statement-breakpoint
CREATE TRIGGER source_signatures_no_truncate BEFORE TRUNCATE ON source_signatures FOR EACH STATEMENT EXECUTE FUNCTION signatures_refuse_change();--> statement-breakpoint
CREATE TRIGGER source_audit_records_no_update_delete BEFORE UPDATE OR DELETE ON source_audit_records FOR EACH ROW EXECUTE FUNCTION signatures_refuse_change();--> statement-breakpoint
CREATE TRIGGER source_audit_records_no_truncate BEFORE TRUNCATE ON source_audit_records FOR EACH STATEMENT EXECUTE FUNCTION signatures_refuse_change();--> statement-breakpoint
CREATE TRIGGER certified_copies_no_update_delete BEFORE UPDATE OR DELETE ON certified_copies FOR EACH ROW EXECUTE FUNCTION signatures_refuse_change();--> statement-breakpoint
CREATE TRIGGER certified_copies_no_truncate BEFORE TRUNCATE ON certified_copies FOR EACH STATEMENT EXECUTE FUNCTION signatures_refuse_change();
