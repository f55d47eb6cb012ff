/**
 * Prepared queries, built once per database handle and name (the one place that keeps them). A named statement
 * saves PostgreSQL the parse and plan on every request. Through a transaction pooler (PgBouncer in transaction mode:
 * DATABASE_DIRECT_URL set), the next transaction may land on a server connection that never saw the statement, so
 * they are unnamed there (the empty name: parsed on each use, which any pooler passes through).
 */
let named = true;

/** Called once when the app's pool is created: false when DATABASE_URL goes through a transaction pooler. */
export function setNamedStatements(on: boolean): void {
  named = on;
}

const byDb = new WeakMap<object, Map<string, unknown>>();

/** The query `build` makes for this handle and name, built the first time; `build` gets the statement's name. */
export function prepared<T>(db: object, name: string, build: (statementName: string) => T): T {
  let forDb = byDb.get(db);
  if (!forDb) {
    forDb = new Map();
    byDb.set(db, forDb);
  }
  let query = forDb.get(name) as T | undefined;
  if (query === undefined) {
    query = build(named ? name : '');
    forDb.set(name, query);
  }
  return query;
}
