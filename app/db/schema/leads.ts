import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now } from "./columns";

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
    resourceSlug: text("resource_slug"),
    marketingConsentAt: text("marketing_consent_at"),
    marketingConsentSource: text("marketing_consent_source"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("leads_created_at_idx").on(t.createdAt), index("leads_email_idx").on(t.email)],
);
