import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { guestClientKey } from "~/coach-network/clients.server";
import { createBooking } from "../../factories/bookings";
import { createCoach, createSignedInCoach } from "../../factories/coaches";
import { createSignedInUser, createUser } from "../../factories/users";
import { fetchApp, pageText } from "../app";
import { DAY, writeNotes, writeSummary } from "./helpers";

// The coach's sessions and clients: only this coach's, with the summaries shared and the coach's
// private notes; another coach's client is not found. Admins read private notes only through the
// audited action on the coach's admin page, with a reason.

const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const ahead = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function coachWithClient() {
  const coach = await createSignedInCoach();
  const client = await createUser({ roles: ["client"], firstName: "Mia", lastName: "Cartwright" });
  const past = await createBooking({
    coachId: coach.id,
    clientId: client.id,
    email: client.email,
    name: "Mia Cartwright",
    startsAt: ago(3),
    status: "completed",
  });
  const upcoming = await createBooking({ coachId: coach.id, clientId: client.id, email: client.email, name: "Mia Cartwright", startsAt: ahead(4) });
  await writeNotes(past.id, coach.id, "Mia is worried about cash flow in winter.");
  await writeSummary(past.id, coach.id, "We mapped the next quarter's cash flow.");
  return { coach, client, past, upcoming };
}

test("/coach/sessions lists the coach's upcoming and past sessions with status, room link and private notes, and no one else's", async () => {
  const { coach, past, upcoming } = await coachWithClient();
  const other = await createCoach();
  await createBooking({ coachId: other.id, startsAt: ahead(2), name: "Other Coach's Client" });
  const cancelled = await createBooking({ coachId: coach.id, startsAt: ago(1), name: "Cancelled Client", status: "cancelled" });
  const noShow = await createBooking({ coachId: coach.id, startsAt: ago(2), name: "Absent Client", status: "no_show" });

  const upcomingPage = await pageText(await fetchApp("/coach/sessions", { cookie: coach.cookie }));
  expect(upcomingPage).toContain(`/meeting/${upcoming.id}`);
  expect(upcomingPage).not.toContain("Other Coach's Client");
  expect(upcomingPage).not.toContain(past.id);

  const pastPage = await pageText(await fetchApp("/coach/sessions?view=past", { cookie: coach.cookie }));
  expect(pastPage).toContain(`/meeting/${past.id}/record`);
  expect(pastPage).toContain("Mia is worried about cash flow in winter.");
  expect(pastPage).toContain("Summary sent");
  expect(pastPage).toMatch(/data-status="completed">Completed/);
  expect(pastPage).toMatch(/data-status="no_show">No-show/);
  expect(pastPage).toMatch(/data-status="cancelled">Cancelled/);
  expect(pastPage).toContain(noShow.reference);
  expect(pastPage).toContain(cancelled.reference);
  expect(pastPage).not.toContain("Other Coach's Client");

  for (const query of ["?view=past&page=999", "?view=nonsense&page=-4", "?page=abc"]) {
    expect((await fetchApp(`/coach/sessions${query}`, { cookie: coach.cookie })).status, query).toBe(200);
  }
});

test("/coach/clients lists only the coach's clients; a client's page shows their history, the shared summary and the private notes", async () => {
  const { coach, client, past } = await coachWithClient();
  const other = await createCoach();
  const stranger = await createUser({ roles: ["client"] });
  await createBooking({ coachId: other.id, clientId: stranger.id, email: stranger.email, name: "Stranger Danger", startsAt: ago(5), status: "completed" });

  const list = await pageText(await fetchApp("/coach/clients", { cookie: coach.cookie }));
  expect(list).toContain(`/coach/clients/${client.id}`);
  expect(list).not.toContain("Stranger Danger");

  const page = await fetchApp(`/coach/clients/${client.id}`, { cookie: coach.cookie });
  expect(page.status).toBe(200);
  const text = await pageText(page);
  expect(text).toContain("Mia Cartwright");
  expect(text).toContain(client.email);
  expect(text).toContain("We mapped the next quarter's cash flow.");
  expect(text).toContain("Draft a cash-flow forecast");
  expect(text).toContain("Mia is worried about cash flow in winter.");
  expect(text).toContain(past.reference);
});

