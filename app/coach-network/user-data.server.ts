import { asc, eq } from "drizzle-orm";
import type { UserDataEntry } from "~/accounts/user-data-entry.server";
import { coachEarnings, coachProfiles, coachStatements } from "~/db/schema";

// What the coach network keeps about a coach: their profile (with their ABN and agreements), and
// the earnings and statements of their sessions, which are tax records.

const COACH_TAX_RECORD =
  "Recipient-created tax invoices, payment statements and the earnings on them are tax records the business must keep for five years (Taxation Administration Act 1953; A New Tax System (Goods and Services Tax) Act 1999).";

export const COACH_NETWORK_USER_DATA: UserDataEntry[] = [
  {
    table: coachProfiles,
    export: {
      key: "coachProfile",
      read: ({ db }, user) => db.select().from(coachProfiles).where(eq(coachProfiles.coachId, user.id)),
    },
    erase: "cascade",
  },
  {
    table: coachStatements,
    export: {
      key: "coachStatements",
      read: ({ db }, user) => db.select().from(coachStatements).where(eq(coachStatements.coachId, user.id)).orderBy(asc(coachStatements.period)),
    },
    erase: { keep: COACH_TAX_RECORD },
  },
  {
    table: coachEarnings,
    export: {
      key: "coachEarnings",
      read: ({ db }, user) => db.select().from(coachEarnings).where(eq(coachEarnings.coachId, user.id)).orderBy(asc(coachEarnings.occurredAt)),
    },
    erase: { keep: COACH_TAX_RECORD },
  },
];
