import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./columns";

// Every email the product sends is written here first; without a provider key it stays here and
// admins read it in the admin area.
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    dedupeKey: text("dedupe_key").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    status: text("status", { enum: ["pending", "sent", "stored"] }).notNull(),
    provider: text("provider").notNull(),
    createdAt: text("created_at").notNull().default(now),
    sentAt: text("sent_at"),
  },
  (t) => [uniqueIndex("email_outbox_dedupe_key_unique").on(t.dedupeKey), index("email_outbox_status_created_idx").on(t.status, t.createdAt)],
);
