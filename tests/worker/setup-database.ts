import { env } from "cloudflare:workers";
import { SEED_STATEMENTS } from "~/db/seed-data";

// Each test file starts in a Worker of its own on an empty database: every migration, recorded in
// d1_migrations as `wrangler d1 migrations apply` records them, then the demo content, as `npm start`
// applies them. One batch (one transaction, one round trip to D1) rather than one a migration and
// one for the seed: about half the time a file spent here. On a database that is not empty it fails
// at once (d1_migrations already exists) rather than migrating twice.
const sql = (statement: string) => env.DB.prepare(statement);
await env.DB.batch([
  sql("CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)"),
  ...env.TEST_MIGRATIONS.flatMap((migration) => [...migration.queries.map(sql), sql("INSERT INTO d1_migrations (name) VALUES (?)").bind(migration.name)]),
  ...SEED_STATEMENTS.map(sql),
]);
