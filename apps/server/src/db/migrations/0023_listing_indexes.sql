DROP INDEX "documents_project_folder_idx";--> statement-breakpoint
DROP INDEX "documents_updated_idx";--> statement-breakpoint
CREATE INDEX "documents_live_folder_idx" ON "documents" USING btree ("project_id","folder_id","id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_deleted_idx" ON "documents" USING btree ("project_id","deleted_at") WHERE "documents"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "documents_assignee_idx" ON "documents" USING btree ("project_id","assignee_id") WHERE "documents"."assignee_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_name_order_idx" ON "documents" USING btree ("project_id","name","id","folder_id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_created_order_idx" ON "documents" USING btree ("project_id","created_at","id","folder_id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_status_order_idx" ON "documents" USING btree ("project_id","status","id","folder_id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_code_order_idx" ON "documents" USING btree ("project_id","file_code","id","folder_id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_updated_idx" ON "documents" USING btree ("project_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"folder_id") WHERE "documents"."deleted_at" is null;