import { env } from "cloudflare:workers";
import { expect, test, vi } from "vitest";
import { adminNavCounts } from "~/admin/nav-counts.server";
import { createDb } from "~/db/client.server";
import { allowConsoleErrors } from "../console-errors";
import { createApplication } from "../factories/applications";
import { createBooking } from "../factories/bookings";
import { createSignedInCoach } from "../factories/coaches";
import { createLead } from "../factories/leads";
import { createSignedInUser } from "../factories/users";
import { fetchApp, pageText } from "./app";

// The admin frame (app/routes/admin.tsx): a navigation with counts of what waits for an admin, read
// in one statement; the shared list (DataTable) searched, sorted and paged through its URL; and the
// one error boundary every admin page falls back to, which keeps the navigation.

const db = createDb(env.DB);

/** The count shown beside a section in the navigation (null when none is shown). */
function navCount(html: string, key: string): number | null {
  const match = new RegExp(`data-count="${key}">(\\d+)<`).exec(html);
  return match ? Number(match[1]) : null;
}

async function addWaitingWork() {
  const client = await createSignedInUser({ roles: ["client"] });
  const coach = await createSignedInCoach();
  const booking = await createBooking({ coachId: coach.id, clientId: client.id });
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO ai_escalations (id, user_id, conversation_id, message_id, \"trigger\", question) VALUES (?, ?, ?, ?, 'user', 'Is this deductible?')",
    ).bind(crypto.randomUUID(), client.id, crypto.randomUUID(), crypto.randomUUID()),
    // Resolved work is not waiting.
    env.DB.prepare(
      "INSERT INTO ai_escalations (id, user_id, conversation_id, message_id, \"trigger\", question, status) VALUES (?, ?, ?, ?, 'user', 'Done', 'resolved')",
    ).bind(crypto.randomUUID(), client.id, crypto.randomUUID(), crypto.randomUUID()),
    env.DB.prepare("INSERT INTO refund_requests (id, booking_id, user_id, reason) VALUES (?, ?, ?, 'Not for me')").bind(
      crypto.randomUUID(),
      booking.id,
      client.id,
    ),
    env.DB.prepare("INSERT INTO failed_jobs (id, message_id, type, body, attempts, queued_at, failed_at) VALUES (?, ?, 'email.send', '{}', 5, ?, ?)").bind(
      crypto.randomUUID(),
      crypto.randomUUID(),
      now,
      now,
    ),
    env.DB.prepare(
      "INSERT INTO failed_jobs (id, message_id, type, body, attempts, queued_at, failed_at, status) VALUES (?, ?, 'email.send', '{}', 5, ?, ?, 'dismissed')",
    ).bind(crypto.randomUUID(), crypto.randomUUID(), now, now),
    env.DB.prepare(
      "INSERT INTO stripe_event_failures (event_id, type, payload, error, first_failed_at, last_failed_at) VALUES (?, 'invoice.paid', '{}', 'boom', ?, ?)",
    ).bind(`evt_${crypto.randomUUID()}`, now, now),
  ]);
  await createApplication({ status: "under_review" });
  await createApplication({ status: "rejected" });
  await createLead();
}

test("the navigation counts what waits for an admin, and each count moves with its work", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const before = await adminNavCounts(db);
  await addWaitingWork();
  const after = await adminNavCounts(db);
  expect(after).toEqual({
    attention: before.attention + 2,
    escalations: before.escalations + 1,
    leads: before.leads + 1,
    refunds: before.refunds + 1,
    applications: before.applications + 1,
    failedPayouts: before.failedPayouts,
  });

  // Every admin page shows them beside their sections, with words for screen readers, and marks the current section.
  const html = await pageText(await fetchApp("/admin/coaches", { cookie: admin.cookie }));
  expect(html).toContain('<nav aria-label="Admin sections"');
  for (const key of ["attention", "escalations", "leads", "refunds", "applications"] as const) expect(navCount(html, key), key).toBe(after[key]);
  expect(html).toContain(`${after.leads}<span class="visually-hidden"> new</span>`);
  const current = /<a [^>]*href="\/admin\/coaches"[^>]*>/.exec(html)?.[0] ?? "";
  expect(current).toContain('aria-current="page"');
  expect(/<a [^>]*href="\/admin\/leads"[^>]*>/.exec(html)?.[0]).not.toContain("aria-current");
});

