import { env } from "cloudflare:workers";
import { expect, test, vi } from "vitest";
import { allowConsoleErrors } from "../console-errors";
import { fetchApp, pageText } from "./app";
import { createBooking, daysFromNow, ensureCatalogue } from "../factories/bookings";
import { createUser, signInOnWeb } from "../factories/users";

// A page that fails inside a section (DESIGN §4.1) shows that section's error under the site's
// header, with a way back into the section, not the bare generic error page: its loader's
// database query is made to fail here, as an outage would, and nothing else.

const SITE_HEADER = '<header class="site-header">';
const GENERIC_ERROR = "Unexpected Application Error!";

/** D1 refuses every statement reading `table` while `run` goes; every other statement works as usual. */
async function withFailingTable<T>(table: string, run: () => Promise<T>): Promise<T> {
  const prepare = env.DB.prepare.bind(env.DB);
  const reads = new RegExp(`\\b(from|join) "${table}"`, "i");
  const spy = vi.spyOn(env.DB, "prepare").mockImplementation((sql: string) => {
    if (reads.test(sql)) throw new Error(`D1_ERROR: ${table} is unavailable (test)`);
    return prepare(sql);
  });
  try {
    return await run();
  } finally {
    spy.mockRestore();
  }
}

async function signedIn(roles: ("client" | "coach" | "admin")[]) {
  const user = await createUser({ roles });
  return { id: user.id, cookie: await signInOnWeb(user) };
}

async function failingPage(path: string, cookie: string | undefined, table: string) {
  const errors = allowConsoleErrors();
  const response = await withFailingTable(table, () => fetchApp(new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} })));
  const html = await pageText(response);
  // The failure was real and logged on the server, not swallowed.
  expect(errors.length, `${path}: the failure is logged`).toBeGreaterThan(0);
  return { status: response.status, html };
}

test("a failing admin page shows the admin section's error under the site header", async () => {
  const admin = await signedIn(["admin"]);
  const { status, html } = await failingPage("/admin/audit", admin.cookie, "audit_log");
  expect(status).toBe(500);
  expect(html).toContain(SITE_HEADER);
  expect(html).toContain("This admin page can't be shown just now");
  expect(html).toContain('href="/admin"');
  expect(html).not.toContain(GENERIC_ERROR);
  expect(html).toContain("<title>Something went wrong | ClarityAI Coaching</title>");
});

test("a failing coach portal page shows the coach portal's error, the availability editor its own", async () => {
  const coach = await signedIn(["coach"]);
  const portal = await failingPage("/coach", coach.cookie, "bookings");
  expect(portal.status).toBe(500);
  expect(portal.html).toContain(SITE_HEADER);
  expect(portal.html).toContain("The coach portal can't be shown just now");
  expect(portal.html).not.toContain(GENERIC_ERROR);

  const editor = await failingPage("/coach/availability", coach.cookie, "coach_schedules");
  expect(editor.status).toBe(500);
  expect(editor.html).toContain(SITE_HEADER);
  expect(editor.html).toContain("Your availability couldn't be shown just now.");
  expect(editor.html).toContain('href="/coach"');
  expect(editor.html).not.toContain(GENERIC_ERROR);
});

test("a failing profile tab shows the profile's error under the site header", async () => {
  const client = await signedIn(["client"]);
  const { status, html } = await failingPage("/profile?tab=bookings", client.cookie, "bookings");
  expect(status).toBe(500);
  expect(html).toContain(SITE_HEADER);
  expect(html).toContain("Your profile can't be shown just now");
  expect(html).not.toContain(GENERIC_ERROR);
});

test("a failing meeting page shows the meeting's error under the site header", async () => {
  await ensureCatalogue();
  const coach = await signedIn(["coach"]);
  const client = await signedIn(["client"]);
  const booking = await createBooking({ coachId: coach.id, clientId: client.id, startsAt: daysFromNow(2, 1) });
  const { status, html } = await failingPage(`/meeting/${booking.id}`, client.cookie, "bookings");
  expect(status).toBe(500);
  expect(html).toContain(SITE_HEADER);
  expect(html).toContain("This meeting can't be shown just now");
  expect(html).not.toContain(GENERIC_ERROR);
});

test("a learning page whose viewer can't be read shows the hub's error under the site header", async () => {
  const client = await signedIn(["client"]);
  // The session check reads D1: with it down the root carries on signed out, the hub's guard cannot.
  const { status, html } = await failingPage("/learning", client.cookie, "auth_sessions");
  expect(status).toBe(500);
  expect(html).toContain(SITE_HEADER);
  expect(html).toContain("The learning hub can't be shown just now");
  expect(html).not.toContain(GENERIC_ERROR);
});

test("a failing booking page shows the booking section's error under the site header", async () => {
  const { status, html } = await failingPage("/booking", undefined, "booking_types");
  expect(status).toBe(500);
  expect(html).toContain(SITE_HEADER);
  expect(html).toContain("Booking isn't available just now");
  expect(html).toContain('href="/booking"');
  expect(html).not.toContain(GENERIC_ERROR);
});

test("a 404 inside a section is the site's Not Found page, as anywhere else", async () => {
  const admin = await signedIn(["admin"]);
  for (const path of [`/admin/leads/${crypto.randomUUID()}`, `/admin/outbox/${crypto.randomUUID()}`, "/meeting"]) {
    const response = await fetchApp(new Request(`http://localhost${path}`, { headers: { Cookie: admin.cookie } }));
    expect(response.status, path).toBe(404);
    const html = await pageText(response);
    expect(html, path).toContain("We couldn't find that page");
    expect(html, path).toContain("<title>Page not found | ClarityAI Coaching</title>");
    expect(html, path).toContain(SITE_HEADER);
  }
});
