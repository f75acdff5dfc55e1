import { env } from "cloudflare:workers";

// Builders for test data. Each call makes fresh, unique rows: storage is shared between the tests
// of a file, so no test may rely on an empty table.
export async function createLead(overrides: Partial<{ name: string; email: string; source: string }> = {}) {
  const id = crypto.randomUUID();
  const lead = {
    id,
    source: overrides.source ?? "contact",
    name: overrides.name ?? "Alex Nguyen",
    email: overrides.email ?? `alex.${id.slice(0, 8)}@example.com.au`,
  };
  await env.DB.prepare("INSERT INTO leads (id, source, name, email) VALUES (?, ?, ?, ?)").bind(lead.id, lead.source, lead.name, lead.email).run();
  return lead;
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
