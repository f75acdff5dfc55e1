import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Timestamps are ISO-8601 UTC strings: sortable, readable in `wrangler d1 execute`, and what the
// auth API returns to clients.
const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email"),
    phone: text("phone"),
    passwordHash: text("password_hash"),
    emailConfirmedAt: text("email_confirmed_at"),
    phoneConfirmedAt: text("phone_confirmed_at"),
    userMetadata: text("user_metadata").notNull().default("{}"),
    appMetadata: text("app_metadata").notNull().default("{}"),
    lastSignInAt: text("last_sign_in_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), uniqueIndex("users_phone_unique").on(t.phone)],
);

export const ROLES = ["client", "coach", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const profiles = sqliteTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  firstName: text("first_name"),
  lastName: text("last_name"),
  company: text("company"),
  industry: text("industry"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
});

export const LEAD_SOURCES = ["contact", "booking", "resource", "service-chat"] as const;

export const leads = sqliteTable(
  "leads",
  {
    id: text("id").primaryKey(),
    source: text("source", { enum: LEAD_SOURCES }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    phone: text("phone"),
    businessType: text("business_type"),
    message: text("message"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("leads_created_at_idx").on(t.createdAt), index("leads_email_idx").on(t.email)],
);

// Fixed-window counters keyed by purpose and a salted hash of the client address.
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

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
  (t) => [uniqueIndex("email_outbox_dedupe_key_unique").on(t.dedupeKey)],
);