test("the counts are one statement to the database, not one per section", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const prepare = vi.spyOn(env.DB, "prepare");
  try {
    await adminNavCounts(db);
    expect(prepare).toHaveBeenCalledTimes(1);
  } finally {
    prepare.mockRestore();
  }
  // Non-admins never see the frame or its counts.
  const client = await createSignedInUser({ roles: ["client"] });
  const refused = await fetchApp("/admin/leads", { cookie: client.cookie });
  expect(refused.status).toBe(302);
  expect(await refused.text()).not.toContain("Admin sections");
  expect((await fetchApp("/admin/leads", { cookie: admin.cookie })).status).toBe(200);
});

test("a list is searched, sorted and paged through its address, and bad parameters fall back instead of failing", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const tag = crypto.randomUUID().slice(0, 8);
  // 27 applications: more than one page of 25, with distinct experience for a numeric sort.
  const names: string[] = [];
  for (let i = 0; i < 27; i++) {
    const name = `Applicant${String(i).padStart(2, "0")}`;
    names.push(name);
    await createApplication({ email: `${name}.${tag}@example.com.au`, firstName: name, lastName: tag });
  }
  const list = async (search: string) => {
    const response = await fetchApp(`/admin/coach-applications?${search}`, { cookie: admin.cookie });
    expect(response.status, search).toBe(200);
    return pageText(response);
  };
  const order = (html: string) => [...html.matchAll(/>(Applicant\d{2}) [0-9a-f]{8}</g)].map((m) => m[1]);

  const byName = await list(`q=${tag}&sort=name&dir=asc`);
  expect(byName).toContain("Showing 1–25 of 27 matching, sorted by Name (ascending).");
  expect(order(byName)).toEqual(names.slice(0, 25));
  // The sorted header says so, and its link turns the order round, keeping the search.
  expect(byName).toContain('aria-sort="ascending"');
  expect(byName).toContain(`href="/admin/coach-applications?q=${tag}&sort=name&dir=desc"`);
  expect(byName).toContain(`href="/admin/coach-applications?q=${tag}&sort=name&dir=asc&page=2"`);

  const second = await list(`q=${tag}&sort=name&dir=asc&page=2`);
  expect(order(second)).toEqual(names.slice(25));
  expect(second).toContain("Page 2 of 2");

  const reversed = await list(`q=${tag}&sort=name&dir=desc`);
  expect(order(reversed)[0]).toBe("Applicant26");

  // A search that matches nothing: the empty state offers to clear it; past the last page: a way back.
  const none = await list(`q=nobody-${tag}`);
  expect(none).toContain("No applications match these filters.");
  expect(none).toContain("Clear search and filters");
  expect(await list(`q=${tag}&page=9`)).toContain("Page 9 is past the end of this list.");

  // Anything edited into the address is the default, never a 500.
  for (const search of ["sort=password&dir=up", "page=-1", "page=abc", "status=%3Cscript%3E", `q=${"x".repeat(300)}`, "specialty=nope"]) {
    await list(search);
  }
});

test("a failing admin page keeps the admin navigation and says what went wrong in the panel", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const errors = allowConsoleErrors();
  const prepare = env.DB.prepare.bind(env.DB);
  const spy = vi.spyOn(env.DB, "prepare").mockImplementation((sql: string) => {
    if (/\bfrom "leads"/i.test(sql)) throw new Error("D1_ERROR: leads is unavailable (test)");
    return prepare(sql);
  });
  let response: Response;
  try {
    response = await fetchApp("/admin/leads", { cookie: admin.cookie });
  } finally {
    spy.mockRestore();
  }
  expect(errors.length).toBeGreaterThan(0);
  expect(response.status).toBe(500);
  const html = await pageText(response);
  expect(html).toContain('<nav aria-label="Admin sections"');
  expect(html).toContain('<h2 id="admin-error-heading">This admin page can\'t be shown just now</h2>');
  expect(html).toContain('href="/admin"');
});
