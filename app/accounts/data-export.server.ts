import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { USER_DATA } from "./user-data.server";

export type UserDataExport = { exportedAt: string } & Record<string, unknown>;

/**
 * Everything stored about the user, for "Download all my data" (APP 12 access): one key per
 * exported table in USER_DATA. Secrets are left out: the password hash, TOTP secrets, refresh-token
 * hashes and one-time-code hashes are not personal information the user gave us, and would only
 * weaken the account if the file leaked.
 */
export async function collectUserData(db: Db, userId: string): Promise<UserDataExport | null> {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) return null;
  const exported = USER_DATA.flatMap((source) => (source.export ? [source.export] : []));
  const values = await Promise.all(exported.map(({ read }) => read(db, user)));
  return { exportedAt: new Date().toISOString(), ...Object.fromEntries(exported.map(({ key }, i) => [key, values[i]])) };
}
