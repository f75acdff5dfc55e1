import { env } from "cloudflare:workers";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { expect, test } from "vitest";
import { FULL_TEXT_TABLES, SCHEMA_TABLES } from "~/db/tables.server";

// The drizzle schema is the typed source of the tables; migrations/ is what D1 actually runs.
// This test applies every migration (see apply-migrations.ts) and compares the result with the
// schema, so a column, type, nullability, default, key, index or foreign key changed on one side
// only fails.

type ColumnShape = { name: string; type: string; notNull: boolean; primaryKey: boolean; hasDefault: boolean };

const tables = SCHEMA_TABLES;

function normaliseType(type: string) {
  return type.toUpperCase().replace(/\(.*\)$/, "");
}

async function databaseColumns(table: string): Promise<ColumnShape[]> {
  const { results } = await env.DB.prepare(`PRAGMA table_info(${JSON.stringify(table)})`).all<{
    name: string;
    type: string;
    notnull: number;
    pk: number;
    dflt_value: string | null;
  }>();
  return results
    .map((c) => ({ name: c.name, type: normaliseType(c.type), notNull: c.notnull === 1 || c.pk > 0, primaryKey: c.pk > 0, hasDefault: c.dflt_value !== null }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function schemaColumns(table: SQLiteTable): ColumnShape[] {
  const config = getTableConfig(table);
  const compositeKey = new Set(config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)));
  return config.columns
    .map((c) => ({
      name: c.name,
      type: normaliseType(c.getSQLType()),
      notNull: c.notNull || c.primary || compositeKey.has(c.name),
      primaryKey: c.primary || compositeKey.has(c.name),
      hasDefault: c.hasDefault && c.default !== undefined,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

test("the schema declares at least the foundation tables", () => {
  const names = tables.map((t) => getTableConfig(t).name);
  expect(names).toEqual(expect.arrayContaining(["users", "user_roles", "profiles", "leads"]));
});

test("every schema table exists in the migrated database with the same columns", async () => {
  for (const table of tables) {
    const name = getTableConfig(table).name;
    expect(await databaseColumns(name), `columns of ${name}`).toEqual(schemaColumns(table));
  }
});

test("every schema index exists in the migrated database with the same columns and uniqueness", async () => {
  for (const table of tables) {
    const config = getTableConfig(table);
    const expected = config.indexes
      .map((index) => ({
        name: index.config.name,
        unique: Boolean(index.config.unique),
        columns: index.config.columns.map((c) => ("name" in c ? c.name : String(c))),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const { results } = await env.DB.prepare(`PRAGMA index_list(${JSON.stringify(config.name)})`).all<{ name: string; unique: number; origin: string }>();
    const actual = [];
    for (const index of results.filter((i) => i.origin === "c")) {
      const { results: cols } = await env.DB.prepare(`PRAGMA index_info(${JSON.stringify(index.name)})`).all<{ name: string }>();
      actual.push({ name: index.name, unique: index.unique === 1, columns: cols.map((c) => c.name) });
    }
    actual.sort((a, b) => a.name.localeCompare(b.name));
    expect(actual, `indexes of ${config.name}`).toEqual(expected);
  }
});

test("every schema foreign key exists in the migrated database with the same columns and rules", async () => {
  for (const table of tables) {
    const config = getTableConfig(table);
    const expected = config.foreignKeys
      .map((fk) => {
        const { columns, foreignTable, foreignColumns } = fk.reference();
        return {
          from: columns.map((c) => c.name),
          table: getTableConfig(foreignTable).name,
          to: foreignColumns.map((c) => c.name),
          // SQLite's default, and what drizzle means by leaving the rule out.
          onDelete: fk.onDelete ?? "no action",
          onUpdate: fk.onUpdate ?? "no action",
        };
      })
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const { results } = await env.DB.prepare(`PRAGMA foreign_key_list(${JSON.stringify(config.name)})`).all<{
      id: number;
      seq: number;
      table: string;
      from: string;
      to: string | null;
      on_update: string;
      on_delete: string;
    }>();
    // One row per column: a key over several columns shares its id, ordered by seq.
    const byId = new Map<number, typeof results>();
    for (const row of [...results].sort((a, b) => a.seq - b.seq)) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
    const actual = [...byId.values()]
      .map((rows) => ({
        from: rows.map((r) => r.from),
        table: rows[0]!.table,
        to: rows.map((r) => r.to),
        onDelete: rows[0]!.on_delete.toLowerCase(),
        onUpdate: rows[0]!.on_update.toLowerCase(),
      }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(actual, `foreign keys of ${config.name}`).toEqual(expected);
  }
});

test("the migrated database has no tables the schema does not know", async () => {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'",
  ).all<{ name: string }>();
  const known = new Set(tables.map((t) => getTableConfig(t).name));
  // FTS5 virtual tables (SQL only: drizzle has no type for them) and the shadow tables FTS5 keeps.
  const fullText = (name: string) => FULL_TEXT_TABLES.some((table) => name === table || name.startsWith(`${table}_`));
  expect(results.map((r) => r.name).filter((name) => !known.has(name) && !fullText(name))).toEqual([]);
});

test("each full-text table is an FTS5 virtual table in the migrated database", async () => {
  for (const table of FULL_TEXT_TABLES) {
    const row = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").bind(table).first<{ sql: string }>();
    expect(row?.sql, table).toMatch(/USING fts5/i);
  }
});
