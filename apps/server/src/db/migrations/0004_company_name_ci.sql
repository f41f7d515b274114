ALTER TABLE "companies" DROP CONSTRAINT "companies_name_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_uq" ON "companies" USING btree (lower(trim("name")));