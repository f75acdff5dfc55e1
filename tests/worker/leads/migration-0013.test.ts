import { env } from "cloudflare:workers";
import { afterAll, beforeAll, expect, test } from "vitest";

// Migration 0013 turns one lead row per enquiry into one lead per person with its enquiries as
// activities. The test database is already migrated, so the leads statements of migrations
// 0001–0012 and then 0013 itself run again on scratch copies of the tables (every name prefixed
// with m13_), with duplicate addresses in the old table, exactly as the migration files say.

const NAMES = [
  "leads_merged",
  "leads_email_unique",
  "leads_last_activity_idx",
  "leads_created_at_idx",
  "leads_email_idx",
  "lead_activities_conversation_unique",
  "lead_activities_lead_idx",
  "lead_activities",
  "leads",
];
const NAME = new RegExp(`\\b(${NAMES.join("|")})\\b`, "g");
const scratch = (sql: string) => sql.replace(NAME, "m13_$1");
const withoutComments = (sql: string) => sql.replace(/--.*$/gm, "");

async function dropScratch() {
  for (const table of ["m13_lead_activities", "m13_leads_merged", "m13_leads"]) await env.DB.prepare(`DROP TABLE IF EXISTS ${table}`).run();
}

beforeAll(dropScratch);
afterAll(dropScratch);

function migration(prefix: string) {
  const found = env.TEST_MIGRATIONS.find((m) => m.name.startsWith(prefix));
  if (!found) throw new Error(`migration ${prefix} not found`);
  return found;
}

test("0013 merges leads with the same address (in any case) into the oldest, and keeps every enquiry as an activity", async () => {
  // The old leads table, as 0001–0012 left it.
  const before = env.TEST_MIGRATIONS.filter((m) => m.name < "0013").flatMap((m) => m.queries.filter((q) => /\b(TABLE|ON)\s+leads\b/i.test(withoutComments(q))));
  expect(before.length).toBeGreaterThanOrEqual(4);
  for (const query of before) await env.DB.prepare(scratch(query)).run();

  const insert = (row: Record<string, string | null>) => {
    const columns = Object.keys(row);
    return env.DB.prepare(`INSERT INTO m13_leads (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).bind(...Object.values(row));
  };
  await env.DB.batch([
    insert({
      id: "old-1",
      source: "contact",
      name: "Sam",
      email: " Sam@Example.com.au",
      company: "Taylor Tiling",
      phone: "0400 000 111",
      business_type: null,
      message: "First enquiry",
      marketing_consent_at: "2026-01-01T00:00:00.000Z",
      marketing_consent_source: "contact",
      created_at: "2026-01-01T00:00:00.000Z",
    }),
    insert({
      id: "old-3",
      source: "booking",
      name: "Samuel Taylor",
      email: "sam@example.com.au",
      company: null,
      phone: null,
      business_type: "Trades and construction",
      message: "Third enquiry",
      created_at: "2026-03-01T00:00:00.000Z",
    }),
    insert({
      id: "old-2",
      source: "resource",
      name: "S Taylor",
      email: "SAM@EXAMPLE.COM.AU",
      resource_slug: "cash-flow-guide",
      marketing_consent_at: "2026-02-01T00:00:00.000Z",
      marketing_consent_source: "resource",
      created_at: "2026-02-01T00:00:00.000Z",
    }),
    insert({ id: "solo", source: "contact", name: "Alex", email: "alex@example.com.au", message: "Hello", created_at: "2026-01-15T00:00:00.000Z" }),
  ]);

  await env.DB.batch(migration("0013").queries.map((query) => env.DB.prepare(scratch(query))));

  const { results: leads } = await env.DB.prepare("SELECT * FROM m13_leads ORDER BY id").all();
  expect(leads).toEqual([
    {
      id: "old-1",
      // The oldest row's id, first source and first seen; the newest name and details; a blank never wipes a known one.
      email: "sam@example.com.au",
      name: "Samuel Taylor",
      company: "Taylor Tiling",
      phone: "0400 000 111",
      business_type: "Trades and construction",
      source: "contact",
      status: "new",
      owner_id: null,
      notes: null,
      // The latest consent given, with where it was given.
      marketing_consent_at: "2026-02-01T00:00:00.000Z",
      marketing_consent_source: "resource",
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-03-01T00:00:00.000Z",
      last_activity_at: "2026-03-01T00:00:00.000Z",
    },
    expect.objectContaining({
      id: "solo",
      email: "alex@example.com.au",
      name: "Alex",
      marketing_consent_at: null,
      last_activity_at: "2026-01-15T00:00:00.000Z",
    }),
  ]);

  const { results: activities } = await env.DB.prepare(
    "SELECT id, lead_id, source, message, resource_slug, created_at, updated_at, transcript, attribution FROM m13_lead_activities ORDER BY id",
  ).all();
  expect(activities).toEqual([
    {
      id: "old-1",
      lead_id: "old-1",
      source: "contact",
      message: "First enquiry",
      resource_slug: null,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
      transcript: null,
      attribution: null,
    },
    {
      id: "old-2",
      lead_id: "old-1",
      source: "resource",
      message: null,
      resource_slug: "cash-flow-guide",
      created_at: "2026-02-01T00:00:00.000Z",
      updated_at: "2026-02-01T00:00:00.000Z",
      transcript: null,
      attribution: null,
    },
    {
      id: "old-3",
      lead_id: "old-1",
      source: "booking",
      message: "Third enquiry",
      resource_slug: null,
      created_at: "2026-03-01T00:00:00.000Z",
      updated_at: "2026-03-01T00:00:00.000Z",
      transcript: null,
      attribution: null,
    },
    {
      id: "solo",
      lead_id: "solo",
      source: "contact",
      message: "Hello",
      resource_slug: null,
      created_at: "2026-01-15T00:00:00.000Z",
      updated_at: "2026-01-15T00:00:00.000Z",
      transcript: null,
      attribution: null,
    },
  ]);

  // The activities point at the renamed table, and an address is now unique.
  const { results: keys } = await env.DB.prepare('SELECT "table", "from", on_delete FROM pragma_foreign_key_list(\'m13_lead_activities\')').all();
  expect(keys).toEqual([{ table: "m13_leads", from: "lead_id", on_delete: "CASCADE" }]);
  await expect(
    env.DB.prepare("INSERT INTO m13_leads (id, source, name, email) VALUES ('again', 'contact', 'Sam', 'sam@example.com.au')").run(),
  ).rejects.toThrow(/UNIQUE/);
});
