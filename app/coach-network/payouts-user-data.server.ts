import { asc, eq } from "drizzle-orm";
import type { UserDataEntry } from "~/accounts/user-data-entry.server";
import { coachPayoutAccounts, coachPayouts } from "~/db/schema";

// What payouts keep about a coach: their Stripe connected account's id and state, and a payout per
// statement, which is a record of a payment the business made (kept as the statements are).

export const COACH_PAYOUTS_USER_DATA: UserDataEntry[] = [
  {
    table: coachPayoutAccounts,
    export: {
      key: "coachPayoutAccount",
      read: ({ db }, user) => db.select().from(coachPayoutAccounts).where(eq(coachPayoutAccounts.coachId, user.id)),
    },
    erase: "cascade",
  },
  {
    table: coachPayouts,
    export: {
      key: "coachPayouts",
      read: ({ db }, user) => db.select().from(coachPayouts).where(eq(coachPayouts.coachId, user.id)).orderBy(asc(coachPayouts.createdAt)),
    },
    erase: {
      keep: "Payouts are records of payments the business made to the coach for their statements; like the statements, the business must keep them for five years (Taxation Administration Act 1953).",
    },
  },
];
