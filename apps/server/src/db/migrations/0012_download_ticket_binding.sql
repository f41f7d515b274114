-- Links issued before they were bound to a session cannot be bound now; they live five minutes anyway.
DELETE FROM "download_tickets";--> statement-breakpoint
ALTER TABLE "download_tickets" ADD COLUMN "session_id" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "download_tickets" ADD COLUMN "project_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "download_tickets" ADD COLUMN "document_id" integer;--> statement-breakpoint
ALTER TABLE "download_tickets" ADD COLUMN "version_id" integer;--> statement-breakpoint
ALTER TABLE "download_tickets" ADD COLUMN "task_id" integer;--> statement-breakpoint
ALTER TABLE "download_tickets" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "download_tickets" DROP COLUMN "sha256";--> statement-breakpoint
ALTER TABLE "download_tickets" DROP COLUMN "size";--> statement-breakpoint
ALTER TABLE "download_tickets" DROP COLUMN "file_name";--> statement-breakpoint
ALTER TABLE "download_tickets" DROP COLUMN "content_type";