ALTER TABLE "tasks" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
-- Tasks opened before e-mails existed are not announced now, all at once.
UPDATE "tasks" SET "notified_at" = now();