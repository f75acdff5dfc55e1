import { env } from "cloudflare:workers";

// Leads and their enquiries (lead_activities): made for a test, and read back as stored.

/** A lead (email lower-case, as the site stores it) with one activity from the same source. */
export async function createLead(
  overrides: Partial<{
    name: string;
    email: string;
    source: string;
    company: string | null;
    message: string | null;
    attribution: string | null;
    transcript: string | null;
  }> = {},
) {
  const id = crypto.randomUUID();
  const activityId = crypto.randomUUID();
  const lead = {
    id,
    activityId,
    source: overrides.source ?? "contact",
    name: overrides.name ?? "Alex Nguyen",
    email: (overrides.email ?? `alex.${id.slice(0, 8)}@example.com.au`).toLowerCase(),
    company: overrides.company ?? null,
  };
  await env.DB.batch([
    env.DB.prepare("INSERT INTO leads (id, source, name, email, company) VALUES (?, ?, ?, ?, ?)").bind(
      lead.id,
      lead.source,
      lead.name,
      lead.email,
      lead.company,
    ),
    env.DB.prepare("INSERT INTO lead_activities (id, lead_id, source, message, page_path, attribution, transcript) VALUES (?, ?, ?, ?, '/contact', ?, ?)").bind(
      activityId,
      lead.id,
      lead.source,
      overrides.message === undefined ? "Looking for help with cash flow." : overrides.message,
      overrides.attribution ?? null,
      overrides.transcript ?? null,
    ),
  ]);
  return lead;
}

export type LeadRow = {
  id: string;
  email: string;
  name: string;
  company: string | null;
  business_type: string | null;
  source: string;
  status: string;
  marketing_consent_at: string | null;
  marketing_consent_source: string | null;
};

export type ActivityRow = {
  id: string;
  lead_id: string;
  source: string;
  message: string | null;
  /** JSON: the name, company, phone and business type the enquiry gave. */
  details: string | null;
  transcript: string | null;
  page_path: string | null;
  attribution: string | null;
};

/** The lead with this address (stored lower-case), or null. */
export async function leadByEmail(email: string) {
  return env.DB.prepare("SELECT * FROM leads WHERE email = ?").bind(email.toLowerCase()).first<LeadRow>();
}

/** A lead's activities, oldest first. */
export async function activitiesOf(leadId: string) {
  return (await env.DB.prepare("SELECT * FROM lead_activities WHERE lead_id = ? ORDER BY created_at, id").bind(leadId).all<ActivityRow>()).results;
}

/**
 * The enquiries stored for an address: each lead activity with its lead's details (the activity's
 * own source, message and resource), oldest first.
 */
export async function enquiriesByEmail(email: string) {
  const { results } = await env.DB.prepare(
    `SELECT l.id AS lead_id, l.name, l.email, l.company, l.phone, l.business_type, l.marketing_consent_at, l.marketing_consent_source,
       a.id, a.source, a.message, a.resource_slug, a.page_path
     FROM lead_activities a JOIN leads l ON l.id = a.lead_id WHERE l.email = ? ORDER BY a.created_at, a.id`,
  )
    .bind(email.toLowerCase())
    .all();
  return results;
}
