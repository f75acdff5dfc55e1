import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { SEED_STATEMENTS } from "~/db/seed-data";

// Idempotent: applies only migrations the local database has not seen, then the demo content
// (inserted only where missing), exactly as `npm start` does.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await env.DB.batch(SEED_STATEMENTS.map((statement) => env.DB.prepare(statement)));
