import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, users } from "~/db/schema";

export type Profile = typeof profiles.$inferSelect;

function metadataName(json: string, key: "first_name" | "last_name"): string | null {
  try {
    const value: unknown = (JSON.parse(json) as Record<string, unknown>)[key];
    return typeof value === "string" && value.trim() ? value.trim().slice(0, 100) : null;
  } catch {
    return null;
  }
}

/**
 * SPEC §7 ensure_user_profile: the user's profile row, created on first need from the names they
 * gave at sign-up. Insert-or-ignore, so two first requests at once still leave exactly one row.
 */
export async function ensureProfile(db: Db, userId: string): Promise<Profile> {
  const existing = await db.query.profiles.findFirst({ where: eq(profiles.userId, userId) });
  if (existing) return existing;
  const user = await db.query.users.findFirst({ columns: { userMetadata: true }, where: eq(users.id, userId) });
  if (!user) throw new Error("ensureProfile: no such user");
  await db
    .insert(profiles)
    .values({ userId, firstName: metadataName(user.userMetadata, "first_name"), lastName: metadataName(user.userMetadata, "last_name") })
    .onConflictDoNothing({ target: profiles.userId });
  const created = await db.query.profiles.findFirst({ where: eq(profiles.userId, userId) });
  if (!created) throw new Error("ensureProfile: row missing after insert");
  return created;
}

/** The fields of the profile's details form, as saved (blanks already null). */
export type ProfileDetails = Pick<Profile, "firstName" | "lastName" | "company" | "industry" | "businessType" | "state" | "abn">;

/** Saves the user's details to their profile, creating the row first when they have none yet. */
export async function saveProfileDetails(db: Db, userId: string, details: ProfileDetails, now = new Date()): Promise<void> {
  await ensureProfile(db, userId);
  await db
    .update(profiles)
    .set({ ...details, updatedAt: now.toISOString() })
    .where(eq(profiles.userId, userId));
}
