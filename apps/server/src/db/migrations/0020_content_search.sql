CREATE TABLE "content_pages" (
	"sha256" text NOT NULL,
	"page" integer NOT NULL,
	"body" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	CONSTRAINT "content_pages_sha256_page_pk" PRIMARY KEY("sha256","page")
);
--> statement-breakpoint
CREATE TABLE "content_texts" (
	"sha256" text PRIMARY KEY NOT NULL,
	"extension" text NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	"pages" integer DEFAULT 0 NOT NULL,
	"chars" integer DEFAULT 0 NOT NULL,
	"tsv" "tsvector",
	"ocr" smallint DEFAULT 0 NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_sha256_content_texts_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."content_texts"("sha256") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_texts_waiting_idx" ON "content_texts" USING btree ("next_at") WHERE state = 0;--> statement-breakpoint
CREATE INDEX "content_texts_tsv_idx" ON "content_texts" USING gin ("tsv");--> statement-breakpoint
-- Every version already stored waits for its text, once per content (issue 13).
INSERT INTO "content_texts" ("sha256", "extension")
  SELECT DISTINCT ON ("sha256") "sha256", "extension" FROM "document_versions" ORDER BY "sha256"
  ON CONFLICT DO NOTHING;
