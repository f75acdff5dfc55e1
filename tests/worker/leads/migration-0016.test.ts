import { env } from "cloudflare:workers";
import { afterAll, beforeAll, expect, test } from "vitest";

// Migration 0016 starts double opt-in for marketing consent. Consent recorded before it came from
// forms anyone could fill in with any address, so it cannot be proved: it becomes a request that
// was never confirmed, and the lead has no consent until its address confirms a new one. The
// statements of 0016 run again on scratch copies of the tables (every name prefixed with m16_).

const NAMES = ["marketing_consent_requests_lead_idx", "marketing_consent_requests", "lead_activities", "leads"];
const NAME = new RegExp(`\\b(${NAMES.join("|")})\\b`, "g");
const scratch = (sql: string) => sql.replace(NAME, "m16_$1");
const withoutComments = (sql: string) => sql.replace(/--.*$/gm, "");

async function dropScratch() {
  for (const table of ["m16_marketing_consent_requests", "m16_lead_activities", "m16_leads"]) await env.DB.prepare(`DROP TABLE IF EXISTS ${table}`).run();
}

beforeAll(dropScratch);
afterAll(dropScratch);

test("0016 turns consent recorded without confirmation into an unconfirmed request, and leaves leads without consent untouched", async () => {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0016"));
  expect(migration).toBeDefined();
  // The columns 0016 reads and writes, as 0015 left them, then every statement of 0016.
  await env.DB.prepare(
    "CREATE TABLE m16_leads (id TEXT PRIMARY KEY NOT NULL, email TEXT NOT NULL, name TEXT NOT NULL, marketing_consent_at TEXT, marketing_consent_source TEXT)",
  ).run();
  await env.DB.prepare("CREATE TABLE m16_lead_activities AS SELECT id, lead_id, source, message FROM lead_activities WHERE 0").run();
  const insert = (row: Record<string, string | null>) => {
    const columns = Object.keys(row);
    return env.DB.prepare(`INSERT INTO m16_leads (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).bind(...Object.values(row));
  };
  await env.DB.batch([
    insert({
      id: "consented",
      email: "a@example.com.au",
      name: "A",
      marketing_consent_at: "2026-11-02T03:04:05.000Z",
      marketing_consent_source: "resources page download form: eofy",
    }),
    insert({
      id: "no-source",
      email: "b@example.com.au",
      name: "B",
      marketing_consent_at: "2026-11-03T00:00:00.000Z",
      marketing_consent_source: null,
    }),
    insert({ id: "none", email: "c@example.com.au", name: "C", marketing_consent_at: null, marketing_consent_source: null }),
  ]);
  for (const query of migration!.queries) {
    if (/\bmarketing_consent_requests\b|\bleads\b|\blead_activities\b/.test(withoutComments(query))) await env.DB.prepare(scratch(query)).run();
  }

  const { results: leads } = await env.DB.prepare("SELECT id, marketing_consent_at, marketing_consent_source FROM m16_leads ORDER BY id").all();
  expect(leads).toEqual([
    { id: "consented", marketing_consent_at: null, marketing_consent_source: null },
    { id: "no-source", marketing_consent_at: null, marketing_consent_source: null },
    { id: "none", marketing_consent_at: null, marketing_consent_source: null },
  ]);
  const { results: requests } = await env.DB.prepare(
    "SELECT lead_id, source, requested_at, expires_at, confirmed_at, confirmed_by FROM m16_marketing_consent_requests ORDER BY lead_id",
  ).all();
  expect(requests).toEqual([
    {
      lead_id: "consented",
      source: "resources page download form: eofy (recorded before confirmation by email was required)",
      requested_at: "2026-11-02T03:04:05.000Z",
      expires_at: "2026-11-02T03:04:05.000Z",
      confirmed_at: null,
      confirmed_by: null,
    },
    {
      lead_id: "no-source",
      source: "unknown form (recorded before confirmation by email was required)",
      requested_at: "2026-11-03T00:00:00.000Z",
      expires_at: "2026-11-03T00:00:00.000Z",
      confirmed_at: null,
      confirmed_by: null,
    },
  ]);
  // Enquiries gain a column for the details they gave.
  expect((await env.DB.prepare("PRAGMA table_info(m16_lead_activities)").all<{ name: string }>()).results.map((c) => c.name)).toContain("details");
});
