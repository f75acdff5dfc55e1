import { eq } from "drizzle-orm";
import type { UserDataEntry } from "~/accounts/user-data-entry.server";
import { aiConversations, aiEscalations, aiUsage } from "~/db/schema";
import { escalationsForExport } from "./escalations.server";

// Each conversation's messages live in its Durable Object: deleting the account first enqueues a
// purge job per conversation (enqueueUserConversationPurges, in retention.server.ts), and each
// conversation can be exported as Markdown on its own.

/** The user's conversation index, daily usage and escalations: what export and deletion do with them. */
export const AI_COACH_USER_DATA: UserDataEntry[] = [
  {
    table: aiConversations,
    export: {
      key: "aiConversations",
      read: ({ db }, user) => db.select().from(aiConversations).where(eq(aiConversations.userId, user.id)).orderBy(aiConversations.createdAt),
    },
    erase: "cascade",
  },
  {
    table: aiUsage,
    export: {
      key: "aiUsage",
      read: ({ db }, user) => db.select({ day: aiUsage.day, messages: aiUsage.messages }).from(aiUsage).where(eq(aiUsage.userId, user.id)).orderBy(aiUsage.day),
    },
    erase: "cascade",
  },
  {
    // The client's escalations (without the assigned administrator's id). An administrator who is
    // deleted is unassigned by the foreign key (ON DELETE SET NULL); their replies stay.
    table: aiEscalations,
    export: { key: "aiEscalations", read: ({ db }, user) => escalationsForExport(db, user.id) },
    erase: "cascade",
  },
];
