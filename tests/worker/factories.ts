import { env } from "cloudflare:workers";

// Builders for test data. Each call makes fresh, unique rows: storage is shared between the tests
// of a file, so no test may rely on an empty table.
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

export async function outboxFor(dedupeKey: string) {
  const { results } = await env.DB.prepare("SELECT * FROM email_outbox WHERE dedupe_key = ?").bind(dedupeKey).all();
  return results;
}

/** A document POST as a browser on this site makes it. */
export function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Host: "localhost", Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}
