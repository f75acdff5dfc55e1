import { env } from "cloudflare:workers";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { expect, test } from "vitest";
import { exportSpecs } from "~/accounts/data-export.server";
import { erasureOrder } from "~/accounts/deletion.server";
import type { UserDataEntry } from "~/accounts/user-data-entry.server";
import { USER_DATA, USER_DATA_BY_DOMAIN, USER_DATA_EXEMPTIONS } from "~/accounts/user-data-registry.server";
import * as accountsSchema from "~/db/schema/accounts";
import * as aiCoachSchema from "~/db/schema/ai-coach";
import * as attributionSchema from "~/db/schema/attribution";
import * as authSchema from "~/db/schema/auth";
import * as billingSchema from "~/db/schema/billing";
import * as bookingSchema from "~/db/schema/booking";
import * as coachNetworkSchema from "~/db/schema/coach-network";
import * as learningSchema from "~/db/schema/learning";
import * as emailSchema from "~/db/schema/email";
import * as leadsSchema from "~/db/schema/leads";
import * as meetingsSchema from "~/db/schema/meetings";
import * as platformSchema from "~/db/schema/platform";
import { leadActivities, leads, marketingConsentRequests } from "~/db/schema";

// Data export and account deletion walk the registry (app/accounts/user-data-registry.server.ts):
// a table holding user data that no domain registers would be left out of the export and survive
// the account's deletion. This reads the tables of the migrated D1 database itself (sqlite_master,
// PRAGMA table_info and foreign_key_list), so a migration that adds such a table fails here until
// its domain registers it or it is exempted with a reason.
//
// The rule: a table holds user data when
// 1. it is users;
// 2. it has a column that identifies a person: a foreign key to users (whatever its name:
//    user_id, coach_id, owner_id, resolved_by, assigned_to…), or a column named for a person's id or
//    address without a key (user_id, client_id, coach_id, actor_id, target_id, email, phone,
//    to_address, or ending in _email or _phone: customer_email);
// 3. it has a foreign key to a table that holds user data: its rows belong to a person's row
//    (lead_activities to leads, mfa_challenges to mfa_factors, payment_refunds to booking_payments).
// Names alone (name, customer_name) are left out: booking_types.name is a product.

const PERSON_COLUMN = /(^|_)(email|phone|user_id|client_id|coach_id|actor_id|target_id|to_address)$/;

type ForeignKey = { table: string; onDelete: string };
type LiveTable = { name: string; columns: string[]; foreignKeys: ForeignKey[] };

async function liveSchema(): Promise<LiveTable[]> {
  // SQLite's own tables, D1's and the migrations ledger hold no product data.
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  const tables: LiveTable[] = [];
  for (const { name } of results) {
    const columns = await env.DB.prepare(`PRAGMA table_info(${JSON.stringify(name)})`).all<{ name: string }>();
    const keys = await env.DB.prepare(`PRAGMA foreign_key_list(${JSON.stringify(name)})`).all<{ table: string; on_delete: string }>();
    tables.push({
      name,
      columns: columns.results.map((c) => c.name),
      foreignKeys: keys.results.map((k) => ({ table: k.table, onDelete: k.on_delete.toUpperCase() })),
    });
  }
  return tables;
}

function tablesHoldingUserData(schema: LiveTable[]): string[] {
  const found = new Set(["users"]);
  for (const table of schema) {
    if (table.columns.some((column) => PERSON_COLUMN.test(column)) || table.foreignKeys.some((fk) => fk.table === "users")) found.add(table.name);
  }
  let grew = true;
  while (grew) {
    grew = false;
    for (const table of schema) {
      if (!found.has(table.name) && table.foreignKeys.some((fk) => found.has(fk.table))) {
        found.add(table.name);
        grew = true;
      }
    }
  }
  return [...found].sort();
}

/** Whether deleting a users row removes this table's rows: a chain of ON DELETE CASCADE keys to users. */
function cascadesFromUsers(name: string, schema: LiveTable[], seen = new Set<string>()): boolean {
  if (seen.has(name)) return false;
  seen.add(name);
  const table = schema.find((t) => t.name === name);
  return Boolean(table?.foreignKeys.some((fk) => fk.onDelete === "CASCADE" && (fk.table === "users" || cascadesFromUsers(fk.table, schema, seen))));
}

const nameOf = (entry: UserDataEntry) => getTableConfig(entry.table).name;

