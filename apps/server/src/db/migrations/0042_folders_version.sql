-- Issue 30: a number on the project that changes with every change to its folders, in the changing transaction, so a
-- server may keep a project's folder tree and reuse it while the session look-up reads the same number
-- (db/folder-tree.ts) instead of sending the whole tree as JSON on every request. Numbers come from one sequence, so
-- no number is ever given twice in a database (each existing project gets its own here too): a kept tree can only
-- match the project it was read for, as it was then. One new number per statement and project (transition tables),
-- so applying a template of hundreds of folders updates the project's row once.
CREATE SEQUENCE "public"."folders_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "folders_version" bigint DEFAULT nextval('folders_version_seq') NOT NULL;
--> statement-breakpoint
CREATE FUNCTION folders_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE projects SET folders_version = nextval('folders_version_seq') WHERE id IN (SELECT project_id FROM new_folders);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE projects SET folders_version = nextval('folders_version_seq') WHERE id IN (SELECT project_id FROM old_folders);
  ELSE
    UPDATE projects SET folders_version = nextval('folders_version_seq')
    WHERE id IN (SELECT project_id FROM new_folders UNION SELECT project_id FROM old_folders);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER folders_version_insert AFTER INSERT ON folders REFERENCING NEW TABLE AS new_folders
  FOR EACH STATEMENT EXECUTE FUNCTION folders_version_bump();
--> statement-breakpoint
CREATE TRIGGER folders_version_update AFTER UPDATE ON folders REFERENCING OLD TABLE AS old_folders NEW TABLE AS new_folders
  FOR EACH STATEMENT EXECUTE FUNCTION folders_version_bump();
--> statement-breakpoint
CREATE TRIGGER folders_version_delete AFTER DELETE ON folders REFERENCING OLD TABLE AS old_folders
  FOR EACH STATEMENT EXECUTE FUNCTION folders_version_bump();
