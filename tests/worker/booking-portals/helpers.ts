import { env } from "cloudflare:workers";
import { expect } from "vitest";

// What the signed-in booking screens leave behind: audit entries, and redirects with a toast.

/** The audit entries about one booking (or payment, or request), oldest first. */
export async function auditAbout(targetId: string) {
  const { results } = await env.DB.prepare("SELECT action, actor_id, detail FROM audit_log WHERE target_id = ? ORDER BY created_at, id")
    .bind(targetId)
    .all<{ action: string; actor_id: string | null; detail: string }>();
  return results.map((row) => ({ action: row.action, actorId: row.actor_id, detail: JSON.parse(row.detail) as Record<string, unknown> }));
}

/** A redirect with a toast: the status and where it leads. */
export function expectRedirect(response: Response, location: string | RegExp) {
  expect(response.status, `redirect to ${location}`).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  const target = response.headers.get("Location") ?? "";
  if (typeof location === "string") expect(target).toBe(location);
  else expect(target).toMatch(location);
}
