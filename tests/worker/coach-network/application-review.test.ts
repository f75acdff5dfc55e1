import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { applicationToken } from "~/coach-network/applications.server";
import { createApplication } from "../../factories/applications";
import { outboxTo } from "../../factories/emails";
import { createSignedInUser, createUser, uniqueEmail } from "../../factories/users";
import { contextFor, countRows, fetchApp, pageText } from "../app";

// /admin/coach-applications: the review. Admins only (the CV too); statuses move only forward
// (submitted → under review → approved | rejected, withdrawn by the applicant while open), each
// move audited, recorded in the history and emailed; approval makes the person a coach.

type Row = Record<string, string | number | null>;

async function statusOf(id: string) {
  return (await env.DB.prepare("SELECT status FROM coach_applications WHERE id = ?").bind(id).first<{ status: string }>())?.status;
}

async function historyOf(id: string) {
  const { results } = await env.DB.prepare(
    "SELECT from_status, to_status, actor_id, reason FROM coach_application_events WHERE application_id = ? ORDER BY created_at, rowid",
  )
    .bind(id)
    .all<Row>();
  return results;
}

async function auditsOf(id: string) {
  const { results } = await env.DB.prepare(
    "SELECT actor_id, target_id, detail FROM audit_log WHERE action = 'coach_application_status_changed' AND json_extract(detail, '$.applicationId') = ? ORDER BY created_at, rowid",
  )
    .bind(id)
    .all<{ actor_id: string | null; target_id: string | null; detail: string }>();
  return results.map((row) => ({ actorId: row.actor_id, targetId: row.target_id, ...(JSON.parse(row.detail) as Record<string, unknown>) }));
}

function act(cookie: string, id: string, form: Record<string, string>) {
  return fetchApp(`/admin/coach-applications/${id}`, { method: "POST", form, cookie });
}

