import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import type { UserDataContext, UserDataEntry } from "./user-data-entry.server";
import { USER_DATA } from "./user-data-registry.server";

export type UserDataExport = { exportedAt: string } & Record<string, unknown>;

type ExportSpec = NonNullable<UserDataEntry["export"]>;

// The file's layout: these keys first, in the order the file has always had them; any key a domain
// registers later follows them in the registry's order.
const EXPORT_KEY_ORDER = [
  "user",
  "profile",
  "roles",
  "identities",
  "factors",
  "sessions",
  "leads",
  "auditLog",
  "emails",
  "emailOptOuts",
  "failedJobs",
  "billingCustomer",
  "aiSubscription",
  "invoices",
  "bookings",
  "packagePurchases",
  "packageCredits",
  "payments",
  "refunds",
  "refundRequests",
  "coachSchedule",
  "coachDateOverrides",
  "coachTimeOff",
  "aiConversations",
  "aiUsage",
  "aiEscalations",
  "conversions",
];

/** The registry's exported entries in the order of the file. */
export function exportSpecs(entries: UserDataEntry[] = USER_DATA): ExportSpec[] {
  const specs = entries.flatMap((entry) => (entry.export ? [entry.export] : []));
  const rank = (spec: ExportSpec) => {
    const i = EXPORT_KEY_ORDER.indexOf(spec.key);
    return i === -1 ? EXPORT_KEY_ORDER.length : i;
  };
  // A stable sort: keys not in EXPORT_KEY_ORDER keep the registry's order.
  return specs.toSorted((a, b) => rank(a) - rank(b));
}

/**
 * Everything stored about the user, for "Download all my data" (APP 12 access): one key per table
 * each domain registers with an export. Secrets are left out: the password hash, TOTP secrets,
 * refresh-token hashes and one-time-code hashes are not personal information the user gave us, and
 * would only weaken the account if the file leaked.
 */
export async function collectUserData(context: UserDataContext, userId: string): Promise<UserDataExport | null> {
  const user = await context.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) return null;
  const specs = exportSpecs();
  const values = await Promise.all(specs.map(({ read }) => read(context, user)));
  return { exportedAt: new Date().toISOString(), ...Object.fromEntries(specs.map(({ key }, i) => [key, values[i]])) };
}
