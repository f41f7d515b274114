import type { Tx } from './client.ts';

/**
 * A list's statement built once per shape of request and per database (the primary, or a replica readsOf picked),
 * its values passed as placeholders (issue 30: drizzle building the folder page's statement on every request took a
 * fifth of the server's time). It is sent unnamed, the empty name being the protocol's unnamed statement, so
 * PostgreSQL still plans each run for its values: a named statement may switch to a generic plan after five runs,
 * which on the bench's 100,000 documents took 9 to 200 ms where the plan for the values took 1 to 28 ms
 * (docs/speed.md). Past `kept` shapes, which no list asks for in practice, a statement is built for each request.
 */
export function builtOnce<Shape, Statement extends { prepare(name: string): unknown }>(
  build: (db: Tx, shape: Shape) => Statement,
  keyOf: (shape: Shape) => string,
  kept = 64,
): (db: Tx, shape: Shape) => ReturnType<Statement['prepare']> {
  const built = new WeakMap<Tx, Map<string, ReturnType<Statement['prepare']>>>();
  return (db, shape) => {
    const key = keyOf(shape);
    let byKey = built.get(db);
    if (!byKey) built.set(db, (byKey = new Map()));
    const known = byKey.get(key);
    if (known) return known;
    const statement = build(db, shape).prepare('') as ReturnType<Statement['prepare']>;
    if (byKey.size < kept) byKey.set(key, statement);
    return statement;
  };
}

/**
 * A statement whose plan is the same whatever its values (each row read by its key), built once per database and
 * named: PostgreSQL then plans it once per connection and reuses that plan, where planning it on every run cost as
 * much as running it. Only for such statements: the shapes above must be planned for their values.
 */
export function namedOnce<Statement extends { prepare(name: string): unknown }>(
  name: string,
  build: (db: Tx) => Statement,
): (db: Tx) => ReturnType<Statement['prepare']> {
  const built = new WeakMap<Tx, ReturnType<Statement['prepare']>>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db).prepare(name) as ReturnType<Statement['prepare']>));
    return statement;
  };
}
