import { is, SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";

// Conditional writes written as SQL (INSERT … SELECT … WHERE, UPDATE … WHERE NOT EXISTS) that must
// run together in one D1 batch (one transaction). Drizzle batches only its query builders, so these
// are turned into D1 statements directly. The dialect holds no state: it only renders SQL.
const dialect = new SQLiteAsyncDialect();

/** Raw SQL, or one of drizzle's query builders (anything with toSQL()). */
export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

export function d1Statement(db: Db, query: Statement): D1PreparedStatement {
  const { sql, params } = is(query, SQL) ? dialect.sqlToQuery(query) : query.toSQL();
  return db.$client.prepare(sql).bind(...params);
}

/** Runs the statements as one transaction; each result has meta.changes. */
export async function runInTransaction(db: Db, queries: Statement[]): Promise<D1Result[]> {
  return db.$client.batch(queries.map((query) => d1Statement(db, query)));
}

/**
 * Whether a conditional write wrote its row. D1's `changes` counts the rows written by triggers too
 * (migration 0018's calendar version is bumped by one), so it is a count of at least one, not one.
 */
export function wroteRow(result: D1Result): boolean {
  return (result.meta.changes ?? 0) > 0;
}