test("visitors, clients and coaches get nothing from the list, an application, its CV or its forms", async () => {
  const cvKey = `coach-applications/${crypto.randomUUID()}/cv.pdf`;
  await env.UPLOADS.put(cvKey, "%PDF-1.7 secret cv", { httpMetadata: { contentType: "application/pdf" } });
  const application = await createApplication({ cvKey, firstName: "Secretia" });
  const [client, coach, admin] = await Promise.all([
    createSignedInUser({ roles: ["client"] }),
    createSignedInUser({ roles: ["coach"] }),
    createSignedInUser({ roles: ["admin"] }),
  ]);
  const personas = [
    { name: "visitor", cookie: undefined, location: /^\/auth\?redirectTo=/ },
    { name: "client", cookie: client.cookie, location: /^\/$/ },
    { name: "coach", cookie: coach.cookie, location: /^\/$/ },
  ];
  for (const persona of personas) {
    for (const path of ["/admin/coach-applications", `/admin/coach-applications/${application.id}`, `/admin/coach-applications/${application.id}/cv`]) {
      const response = await fetchApp(path, { cookie: persona.cookie });
      expect(response.status, `${persona.name} GET ${path}`).toBe(302);
      expect(response.headers.get("Location"), `${persona.name} GET ${path}`).toMatch(persona.location);
      expect(await response.text()).not.toContain("Secretia");
    }
    for (const intent of ["start-review", "approve", "reject", "add-note"]) {
      const response = await fetchApp(`/admin/coach-applications/${application.id}`, {
        method: "POST",
        form: { intent, reason: "Not this time, thank you for applying to us.", body: "note" },
        cookie: persona.cookie,
      });
      expect(response.status, `${persona.name} POST ${intent}`).toBe(302);
      expect(response.headers.get("Location"), `${persona.name} POST ${intent}`).toMatch(persona.location);
    }
  }
  expect(await statusOf(application.id)).toBe("submitted");
  expect(await countRows("coach_application_notes", "application_id = ?", application.id)).toBe(0);

  // An admin downloads it: as an attachment of the type read from its bytes, never shown inline.
  const cv = await fetchApp(`/admin/coach-applications/${application.id}/cv`, { cookie: admin.cookie });
  expect(cv.status).toBe(200);
  expect(cv.headers.get("Content-Type")).toBe("application/pdf");
  expect(cv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="cv.pdf"/);
  expect(cv.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(cv.headers.get("Cache-Control")).toBe("private, no-store");
  expect(await cv.text()).toBe("%PDF-1.7 secret cv");
  // No CV, or no such application: not found.
  const without = await createApplication();
  expect((await fetchApp(`/admin/coach-applications/${without.id}/cv`, { cookie: admin.cookie })).status).toBe(404);
  expect((await fetchApp(`/admin/coach-applications/${crypto.randomUUID()}`, { cookie: admin.cookie })).status).toBe(404);
  expect((await fetchApp("/admin/coach-applications/not-an-id", { cookie: admin.cookie })).status).toBe(404);
});

test("the list filters by status and specialty and searches names and addresses", async () => {
  const tag = `z${crypto.randomUUID().slice(0, 8)}`;
  const admin = await createSignedInUser({ roles: ["admin"] });
  const open = await createApplication({ lastName: `Open${tag}`, email: uniqueEmail(tag) });
  const rejected = await createApplication({ lastName: `Closed${tag}`, status: "rejected" });
  const list = async (query: string) => {
    const response = await fetchApp(`/admin/coach-applications${query}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    return response.text();
  };
  const openOnly = await list(`?q=${tag}`);
  expect(openOnly).toContain(`/admin/coach-applications/${open.id}"`);
  expect(openOnly).not.toContain(rejected.id);
  const all = await list(`?status=&q=${tag}`);
  expect(all).toContain(open.id);
  expect(all).toContain(rejected.id);
  expect(await list(`?status=rejected&q=${tag}`)).not.toContain(open.id);
  expect(await list(`?status=&q=${open.email.slice(0, 12).toUpperCase()}`)).toContain(open.id);
  expect(await list(`?status=&q=${tag}&specialty=digital-systems`)).toContain(open.id);
  expect(await list(`?status=&q=${tag}&specialty=software-solutions`)).not.toContain(open.id);
  // Junk in the address is no filter, never a 500.
  expect(await list(`?status=%00bogus&specialty=%27;drop&q=${"%25".repeat(300)}&page=abc`)).toContain("Coach applications");
});

test("statuses move only forward: review before a decision, a kind reason to reject, nothing after a decision; each move audited, recorded and emailed", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const application = await createApplication();

  // A decision needs a review first.
  const early = await act(admin.cookie, application.id, { intent: "approve" });
  expect(early.status).toBe(409);
  expect(await pageText(early)).toContain("Start its review first");
  expect(await statusOf(application.id)).toBe("submitted");

  expect((await act(admin.cookie, application.id, { intent: "start-review" })).status).toBe(302);
  expect(await statusOf(application.id)).toBe("under_review");
  expect((await act(admin.cookie, application.id, { intent: "start-review" })).status).toBe(409);

  // A reason the applicant can read is required.
  const curt = await act(admin.cookie, application.id, { intent: "reject", reason: "No." });
  expect(curt.status).toBe(400);
  expect(await pageText(curt)).toContain("Write at least 20 characters");
  expect(await statusOf(application.id)).toBe("under_review");

  const reason = "We're looking for coaches with more hands-on experience in hospitality right now.";
  expect((await act(admin.cookie, application.id, { intent: "reject", reason })).status).toBe(302);
  expect(await statusOf(application.id)).toBe("rejected");
  for (const intent of ["approve", "start-review", "reject"]) {
    expect((await act(admin.cookie, application.id, { intent, reason })).status, intent).toBe(409);
  }
  expect(await statusOf(application.id)).toBe("rejected");

  expect(await historyOf(application.id)).toEqual([
    { from_status: null, to_status: "submitted", actor_id: null, reason: null },
    { from_status: "submitted", to_status: "under_review", actor_id: admin.id, reason: null },
    { from_status: "under_review", to_status: "rejected", actor_id: admin.id, reason },
  ]);
  expect(await auditsOf(application.id)).toEqual([
    { actorId: admin.id, targetId: null, applicationId: application.id, from: "submitted", to: "under_review" },
    { actorId: admin.id, targetId: null, applicationId: application.id, from: "under_review", to: "rejected" },
  ]);
  const emails = await outboxTo(application.email);
  expect(emails.map((email) => email.subject)).toEqual(["Your coach application", "We're reviewing your coach application"]);
  expect(emails[0]!.text_body).toContain(reason);
  expect(emails[0]!.text_body).toContain("Thank you for applying");

  // The applicant's page shows where it ended, and can no longer withdraw it.
  const token = await applicationToken(contextFor(), application.id);
  const page = await pageText(await fetchApp(`/coach-registration/${token}`));
  expect(page).toContain("Not successful");
  expect(page).toContain(reason);
  expect(page).not.toContain("Withdraw my application");
  expect((await fetchApp(`/coach-registration/${token}`, { method: "POST", form: { intent: "withdraw" } })).status).toBe(409);
});

test("the applicant withdraws from their link while the application is open; it is audited without an actor and emailed", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const application = await createApplication();
  await act(admin.cookie, application.id, { intent: "start-review" });
  const token = await applicationToken(contextFor(), application.id);
  const withdrawn = await fetchApp(`/coach-registration/${token}`, { method: "POST", form: { intent: "withdraw" } });
  expect(withdrawn.status).toBe(302);
  expect(await statusOf(application.id)).toBe("withdrawn");
  expect((await auditsOf(application.id)).at(-1)).toEqual({
    actorId: null,
    targetId: null,
    applicationId: application.id,
    from: "under_review",
    to: "withdrawn",
  });
  expect((await historyOf(application.id)).at(-1)).toMatchObject({ to_status: "withdrawn", actor_id: null });
  expect((await outboxTo(application.email))[0]!.subject).toBe("Your coach application has been withdrawn");
  expect((await act(admin.cookie, application.id, { intent: "approve" })).status).toBe(409);
  // Bad intents are a 400, not a 500.
  expect((await fetchApp(`/coach-registration/${token}`, { method: "POST", form: { intent: "delete" } })).status).toBe(400);
  expect((await act(admin.cookie, application.id, { intent: "explode" })).status).toBe(400);
});

test("internal notes are kept for the team, audited, and never reach the applicant", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const application = await createApplication();
  expect((await act(admin.cookie, application.id, { intent: "add-note", body: "" })).status).toBe(400);
  expect((await act(admin.cookie, application.id, { intent: "add-note", body: "Strong hospitality referee — call Tuesday." })).status).toBe(302);
  const detail = await pageText(await fetchApp(`/admin/coach-applications/${application.id}`, { cookie: admin.cookie }));
  expect(detail).toContain("Strong hospitality referee — call Tuesday.");
  expect(detail).toContain(admin.email);
  expect(await countRows("audit_log", "action = 'coach_application_note_added' AND json_extract(detail, '$.applicationId') = ?", application.id)).toBe(1);
  const token = await applicationToken(contextFor(), application.id);
  expect(await pageText(await fetchApp(`/coach-registration/${token}`))).not.toContain("Strong hospitality referee");
  expect(await outboxTo(application.email)).toEqual([]);
});

