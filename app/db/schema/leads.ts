import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { now } from "./columns";

export const LEAD_SOURCES = ["contact", "booking", "resource", "service-chat"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** What a booking or payment activity is: "booked a discovery call", "booked a paid session", "became a paying client". */
export const LEAD_ACTIVITY_KINDS = ["discovery-call", "paid-session", "paying-client"] as const;
export type LeadActivityKind = (typeof LEAD_ACTIVITY_KINDS)[number];

export const LEAD_STATUSES = ["new", "contacted", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

// One lead per person: the email address (lower case) is unique, so a second enquiry from the same
// address merges into the lead instead of duplicating it. Each enquiry is a lead activity.
export const leads = sqliteTable(
  "leads",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    company: text("company"),
    phone: text("phone"),
    businessType: text("business_type"),
    /** Where the lead first came from. */
    source: text("source", { enum: LEAD_SOURCES }).notNull(),
    status: text("status", { enum: LEAD_STATUSES }).notNull().default("new"),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    notes: text("notes"),
    /**
     * Marketing consent (Spam Act 2003): when the address last confirmed it, and the form it was
     * asked from (see marketing_consent_requests). NULL means none.
     */
    marketingConsentAt: text("marketing_consent_at"),
    marketingConsentSource: text("marketing_consent_source"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
    lastActivityAt: text("last_activity_at").notNull().default(now),
  },
  (t) => [uniqueIndex("leads_email_unique").on(t.email), index("leads_last_activity_idx").on(t.lastActivityAt)],
);

// Every enquiry a lead made: a contact or booking request, a resource download, or a Service
// Assistant conversation (one row per conversation, its transcript updated as it goes on); and what
// they booked and paid (app/leads/client-activity.server.ts), once per event.
export const leadActivities = sqliteTable(
  "lead_activities",
  {
    id: text("id").primaryKey(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    source: text("source", { enum: LEAD_SOURCES }).notNull(),
    message: text("message"),
    resourceSlug: text("resource_slug"),
    /** A Service Assistant conversation's key: its later messages update this row. */
    conversationKey: text("conversation_key"),
    /**
     * JSON: the Service Assistant conversation, [{ role, content, origin }]. origin "server": a
     * message this server received or a reply it wrote; "browser" (or none, in older rows): an
     * earlier message as the visitor's browser sent it, which the server never saw.
     */
    transcript: text("transcript"),
    /** JSON: the name, company, phone and business type this enquiry gave ({ name, company?, phone?, businessType? }). */
    details: text("details"),
    /** The page the enquiry was made on (for the assistant, the page the conversation started on). */
    pagePath: text("page_path"),
    /** JSON: the browser session's attribution when the enquiry was made (AttributionRecord). */
    attribution: text("attribution"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
    /** A booking or payment activity (null for an enquiry). */
    kind: text("kind", { enum: LEAD_ACTIVITY_KINDS }),
    /** Records a booking or payment once per lead: "booking:<id>", "paying-client". */
    eventKey: text("event_key"),
  },
  (t) => [
    index("lead_activities_lead_idx").on(t.leadId, t.createdAt),
    uniqueIndex("lead_activities_conversation_unique").on(t.leadId, t.conversationKey),
    uniqueIndex("lead_activities_event_unique").on(t.leadId, t.eventKey),
  ],
);

export const CONSENT_CONFIRMATIONS = ["email-link", "signed-in"] as const;
export type ConsentConfirmation = (typeof CONSENT_CONFIRMATIONS)[number];

// Each time a form asks to send a lead marketing email (Spam Act 2003): when, from which form and
// page, until when its emailed link works, and when and how the address confirmed it. A request
// confirmed while signed in with the address is confirmed as it is made.
export const marketingConsentRequests = sqliteTable(
  "marketing_consent_requests",
  {
    id: text("id").primaryKey(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** The form it was asked from, as the team reads it ("Service Assistant: Let's connect form"). */
    source: text("source").notNull(),
    pagePath: text("page_path"),
    requestedAt: text("requested_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    confirmedAt: text("confirmed_at"),
    confirmedBy: text("confirmed_by", { enum: CONSENT_CONFIRMATIONS }),
  },
  (t) => [index("marketing_consent_requests_lead_idx").on(t.leadId, t.requestedAt)],
);
