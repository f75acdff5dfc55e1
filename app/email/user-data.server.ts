import { eq, inArray, sql } from "drizzle-orm";
import type { DataSubject, UserDataEntry } from "~/accounts/user-data-entry.server";
import { emailOutbox, emailSuppressions } from "~/db/schema";

// Outbox rows are addressed to the email address, or to "sms:" + phone for texts.
function outboxOf(user: DataSubject) {
  const addresses = [user.email?.toLowerCase(), user.phone ? `sms:${user.phone}` : undefined].filter((a): a is string => Boolean(a));
  return addresses.length ? inArray(sql`lower(${emailOutbox.toAddress})`, addresses) : undefined;
}

/** Messages to the user and their opt-out from marketing email: what export and deletion do with them. */
export const EMAIL_USER_DATA: UserDataEntry[] = [
  {
    table: emailOutbox,
    export: {
      key: "emails",
      read: async ({ db }, user) => {
        const where = outboxOf(user);
        return where ? (await db.select().from(emailOutbox).where(where)).map(({ dedupeKey: _dedupeKey, ...row }) => row) : [];
      },
    },
    erase: async ({ db }, user) => {
      const where = outboxOf(user);
      return { statements: where ? [db.delete(emailOutbox).where(where)] : [] };
    },
  },
  {
    table: emailSuppressions,
    export: {
      key: "emailOptOuts",
      read: async ({ db }, user) => (user.email ? db.select().from(emailSuppressions).where(eq(emailSuppressions.email, user.email.toLowerCase())) : []),
    },
    erase: {
      keep: "An opt-out from marketing email has to keep being honoured after the account is gone (Spam Act 2003 s 18); the row is the address and the date of the opt-out, nothing more.",
    },
  },
];
