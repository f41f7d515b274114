-- Electronic signatures are records like the trail (21 CFR 11.70): once written, never changed or removed.
CREATE OR REPLACE FUNCTION signatures_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'electronic signatures are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER signatures_no_update_delete BEFORE UPDATE OR DELETE ON signatures FOR EACH ROW EXECUTE FUNCTION signatures_refuse_change();
--> statement-breakpoint
CREATE TRIGGER signatures_no_truncate BEFORE TRUNCATE ON signatures FOR EACH STATEMENT EXECUTE FUNCTION signatures_refuse_change();