test("approving an application from someone with an account makes them a coach: role, profile and schedule from the application, not yet bookable", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const person = await createUser({ roles: ["client"] });
  const application = await createApplication({ email: person.email, firstName: "Ana", lastName: "Lima" });
  // Someone else already has the name's slug.
  const namesake = await createApplication({ email: (await createUser()).email, firstName: "Ana", lastName: "Lima" });
  await act(admin.cookie, namesake.id, { intent: "start-review" });
  expect((await act(admin.cookie, namesake.id, { intent: "approve" })).status).toBe(302);

  await act(admin.cookie, application.id, { intent: "start-review" });
  const approved = await act(admin.cookie, application.id, { intent: "approve" });
  expect(approved.status).toBe(302);
  expect(await statusOf(application.id)).toBe("approved");
  expect(await env.DB.prepare("SELECT user_id FROM coach_applications WHERE id = ?").bind(application.id).first("user_id")).toBe(person.id);
  expect(await countRows("user_roles", "user_id = ? AND role = 'coach'", person.id)).toBe(1);
  expect(await countRows("user_roles", "user_id = ? AND role = 'client'", person.id)).toBe(1);

  const profile = await env.DB.prepare("SELECT * FROM coach_profiles WHERE coach_id = ?").bind(person.id).first<Row>();
  expect(profile).toMatchObject({
    legal_name: "Ana Lima",
    phone: "0400 000 000",
    specialties: '["digital-systems"]',
    industries: '["Retail and e-commerce"]',
    abn: "51824753556",
    gst_registered: 1,
    onboarding_completed_at: null,
    abn_confirmed_at: null,
  });
  expect(String(profile!.bio)).toContain("A practical coach");
  const schedule = await env.DB.prepare("SELECT * FROM coach_schedules WHERE coach_id = ?").bind(person.id).first<Row>();
  expect(schedule).toMatchObject({ display_name: "Ana Lima", time_zone: "Australia/Brisbane", state: "QLD", accepting_bookings: 1 });
  expect(schedule!.slug).toMatch(/^ana-lima-\d+$/);
  expect(Object.values(JSON.parse(String(schedule!.weekly_hours)) as Record<string, unknown[]>).every((day) => day.length === 0)).toBe(true);

  const [email] = await outboxTo(person.email);
  expect(email!.subject).toBe("Welcome to the ClarityAI Coaching network");
  expect(email!.text_body).toContain("Sign in: ");
  expect(email!.text_body).toContain("/auth?redirectTo=%2Fcoach");
  expect(await countRows("audit_log", "action = 'role_granted' AND target_id = ? AND actor_id = ?", person.id, admin.id)).toBe(1);
  expect((await auditsOf(application.id)).at(-1)).toMatchObject({ actorId: admin.id, targetId: person.id, to: "approved", invited: false });

  // Approving again changes nothing.
  expect((await act(admin.cookie, application.id, { intent: "approve" })).status).toBe(409);
  expect(await countRows("coach_schedules", "coach_id = ?", person.id)).toBe(1);
  expect(await outboxTo(person.email, { subject: "Welcome to the ClarityAI Coaching network" })).toHaveLength(1);
});

