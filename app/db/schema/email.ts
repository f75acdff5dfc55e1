import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./columns";

// Every email the product sends is written here first; without a provider key it stays here and
// admins read it in the admin area. Rows written before emails had an HTML part have html_body null.
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    dedupeKey: text("dedupe_key").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** JSON: [{ filename, contentType, content }] (content as text), e.g. a calendar invite. */
    attachments: text("attachments"),
    // Marketing mail carries an unsubscribe link and is never sent to an address that opted out.
    category: text("category", { enum: ["transactional", "marketing"] })
      .notNull()
      .default("transactional"),
    // "suppressed": marketing mail to an address that unsubscribed, recorded and never sent.
    status: text("status", { enum: ["pending", "sent", "stored", "suppressed"] }).notNull(),
    provider: text("provider").notNull(),
    createdAt: text("created_at").notNull().default(now),
    sentAt: text("sent_at"),
  },
  (t) => [uniqueIndex("email_outbox_dedupe_key_unique").on(t.dedupeKey), index("email_outbox_status_created_idx").on(t.status, t.createdAt)],
);

// Addresses that unsubscribed from marketing mail (Spam Act 2003 s 18). Kept when an account is
// deleted: the opt-out has to keep being honoured. Addresses are stored lower-case.
export const emailSuppressions = sqliteTable("email_suppressions", {
  email: text("email").primaryKey(),
  reason: text("reason", { enum: ["unsubscribed"] }).notNull(),
  createdAt: text("created_at").notNull().default(now),
});
