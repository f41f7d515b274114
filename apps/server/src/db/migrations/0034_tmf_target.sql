ALTER TABLE "projects" ADD COLUMN "tmf_target_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "tmf_target_unit" text DEFAULT 'calendar' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_tmf_target_unit_check" CHECK ("tmf_target_unit" IN ('calendar', 'working'));--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_tmf_target_days_check" CHECK ("tmf_target_days" BETWEEN 1 AND 365);