/** What the registry gets wrong about the database's tables; empty when every table holding user data is covered. */
function coverageProblems(schema: LiveTable[], registry: UserDataEntry[] = USER_DATA, exemptions: Record<string, string> = USER_DATA_EXEMPTIONS): string[] {
  const problems: string[] = [];
  const registered = registry.map(nameOf);
  const inDatabase = new Set(schema.map((t) => t.name));
  for (const name of tablesHoldingUserData(schema)) {
    if (!registered.includes(name) && !(name in exemptions)) problems.push(`${name} holds user data but no domain registers it and it is not exempt`);
  }
  for (const [i, entry] of registry.entries()) {
    const name = registered[i]!;
    if (registered.indexOf(name) !== i) problems.push(`${name} is registered twice`);
    if (name in exemptions) problems.push(`${name} is both registered and exempt`);
    if (!inDatabase.has(name)) problems.push(`${name} is registered but not in the database`);
    if (entry.erase === "account" && name !== "users") problems.push(`${name} is marked "account" but only the users row is the account`);
    if (entry.erase === "cascade" && !cascadesFromUsers(name, schema)) problems.push(`${name} is marked "cascade" but deleting a user does not cascade to it`);
    if (typeof entry.erase === "object" && !entry.erase.keep.trim()) problems.push(`${name} is kept without a reason`);
  }
  for (const [name, reason] of Object.entries(exemptions)) {
    if (!inDatabase.has(name)) problems.push(`${name} is exempt but not in the database`);
    if (!reason.trim()) problems.push(`${name} is exempt without a reason`);
  }
  return problems;
}

test("every table of the database that holds user data is registered by its domain or exempt with a reason", async () => {
  expect(coverageProblems(await liveSchema())).toEqual([]);
});

test("the rule finds users, everything keyed to it, and the tables linked by address or id", async () => {
  const found = tablesHoldingUserData(await liveSchema());
  expect(found).toEqual(
    expect.arrayContaining([
      "users",
      "profiles",
      "user_roles",
      "identities",
      "auth_sessions",
      "refresh_tokens",
      "mfa_factors",
      // Keyed to a factor, which is keyed to users.
      "mfa_challenges",
      "one_time_tokens",
      "flow_states",
      "leads",
      // Keyed to a lead, which is linked to a person by email address.
      "lead_activities",
      "marketing_consent_requests",
      "email_outbox",
      "email_suppressions",
      // Only resolved_by, a foreign key to users, links it to a person.
      "failed_jobs",
      "audit_log",
      "bookings",
      "booking_notices",
      "booking_payments",
      "payment_refunds",
      "conversions",
    ]),
  );
  for (const name of ["blog_posts", "case_studies", "resources", "rate_limits", "signing_keys", "booking_types", "page_view_counts", "d1_migrations"]) {
    expect(found).not.toContain(name);
  }
});

test("a table a migration adds with a user column, or keyed to one, is reported until it is registered or exempt", async () => {
  await env.DB.batch([
    env.DB.prepare("CREATE TABLE scratch_notes (id TEXT PRIMARY KEY, user_id TEXT REFERENCES users(id) ON DELETE CASCADE)"),
    env.DB.prepare("CREATE TABLE scratch_attachments (id TEXT PRIMARY KEY, note_id TEXT REFERENCES scratch_notes(id) ON DELETE CASCADE)"),
    env.DB.prepare("CREATE TABLE scratch_enquiries (id TEXT PRIMARY KEY, contact_email TEXT)"),
    env.DB.prepare("CREATE TABLE scratch_kept (id TEXT PRIMARY KEY, reviewer TEXT REFERENCES users(id) ON DELETE SET NULL)"),
  ]);
  try {
    const schema = await liveSchema();
    expect(coverageProblems(schema)).toEqual([
      "scratch_attachments holds user data but no domain registers it and it is not exempt",
      "scratch_enquiries holds user data but no domain registers it and it is not exempt",
      "scratch_kept holds user data but no domain registers it and it is not exempt",
      "scratch_notes holds user data but no domain registers it and it is not exempt",
    ]);
    const exemptions = {
      ...USER_DATA_EXEMPTIONS,
      scratch_notes: "a reason",
      scratch_attachments: "a reason",
      scratch_enquiries: "a reason",
      scratch_kept: "a reason",
    };
    expect(coverageProblems(schema, USER_DATA, exemptions)).toEqual([]);
    expect(coverageProblems(schema, USER_DATA, { ...exemptions, scratch_kept: " " })).toEqual(["scratch_kept is exempt without a reason"]);
  } finally {
    await env.DB.batch(["scratch_attachments", "scratch_notes", "scratch_enquiries", "scratch_kept"].map((name) => env.DB.prepare(`DROP TABLE ${name}`)));
  }
});