test("approving an application from someone without an account invites them to set a password and land in the portal", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const application = await createApplication({ email: uniqueEmail("newcoach"), firstName: "Tama", lastName: "Walker" });
  await act(admin.cookie, application.id, { intent: "start-review" });
  const approved = await act(admin.cookie, application.id, { intent: "approve" });
  expect(approved.status).toBe(302);
  const user = await env.DB.prepare("SELECT id, email, user_metadata FROM users WHERE email = ?").bind(application.email).first<Row>();
  expect(user).not.toBeNull();
  expect(JSON.parse(String(user!.user_metadata))).toMatchObject({ first_name: "Tama", last_name: "Walker" });
  expect(await countRows("user_roles", "user_id = ? AND role = 'coach'", String(user!.id))).toBe(1);
  expect(await countRows("coach_profiles", "coach_id = ? AND legal_name = 'Tama Walker'", String(user!.id))).toBe(1);
  expect(await countRows("coach_schedules", "coach_id = ?", String(user!.id))).toBe(1);
  const subjects = (await outboxTo(application.email)).map((email) => email.subject);
  expect(subjects).toContain("Welcome to the ClarityAI Coaching network");
  // The invitation itself: its own email, whose link sets a password and lands in the portal.
  const [invitation] = await outboxTo(application.email, { subject: "You're invited to ClarityAI Coaching" });
  expect(invitation!.text_body).toMatch(/\/auth\/invite\?[^\s]*redirectTo=%2Fcoach/);
  const welcome = (await outboxTo(application.email, { subject: "Welcome to the ClarityAI Coaching network" }))[0]!;
  expect(welcome.text_body).toContain("We've sent you a separate email with a link to set your password");
  expect((await auditsOf(application.id)).at(-1)).toMatchObject({ targetId: user!.id, to: "approved", invited: true });
});
