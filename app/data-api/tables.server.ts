import { eq } from "drizzle-orm";
import * as z from "zod";
import { isValidAbn, normaliseAbn } from "~/accounts/abn";
import type { Profile } from "~/accounts/profiles.server";
import { STATE_ORDER } from "~/content/australia";
import type { Db } from "~/db/client.server";
import { profiles, ROLES, userRoles } from "~/db/schema";
import { BUSINESS_TYPES } from "~/leads/lead-fields";
import { checkViolation, PostgrestError } from "./postgrest-error";
import type { ColumnType, Row, TableShape } from "./query";

// The two tables of SPEC §7, with the columns and names of the original Supabase schema, mapped
// onto our D1 tables. Only columns we store are exposed; every read is of the caller's own rows.

const UUID: ColumnType = { kind: "uuid" };
const TEXT: ColumnType = { kind: "text" };
const TIMESTAMP: ColumnType = { kind: "timestamptz" };

export const USER_ROLES_TABLE: TableShape = {
  name: "user_roles",
  columns: { user_id: UUID, role: { kind: "enum", name: "app_role", values: ROLES }, created_at: TIMESTAMP },
};

export const PROFILES_TABLE: TableShape = {
  name: "profiles",
  columns: {
    user_id: UUID,
    first_name: TEXT,
    last_name: TEXT,
    company: TEXT,
    industry: TEXT,
    business_type: TEXT,
    state: TEXT,
    abn: TEXT,
    created_at: TIMESTAMP,
    updated_at: TIMESTAMP,
  },
};

export const TABLES = [USER_ROLES_TABLE, PROFILES_TABLE] as const;

export function profileRow(profile: Profile): Row {
  return {
    user_id: profile.userId,
    first_name: profile.firstName,
    last_name: profile.lastName,
    company: profile.company,
    industry: profile.industry,
    business_type: profile.businessType,
    state: profile.state,
    abn: profile.abn,
    created_at: profile.createdAt,
    updated_at: profile.updatedAt,
  };
}

/** The caller's own rows of a table: what row-level security lets them see. */
export async function readOwnRows(db: Db, table: TableShape, userId: string): Promise<Row[]> {
  if (table === USER_ROLES_TABLE) {
    const rows = await db.select().from(userRoles).where(eq(userRoles.userId, userId));
    return rows.map((row) => ({ user_id: row.userId, role: row.role, created_at: row.createdAt }));
  }
  const rows = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return rows.map(profileRow);
}

// ── Profile writes ───────────────────────────────────────────────────────────────────────────────

/** The profile columns a user may set: the ones of the profile page's details form. */
export const EDITABLE_PROFILE_COLUMNS = ["first_name", "last_name", "company", "industry", "business_type", "state", "abn"] as const;
export type EditableProfileColumn = (typeof EDITABLE_PROFILE_COLUMNS)[number];

const text = (column: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${column} must be ${max} characters or fewer`)
    .transform((value) => value || null);

const choice = (column: string, values: readonly [string, ...string[]]) =>
  z.union([z.literal(""), z.enum(values)], { error: `${column} must be one of: ${values.join(", ")}` }).transform((value) => value || null);

// The same limits as the profile page's form (app/accounts/schemas.ts); a blank value is stored as null.
const RULES: Record<EditableProfileColumn, z.ZodType<string | null, string>> = {
  first_name: text("first_name", 100),
  last_name: text("last_name", 100),
  company: text("company", 160),
  industry: text("industry", 100),
  business_type: choice("business_type", BUSINESS_TYPES),
  state: choice("state", STATE_ORDER),
  abn: z
    .string()
    .trim()
    .max(20, "abn must be the 11 digits of an Australian Business Number")
    .refine((value) => !value || isValidAbn(value), "abn is not a valid Australian Business Number (check the 11 digits)")
    .transform((value) => (value ? normaliseAbn(value) : null)),
};

/** Checks a text value as PostgreSQL would take it: no NUL, no lone surrogates. */
export function checkText(value: string): void {
  if (value.includes("\u0000")) throw new PostgrestError(400, "22P05", "unsupported Unicode escape sequence", "\\u0000 cannot be converted to text.");
  if (!value.isWellFormed())
    throw new PostgrestError(400, "22P02", "invalid input syntax for type json", "Unicode low surrogate must follow a high surrogate.");
}

/** One editable column's value as it will be stored, or a 23514 error naming the rule. */
export function profileValue(column: EditableProfileColumn, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "string") throw checkViolation("profiles", column, `${column} must be a string or null`);
  checkText(value);
  const parsed = RULES[column].safeParse(value);
  if (!parsed.success) throw checkViolation("profiles", column, parsed.error.issues[0]?.message ?? `${column} is not valid`);
  return parsed.data;
}

export type ProfileChanges = Partial<Record<EditableProfileColumn, string | null>>;

const FIELD: Record<EditableProfileColumn, "firstName" | "lastName" | "company" | "industry" | "businessType" | "state" | "abn"> = {
  first_name: "firstName",
  last_name: "lastName",
  company: "company",
  industry: "industry",
  business_type: "businessType",
  state: "state",
  abn: "abn",
};

export type ProfileWriteMode = "merge" | "ignore" | "insert";

/**
 * Writes the caller's profile row: insert it, or with "merge" update the given columns of an
 * existing row, or with "ignore" leave an existing row alone. Returns the row written, or null
 * when nothing was ("ignore" over an existing row, "insert" over one: a conflict).
 */
export async function writeOwnProfile(db: Db, userId: string, changes: ProfileChanges, mode: ProfileWriteMode): Promise<Profile | null> {
  const fields: Partial<typeof profiles.$inferInsert> = {};
  for (const [column, value] of Object.entries(changes) as [EditableProfileColumn, string | null][]) fields[FIELD[column]] = value;
  const values = { ...fields, userId };
  const [row] =
    mode === "merge"
      ? await db
          .insert(profiles)
          .values(values)
          .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: new Date().toISOString() } })
          .returning()
      : await db.insert(profiles).values(values).onConflictDoNothing({ target: profiles.userId }).returning();
  return row ?? null;
}
