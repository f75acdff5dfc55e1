import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { now } from "./columns";

// The index of AI coach conversations: the messages live in each conversation's Durable Object
// (workers/conversation.ts); D1 keeps what listing and retention need.
export const aiConversations = sqliteTable(
  "ai_conversations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    tier: text("tier", { enum: ["lite", "pro"] }).notNull(),
    messageCount: integer("message_count").notNull().default(0),
    createdAt: text("created_at").notNull().default(now),
    lastActivityAt: text("last_activity_at").notNull().default(now),
  },
  (t) => [index("ai_conversations_user_activity_idx").on(t.userId, t.lastActivityAt), index("ai_conversations_activity_idx").on(t.lastActivityAt)],
);

// Messages sent per user per day (the Australian Eastern date, YYYY-MM-DD), for the tier's daily limit.
export const aiUsage = sqliteTable(
  "ai_usage",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    messages: integer("messages").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const ESCALATION_STATUSES = ["open", "assigned", "resolved"] as const;

// A Pro subscriber's question passed to a human expert. The transcript is a copy taken when it was
// raised; retention clears it (and the question) with the conversation's, keeping what admins need.
export const aiEscalations = sqliteTable(
  "ai_escalations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id").notNull(),
    // The user message it was raised on: one escalation per message, however often it is asked.
    messageId: text("message_id").notNull(),
    trigger: text("trigger", { enum: ["model", "user"] }).notNull(),
    reason: text("reason"),
    question: text("question"),
    transcript: text("transcript"),
    status: text("status", { enum: ESCALATION_STATUSES }).notNull().default("open"),
    assignedTo: text("assigned_to").references(() => users.id, { onDelete: "set null" }),
    reply: text("reply"),
    repliedAt: text("replied_at"),
    resolvedAt: text("resolved_at"),
    transcriptPurgedAt: text("transcript_purged_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("ai_escalations_message_unique").on(t.conversationId, t.messageId),
    index("ai_escalations_status_created_idx").on(t.status, t.createdAt),
    index("ai_escalations_user_created_idx").on(t.userId, t.createdAt),
  ],
);
