import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * What the application role may do, applied by the owner after every migration (so new tables are covered):
 * read and write edoc's tables, but only INSERT and SELECT the trail (DESIGN §7) — no UPDATE, DELETE or TRUNCATE (nor of the
 * signatures), no DDL, no trigger switching (only an owner or superuser could disable the trail's guard).
 */
export async function grantAppRole(owner: Db, role: string): Promise<void> {
  const r = sql.identifier(role);
  // DO blocks take no parameters: the role goes in as a quoted literal.
  const name = sql.raw(`'${role.replace(/'/g, "''")}'`);
  await owner.transaction(async (tx) => {
    await tx.execute(sql`GRANT USAGE ON SCHEMA public TO ${r}`);
    await tx.execute(sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`);
    await tx.execute(sql`REVOKE UPDATE, DELETE, TRUNCATE ON TABLE trail FROM ${r}`);
    // Electronic signatures are records too (21 CFR 11.70).
    await tx.execute(sql`REVOKE UPDATE, DELETE, TRUNCATE ON TABLE signatures FROM ${r}`);
    await tx.execute(sql`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r}`);
    // pg-boss's queue schema belongs to the application role, which creates a table per queue as it runs. A data
    // folder from before this role existed has it owned by the owner: hand each object over once.
    await tx.execute(sql`
      DO $$
      DECLARE o record;
      BEGIN
        IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss' AND nspowner <> ${name}::regrole) THEN
          EXECUTE format('ALTER SCHEMA pgboss OWNER TO %I', ${name}::text);
          FOR o IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                   WHERE n.nspname = 'pgboss' AND c.relkind IN ('r', 'p', 'S', 'v') LOOP
            EXECUTE format('ALTER %s pgboss.%I OWNER TO %I',
              CASE o.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' ELSE 'TABLE' END, o.relname, ${name}::text);
          END LOOP;
          FOR o IN SELECT p.oid::regprocedure AS sig FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                   WHERE n.nspname = 'pgboss' LOOP
            EXECUTE format('ALTER ROUTINE %s OWNER TO %I', o.sig, ${name}::text);
          END LOOP;
          FOR o IN SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
                   WHERE n.nspname = 'pgboss' AND t.typtype IN ('e', 'c', 'd') AND t.typrelid = 0 LOOP
            EXECUTE format('ALTER TYPE pgboss.%I OWNER TO %I', o.typname, ${name}::text);
          END LOOP;
        END IF;
      END $$`);
  });
}
