import { eq } from "drizzle-orm";
import { profiles } from "~/db/schema";
import type { UserDataEntry } from "./user-data-entry.server";

/** The profile: exported, and gone with the account. */
export const ACCOUNTS_USER_DATA: UserDataEntry[] = [
  {
    table: profiles,
    export: { key: "profile", read: async ({ db }, user) => (await db.query.profiles.findFirst({ where: eq(profiles.userId, user.id) })) ?? null },
    erase: "cascade",
  },
];
