ALTER TABLE "documents" ADD COLUMN "artifact_id" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "document_date" date;--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "artifact_id" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_artifact_id_tmf_artifacts_id_fk" FOREIGN KEY ("artifact_id") REFERENCES "public"."tmf_artifacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_artifact_id_tmf_artifacts_id_fk" FOREIGN KEY ("artifact_id") REFERENCES "public"."tmf_artifacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_artifact_idx" ON "documents" USING btree ("project_id","artifact_id");