test("a guest's client page opens from its opaque key; the key means nothing to another coach", async () => {
  const coach = await createSignedInCoach();
  const other = await createSignedInCoach();
  const email = `guest.${crypto.randomUUID().slice(0, 8)}@example.com.au`;
  await createBooking({ coachId: coach.id, email, name: "Guest Person", startsAt: ago(2), status: "completed", typeId: "discovery" });
  await createBooking({ coachId: other.id, email, name: "Guest Person", startsAt: ago(1), status: "completed", typeId: "discovery" });
  const key = await guestClientKey(coach.id, email);

  const list = await pageText(await fetchApp("/coach/clients", { cookie: coach.cookie }));
  expect(list).toContain(`/coach/clients/${key}`);
  expect(list).not.toContain(email);
  expect((await fetchApp(`/coach/clients/${key}`, { cookie: coach.cookie })).status).toBe(200);
  expect((await fetchApp(`/coach/clients/${key}`, { cookie: other.cookie })).status).toBe(404);
});

test("another coach's client, a client who only booked someone else, and ids that are no one's are all the same 404", async () => {
  const { coach, client } = await coachWithClient();
  const other = await createSignedInCoach();
  const responses = await Promise.all(
    [
      [other.cookie, client.id],
      [coach.cookie, crypto.randomUUID()],
      [coach.cookie, other.id],
      [coach.cookie, "g-000000000000000000000000"],
      [coach.cookie, "../admin"],
    ].map(([cookie, id]) => fetchApp(`/coach/clients/${encodeURIComponent(id!)}`, { cookie })),
  );
  for (const response of responses) {
    expect(response.status).toBe(404);
    expect(await pageText(response)).not.toContain("Mia is worried");
  }
});

test("private notes are never the client's: their session record shows the shared summary and not the notes", async () => {
  const { past } = await coachWithClient();
  const signedIn = await createSignedInUser({ roles: ["client"] });
  // The client themself (signed in on a session of their own account).
  await env.DB.prepare("UPDATE bookings SET client_id = ?, email = ? WHERE id = ?").bind(signedIn.id, signedIn.email, past.id).run();
  const record = await pageText(await fetchApp(`/meeting/${past.id}/record`, { cookie: signedIn.cookie }));
  expect(record).toContain("We mapped the next quarter's cash flow.");
  expect(record).not.toContain("Mia is worried about cash flow in winter.");
});

test("an admin reads a coach's private notes on a client only with a reason, and the read is audited", async () => {
  const { coach, client } = await coachWithClient();
  const admin = await createSignedInUser({ roles: ["admin"] });
  const auditCount = () =>
    env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'coach_notes_read' AND target_id = ?").bind(coach.id).first<number>("n");

  const page = await pageText(await fetchApp(`/admin/coaches/${coach.id}`, { cookie: admin.cookie }));
  expect(page).toContain("Read private notes");
  expect(page).not.toContain("Mia is worried about cash flow in winter.");

  const noReason = await fetchApp(`/admin/coaches/${coach.id}`, { cookie: admin.cookie, form: { intent: "read-notes", client: client.id, reason: "  " } });
  expect(noReason.status).toBe(400);
  expect(await pageText(noReason)).toContain("Give a reason of at least 10 characters");
  expect(await auditCount()).toBe(0);

  const notClients = await fetchApp(`/admin/coaches/${coach.id}`, {
    cookie: admin.cookie,
    form: { intent: "read-notes", client: crypto.randomUUID(), reason: "A complaint about a session" },
  });
  expect(notClients.status).toBe(404);
  expect(await auditCount()).toBe(0);

  const read = await fetchApp(`/admin/coaches/${coach.id}`, {
    cookie: admin.cookie,
    form: { intent: "read-notes", client: client.id, reason: "Complaint from the client, ticket 4411" },
  });
  expect(read.status).toBe(200);
  expect(await pageText(read)).toContain("Mia is worried about cash flow in winter.");
  const entry = await env.DB.prepare("SELECT actor_id, detail FROM audit_log WHERE action = 'coach_notes_read' AND target_id = ?")
    .bind(coach.id)
    .first<{ actor_id: string; detail: string }>();
  expect(entry?.actor_id).toBe(admin.id);
  expect(JSON.parse(entry!.detail)).toEqual({ client: client.id, reason: "Complaint from the client, ticket 4411" });

  // Coaches can't use the admin's read, not even on their own page.
  const asCoach = await fetchApp(`/admin/coaches/${coach.id}`, {
    cookie: coach.cookie,
    form: { intent: "read-notes", client: client.id, reason: "Just curious, really" },
  });
  expect(asCoach.status).toBe(302);
  expect(asCoach.headers.get("Location")).toBe("/");
});