test("a registration that claims a cascade the foreign keys do not make, or that is doubled, is reported", async () => {
  const schema = await liveSchema();
  const withErase = (table: UserDataEntry["table"], erase: UserDataEntry["erase"]) =>
    USER_DATA.map((entry) => (entry.table === table ? { ...entry, erase } : entry));
  expect(coverageProblems(schema, withErase(leads, "cascade"))).toEqual(['leads is marked "cascade" but deleting a user does not cascade to it']);
  // Lead activities cascade from their lead, but a lead is anonymised, never deleted, with the account.
  expect(coverageProblems(schema, withErase(leadActivities, "cascade"))).toEqual([
    'lead_activities is marked "cascade" but deleting a user does not cascade to it',
  ]);
  expect(coverageProblems(schema, withErase(leads, "account"))).toEqual(['leads is marked "account" but only the users row is the account']);
  expect(coverageProblems(schema, [...USER_DATA, { table: leads, erase: { keep: "twice" } }])).toEqual(["leads is registered twice"]);
  expect(coverageProblems(schema, USER_DATA, { ...USER_DATA_EXEMPTIONS, leads: "a reason" })).toEqual(["leads is both registered and exempt"]);
});

test("each domain registers only tables of its own schema file", () => {
  const schemaOf = {
    auth: authSchema,
    accounts: accountsSchema,
    leads: leadsSchema,
    email: emailSchema,
    platform: platformSchema,
    billing: billingSchema,
    booking: bookingSchema,
    "ai-coach": aiCoachSchema,
    attribution: attributionSchema,
    meetings: meetingsSchema,
    "coach-network": coachNetworkSchema,
    learning: learningSchema,
  } satisfies Record<keyof typeof USER_DATA_BY_DOMAIN, object>;
  for (const [domain, entries] of Object.entries(USER_DATA_BY_DOMAIN)) {
    const own = Object.values(schemaOf[domain as keyof typeof schemaOf]);
    for (const entry of entries) expect(own, `${nameOf(entry)} is registered by ${domain}`).toContain(entry.table);
  }
});

test("erasure runs a table's statements before those of the tables it references", async () => {
  const schema = await liveSchema();
  const references = (from: string, to: string, seen = new Set<string>()): boolean => {
    if (seen.has(from)) return false;
    seen.add(from);
    return Boolean(schema.find((t) => t.name === from)?.foreignKeys.some((fk) => fk.table === to || references(fk.table, to, seen)));
  };
  const order = erasureOrder().map((entry) => getTableConfig(entry.table).name);
  for (const [i, earlier] of order.entries()) {
    for (const later of order.slice(i + 1)) expect(references(later, earlier), `${later} is erased after ${earlier}, which it references`).toBe(false);
  }
  expect(order.indexOf("lead_activities")).toBeLessThan(order.indexOf("leads"));
  // Registered in any order, the statements still run children first.
  const leadEntries = USER_DATA.filter((entry) => [leads, leadActivities, marketingConsentRequests].includes(entry.table as typeof leads));
  expect(erasureOrder(leadEntries.toReversed()).map((entry) => getTableConfig(entry.table).name)).toEqual([
    "marketing_consent_requests",
    "lead_activities",
    "leads",
  ]);
  expect(erasureOrder(leadEntries).map((entry) => getTableConfig(entry.table).name)).toEqual(["lead_activities", "marketing_consent_requests", "leads"]);
});

test("export keys are unique, and secrets are never exported", () => {
  const keys = exportSpecs().map((spec) => spec.key);
  expect(new Set(keys).size).toBe(keys.length);
  expect(keys.slice(0, 3)).toEqual(["user", "profile", "roles"]);
  const unexported = USER_DATA.filter((entry) => !entry.export).map(nameOf);
  expect(unexported).toEqual(expect.arrayContaining(["refresh_tokens", "mfa_challenges", "one_time_tokens", "flow_states"]));
});
