CREATE TABLE "board_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"reply_id" integer,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"mime_type" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_mentions" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"reply_id" integer,
	"by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "board_reads" (
	"user_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_reads_user_id_topic_id_pk" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "board_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" integer
);
--> statement-breakpoint
CREATE TABLE "board_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"last_post_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" integer
);
--> statement-breakpoint
CREATE TABLE "custom_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"definition" jsonb NOT NULL,
	"mail_to" integer[] DEFAULT '{}' NOT NULL,
	"last_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board_attachments" ADD CONSTRAINT "board_attachments_topic_id_board_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."board_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_attachments" ADD CONSTRAINT "board_attachments_reply_id_board_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."board_replies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_attachments" ADD CONSTRAINT "board_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_mentions" ADD CONSTRAINT "board_mentions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_mentions" ADD CONSTRAINT "board_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_mentions" ADD CONSTRAINT "board_mentions_topic_id_board_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."board_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_mentions" ADD CONSTRAINT "board_mentions_reply_id_board_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."board_replies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_mentions" ADD CONSTRAINT "board_mentions_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_reads" ADD CONSTRAINT "board_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_reads" ADD CONSTRAINT "board_reads_topic_id_board_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."board_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_replies" ADD CONSTRAINT "board_replies_topic_id_board_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."board_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_replies" ADD CONSTRAINT "board_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_replies" ADD CONSTRAINT "board_replies_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_topics" ADD CONSTRAINT "board_topics_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_topics" ADD CONSTRAINT "board_topics_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_topics" ADD CONSTRAINT "board_topics_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_reports" ADD CONSTRAINT "custom_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_reports" ADD CONSTRAINT "custom_reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_attachments_topic_idx" ON "board_attachments" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "board_attachments_sha_idx" ON "board_attachments" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "board_mentions_user_idx" ON "board_mentions" USING btree ("user_id","project_id","read_at");--> statement-breakpoint
CREATE INDEX "board_replies_topic_idx" ON "board_replies" USING btree ("topic_id","id");--> statement-breakpoint
CREATE INDEX "board_topics_list_idx" ON "board_topics" USING btree ("project_id","pinned","last_post_at");--> statement-breakpoint
CREATE INDEX "custom_reports_project_idx" ON "custom_reports" USING btree ("project_id","owner_id");