-- The operation trail is append-only: no row may be changed or removed, by anyone, through any client.
CREATE OR REPLACE FUNCTION trail_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the operation trail is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER trail_no_update_delete BEFORE UPDATE OR DELETE ON trail FOR EACH ROW EXECUTE FUNCTION trail_refuse_change();
--> statement-breakpoint
CREATE TRIGGER trail_no_truncate BEFORE TRUNCATE ON trail FOR EACH STATEMENT EXECUTE FUNCTION trail_refuse_change();
