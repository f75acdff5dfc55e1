import { env } from "cloudflare:workers";
import { contentIndexStatements } from "~/ai-coach/content-index.server";
import { SEED_STATEMENTS } from "~/db/seed-data";
import { bumpContentVersion } from "~/edge-cache/edge-cache.server";

// Each test file starts on an empty database: every migration, recorded in d1_migrations as
// `wrangler d1 migrations apply` records them, then the demo content and its search index, as
// `npm start` applies them.
// One batch (one transaction, one round trip to D1).
//
// Most files share their Worker with the files run before them in the same Vitest worker
// (vitest.worker.config.ts, project "shared"): loading the Worker's modules is most of a file's cost,
// so it happens once per Vitest worker rather than once per file. Such a file finds the previous
// file's tables, stored objects and sessions: they are dropped and emptied here first, and the
// content version moves on, so no page cached for the previous file is served to this one.
const sql = (statement: string) => env.DB.prepare(statement);

const { results: tables } = await env.DB.prepare(
  "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
).all<{ name: string; sql: string | null }>();
if (tables.length > 0) {
  // A virtual table (full-text search) owns shadow tables named after it: dropping it drops them.
  const virtual = tables.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql ?? "")).map((table) => table.name);
  const plain = tables.filter((table) => !virtual.includes(table.name) && !virtual.some((name) => table.name.startsWith(`${name}_`)));
  await env.DB.batch([sql("PRAGMA defer_foreign_keys = ON"), ...[...virtual, ...dropOrder(plain)].map((name) => sql(`DROP TABLE "${name}"`))]);
  await Promise.all([...[env.SESSIONS, env.ATTRIBUTION, env.EDGE_CACHE].map(emptyNamespace), ...[env.UPLOADS, env.RECORDINGS].map(emptyBucket)]);
  await bumpContentVersion(env);
}

await env.DB.batch([
  sql("CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)"),
  ...env.TEST_MIGRATIONS.flatMap((migration) => [...migration.queries.map(sql), sql("INSERT INTO d1_migrations (name) VALUES (?)").bind(migration.name)]),
  ...SEED_STATEMENTS.map(sql),
  // The AI coach's search index of the seeded content, as the seed builds it for `npm start`.
  ...contentIndexStatements().map(sql),
]);

async function emptyNamespace(namespace: KVNamespace) {
  let cursor: string | undefined;
  do {
    const page = await namespace.list(cursor ? { cursor } : {});
    await Promise.all(page.keys.map((key) => namespace.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

async function emptyBucket(bucket: R2Bucket) {
  let cursor: string | undefined;
  do {
    const page = await bucket.list(cursor ? { cursor } : {});
    if (page.objects.length) await bucket.delete(page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/** Referencing tables before the tables they reference: dropping a referenced table first fails its referrers' checks. */
function dropOrder(tables: { name: string; sql: string | null }[]): string[] {
  const references = new Map(
    tables.map((table) => [
      table.name,
      new Set([...(table.sql ?? "").matchAll(/REFERENCES\s+"?(\w+)"?/gi)].map((match) => match[1]!).filter((name) => name !== table.name)),
    ]),
  );
  const order: string[] = [];
  const left = new Set(references.keys());
  while (left.size > 0) {
    // A table no remaining table references can go now.
    const free = [...left].filter((name) => ![...left].some((other) => references.get(other)!.has(name)));
    for (const name of free.length ? free : [...left]) {
      order.push(name);
      left.delete(name);
    }
  }
  return order;
}
