import { getTableConfig, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { expect, test } from "vitest";
import { tablesHoldingUserData, USER_DATA, userDataCoverageProblems } from "~/accounts/user-data.server";
import { SCHEMA_TABLES } from "~/db/tables.server";
import { leadActivities, leads, users } from "~/db/schema";

// Data export and account deletion both walk USER_DATA: a table holding user data that the
// registry misses would be left out of the export and survive the account's deletion.

test("every table that holds user data is in the registry, and every cascade is real", () => {
  expect(userDataCoverageProblems()).toEqual([]);
});

test("the tables found are the users table, everything keyed to it, and the tables linked by address or id", () => {
  const found = tablesHoldingUserData(SCHEMA_TABLES);
  expect(found).toEqual(
    expect.arrayContaining([
      "users",
      "profiles",
      "user_roles",
      "identities",
      "auth_sessions",
      "refresh_tokens",
      "mfa_factors",
      "mfa_challenges",
      "one_time_tokens",
      "flow_states",
      "leads",
      // Keyed to a lead, which is linked to a person by email address.
      "lead_activities",
      "email_outbox",
      "audit_log",
    ]),
  );
  for (const name of ["blog_posts", "case_studies", "resources", "rate_limits", "signing_keys"]) expect(found).not.toContain(name);
});

test("a new table keyed to users, directly or through another user-owned table, is reported until it is registered", () => {
  const notes = sqliteTable("scratch_notes", { id: text("id").primaryKey(), userId: text("user_id").references(() => users.id, { onDelete: "cascade" }) });
  const attachments = sqliteTable("scratch_attachments", {
    id: text("id").primaryKey(),
    noteId: text("note_id").references(() => notes.id, { onDelete: "cascade" }),
  });
  const tables = [...SCHEMA_TABLES, notes, attachments];

  expect(userDataCoverageProblems(tables)).toEqual([
    "scratch_attachments holds user data but is not in USER_DATA",
    "scratch_notes holds user data but is not in USER_DATA",
  ]);
  const registered = [...USER_DATA, { table: notes, erase: "cascade" as const }, { table: attachments, erase: "cascade" as const }];
  expect(userDataCoverageProblems(tables, registered)).toEqual([]);
});

test("a table linked to a person by email, without a foreign key, is reported too", () => {
  const enquiries = sqliteTable("scratch_enquiries", { id: text("id").primaryKey(), contactEmail: text("contact_email") });
  expect(userDataCoverageProblems([...SCHEMA_TABLES, enquiries])).toEqual(["scratch_enquiries holds user data but is not in USER_DATA"]);
});

test("a table marked as cascading that does not cascade from users is reported", () => {
  const registry = USER_DATA.map((source) => (source.table === leads ? { ...source, erase: "cascade" as const } : source));
  expect(userDataCoverageProblems(SCHEMA_TABLES, registry)).toEqual(['leads is marked "cascade" but deleting a user does not cascade to it']);
  // Lead activities cascade from their lead, but a lead is anonymised, never deleted, with the account.
  const activitiesCascade = USER_DATA.map((source) => (source.table === leadActivities ? { ...source, erase: "cascade" as const } : source));
  expect(userDataCoverageProblems(SCHEMA_TABLES, activitiesCascade)).toEqual([
    'lead_activities is marked "cascade" but deleting a user does not cascade to it',
  ]);
  expect(
    userDataCoverageProblems(
      SCHEMA_TABLES,
      USER_DATA.filter((source) => source.table !== leadActivities),
    ),
  ).toEqual(["lead_activities holds user data but is not in USER_DATA"]);
  const keptOnDelete = sqliteTable("scratch_kept", { id: text("id").primaryKey(), userId: text("user_id").references(() => users.id) });
  expect(userDataCoverageProblems([...SCHEMA_TABLES, keptOnDelete], [...USER_DATA, { table: keptOnDelete, erase: "cascade" }])).toEqual([
    'scratch_kept is marked "cascade" but deleting a user does not cascade to it',
  ]);
});

test("export keys are unique, and secrets are never exported", () => {
  const keys = USER_DATA.flatMap((source) => (source.export ? [source.export.key] : []));
  expect(new Set(keys).size).toBe(keys.length);
  const unexported = USER_DATA.filter((source) => !source.export).map((source) => getTableConfig(source.table).name);
  expect(unexported).toEqual(expect.arrayContaining(["refresh_tokens", "mfa_challenges", "one_time_tokens"]));
});
