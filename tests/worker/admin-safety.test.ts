import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { generateSecret, generateTotp } from "~/auth/totp";
import { createBooking, createPayment } from "../factories/bookings";
import { createSignedInCoach } from "../factories/coaches";
import { apiSession, createSignedInUser, createUser, signIn, webSession } from "../factories/users";
import { auditAbout, expectRedirect } from "./booking-portals/helpers";
import { authApi, countRows, fetchApp, pageText, testClientIp } from "./app";
import { deliverJobs } from "./queue";

// Admin safety: the admin area needs an aal2 session in production (with a guided set-up for an
// admin without an authenticator app), and money actions ask for a fresh code when the last one is
// more than 10 minutes old.

async function productionEnv(): Promise<Env> {
  const { privateKey } = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const jwk = { ...(await crypto.subtle.exportKey("jwk", privateKey)), kid: "test-key" };
  return {
    ...env,
    APP_ENV: "production",
    SESSION_SECRET: "a-production-secret-of-at-least-thirty-two-characters",
    AUTH_JWT_PRIVATE_KEY: JSON.stringify(jwk),
  } as unknown as Env;
}

/** A verified authenticator app for the user, straight into D1; answers its secret. */
async function addTotpFactor(userId: string) {
  const secret = generateSecret();
  await env.DB.prepare(
    "INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret) VALUES (?, ?, 'Authenticator app', 'totp', 'verified', ?)",
  )
    .bind(crypto.randomUUID(), userId, secret)
    .run();
  return secret;
}

/** Sets the user's live sessions to `aal`, with a TOTP verification `totpAgeSeconds` ago (none when null). */
async function setSessionLevel(userId: string, aal: "aal1" | "aal2", totpAgeSeconds: number | null) {
  const now = Math.floor(Date.now() / 1000);
  const amr = [{ method: "password", timestamp: now - 3600 }, ...(totpAgeSeconds === null ? [] : [{ method: "totp", timestamp: now - totpAgeSeconds }])];
  await env.DB.prepare("UPDATE auth_sessions SET aal = ?, amr = ? WHERE user_id = ?").bind(aal, JSON.stringify(amr), userId).run();
}

async function adminIn(bindings: Env, { factor = false } = {}) {
  const ip = testClientIp();
  const user = await createUser({ roles: ["admin"] });
  const cookie = await webSession(user, { ip, bindings });
  const secret = factor ? await addTotpFactor(user.id) : null;
  return { ...user, cookie, ip, secret };
}

test("production: an aal1 admin without an authenticator app is walked through setting one up, then reaches the admin page", async () => {
  const bindings = await productionEnv();
  const admin = await adminIn(bindings);
  const refused = await fetchApp("/admin/audit?action=login", { cookie: admin.cookie, bindings, ip: admin.ip });
  expectRedirect(refused, "/profile?tab=security&for=admin&redirectTo=%2Fadmin%2Faudit%3Faction%3Dlogin");

  const setup = "/profile?tab=security&for=admin&redirectTo=%2Fadmin%2Faudit";
  const page = await pageText(await fetchApp(setup, { cookie: admin.cookie, bindings, ip: admin.ip }));
  expect(page).toContain("Set up two-step verification to use the admin area");
  expect(page).toContain(`action="${setup}"`);

  const enrol = await fetchApp(setup, { cookie: admin.cookie, bindings, ip: admin.ip, form: { intent: "enrol-totp" } });
  expect(enrol.status).toBe(200);
  const html = await pageText(enrol);
  const secret = html.match(/name="secret" value="([A-Z2-7]+)"/)?.[1];
  const factorId = html.match(/name="factorId" value="([0-9a-f-]{36})"/)?.[1];
  const uri = html.match(/name="uri" value="([^"]+)"/)?.[1];
  expect(secret && factorId && uri).toBeTruthy();
  const verified = await fetchApp(setup, {
    cookie: admin.cookie,
    bindings,
    ip: admin.ip,
    form: { intent: "verify-totp", factorId: factorId!, secret: secret!, uri: uri!.replaceAll("&amp;", "&"), code: await generateTotp(secret!) },
  });
  // Straight on to the page the admin wanted, now at aal2.
  expectRedirect(verified, "/admin/audit");
  expect((await fetchApp("/admin/audit", { cookie: admin.cookie, bindings, ip: admin.ip })).status).toBe(200);
});

test("production: an aal1 admin with an authenticator app gets the MFA step; at aal2 the admin area opens; development is unchanged", async () => {
  const bindings = await productionEnv();
  const admin = await adminIn(bindings, { factor: true });
  expectRedirect(await fetchApp("/admin/bookings", { cookie: admin.cookie, bindings }), "/auth?step=mfa&redirectTo=%2Fadmin%2Fbookings");
  await setSessionLevel(admin.id, "aal2", 60);
  expect((await fetchApp("/admin/bookings", { cookie: admin.cookie, bindings })).status).toBe(200);

  // Development (the tests' own bindings): a password-only admin still works, as the demo admin does.
  const local = await createSignedInUser({ roles: ["admin"] });
  expect((await fetchApp("/admin/bookings", { cookie: local.cookie })).status).toBe(200);
  // The guided set-up is only for admins: anyone else sees the ordinary security tab.
  const client = await createSignedInUser();
  expect(await pageText(await fetchApp("/profile?tab=security&for=admin", { cookie: client.cookie }))).not.toContain("to use the admin area");
});

test("production: a redirectTo outside /admin is not followed after the set-up", async () => {
  const bindings = await productionEnv();
  const admin = await adminIn(bindings);
  const page = await pageText(await fetchApp("/profile?tab=security&for=admin&redirectTo=https%3A%2F%2Fevil.example", { cookie: admin.cookie, bindings }));
  expect(page).toContain('href="/admin"');
  expect(page).not.toContain("evil.example");
});

async function guaranteeRequest() {
  const coach = await createSignedInCoach();
  const client = await createSignedInUser();
  const booking = await createBooking({
    coachId: coach.id,
    clientId: client.id,
    email: client.email,
    startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  });
  const requestId = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO refund_requests (id, booking_id, user_id, reason) VALUES (?, ?, ?, 'It did not help')")
    .bind(requestId, booking.id, client.id)
    .run();
  return { booking, requestId, client };
}

const requestStatus = (id: string) => env.DB.prepare("SELECT status FROM refund_requests WHERE id = ?").bind(id).first<string>("status");

test("step-up: a guarantee decision with a stale code asks for a fresh one; missing or wrong codes change nothing; the right one decides", async () => {
  const admin = await adminIn(env, { factor: true });
  await setSessionLevel(admin.id, "aal2", 11 * 60);
  const { booking, requestId } = await guaranteeRequest();
  const path = `/admin/bookings/${booking.id}`;

  // The page shows the code field, since the last code is 11 minutes old.
  const page = await pageText(await fetchApp(path, { cookie: admin.cookie, ip: admin.ip }));
  expect(page).toContain('name="stepUpCode"');

  const missing = await fetchApp(path, { cookie: admin.cookie, ip: admin.ip, form: { intent: "decline-request", requestId } });
  expect(missing.status).toBe(400);
  expect(await pageText(missing)).toContain("Enter the 6-digit code from your authenticator app to confirm this.");

  const wrongCode = (await generateTotp(admin.secret!)) === "000000" ? "111111" : "000000";
  const wrong = await fetchApp(path, { cookie: admin.cookie, ip: admin.ip, form: { intent: "decline-request", requestId, stepUpCode: wrongCode } });
  expect(wrong.status).toBe(422);
  const wrongHtml = await pageText(wrong);
  expect(wrongHtml).toContain("That code didn't work");
  expect(wrongHtml).toMatch(/id="guarantee-step-up"[^>]*aria-invalid="true"/);
  expect(await requestStatus(requestId)).toBe("requested");
  expect(await auditAbout(requestId)).toEqual([]);

  const right = await fetchApp(path, {
    cookie: admin.cookie,
    ip: admin.ip,
    form: { intent: "decline-request", requestId, stepUpCode: await generateTotp(admin.secret!) },
  });
  expectRedirect(right, path);
  expect(await requestStatus(requestId)).toBe("declined");
  expect(await auditAbout(requestId)).toHaveLength(1);

  // The fresh code counts for the next 10 minutes: another decision needs none.
  const second = await guaranteeRequest();
  expect(await pageText(await fetchApp(`/admin/bookings/${second.booking.id}`, { cookie: admin.cookie, ip: admin.ip }))).not.toContain('name="stepUpCode"');
  expectRedirect(
    await fetchApp(`/admin/bookings/${second.booking.id}`, {
      cookie: admin.cookie,
      ip: admin.ip,
      form: { intent: "decline-request", requestId: second.requestId },
    }),
    `/admin/bookings/${second.booking.id}`,
  );
});

test("step-up: a confirmed refund with a stale code is refused before anything is refunded; development admins without an app are not asked", async () => {
  const admin = await adminIn(env, { factor: true });
  await setSessionLevel(admin.id, "aal2", 30 * 60);
  const coach = await createSignedInCoach();
  const client = await createSignedInUser();
  const booking = await createBooking({
    coachId: coach.id,
    clientId: client.id,
    email: client.email,
    startsAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
  });
  const payment = await createPayment({ userId: client.id, bookingId: booking.id, email: client.email });
  const form = { intent: "refund", amount: "150.00", reason: "Goodwill", confirm: "yes", refundedBefore: "0" };

  const refused = await fetchApp(`/admin/bookings/${booking.id}`, { cookie: admin.cookie, ip: admin.ip, form });
  expect(refused.status).toBe(400);
  const html = await pageText(refused);
  // The confirmation stays on screen with the code field and its message.
  expect(html).toContain("Confirm the refund of");
  expect(html).toMatch(/id="refund-step-up"[^>]*aria-invalid="true"/);
  expect(await countRows("payment_refunds", "payment_id = ?", payment.id)).toBe(0);
  expect(await auditAbout(payment.id)).toEqual([]);

  // Cancelling the paid session refunds it, so it asks for the code too; the booking stays as it was.
  const cancel = await fetchApp(`/admin/bookings/${booking.id}`, {
    cookie: admin.cookie,
    ip: admin.ip,
    form: { intent: "cancel", reason: "Coach unwell", confirmed: "yes" },
  });
  expect(cancel.status).toBe(400);
  expect(await pageText(cancel)).toMatch(/id="cancel-step-up"[^>]*aria-invalid="true"/);
  expect(await env.DB.prepare("SELECT status FROM bookings WHERE id = ?").bind(booking.id).first<string>("status")).toBe("confirmed");
  expect(await auditAbout(booking.id)).toEqual([]);

  // An admin without an authenticator app (development only) is not asked for a code: the review step shows no field.
  const local = await createSignedInUser({ roles: ["admin"] });
  const review = await pageText(
    await fetchApp(`/admin/bookings/${booking.id}`, { cookie: local.cookie, form: { intent: "refund", amount: "150.00", reason: "Goodwill" } }),
  );
  expect(review).toContain("Confirm the refund of");
  expect(review).not.toContain('name="stepUpCode"');
  // Cancelling is a two-step confirmation that says what it will do, before any script runs.
  expect(review).toMatch(/<details class="confirm-action"><summary class="button button-danger">Cancel the booking…<\/summary>/);
  expect(review).toContain("A$150.00 goes back to the client's card with a credit note.");
});

test("production: the auth API's admin endpoints refuse an admin's aal1 token", async () => {
  const bindings = await productionEnv();
  const admin = await adminIn(bindings, { factor: true });
  const session = await apiSession(admin, { bindings, ip: admin.ip });
  const response = await authApi("/invite", { bindings, token: session.access_token, json: { email: "someone@example.com" }, ip: admin.ip });
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ code: "insufficient_aal" });
});

// ── The audit log: filters, CSV export and the 7-year retention ──

async function auditEntry(fields: { action: string; actorId?: string | null; targetId?: string | null; createdAt: string; detail?: Record<string, unknown> }) {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO audit_log (id, actor_id, action, target_id, detail, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(id, fields.actorId ?? null, fields.action, fields.targetId ?? null, JSON.stringify(fields.detail ?? {}), fields.createdAt)
    .run();
  return id;
}

test("the audit log filters by action, actor, target and a range of days on the admin's clock, and shows each diff", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const other = await createUser({ roles: ["admin"] });
  const target = crypto.randomUUID();
  const action = `probe_${crypto.randomUUID().slice(0, 8).replace(/-/g, "")}`.replace(/[0-9]/g, "x");
  const detail = { targetType: "booking", changes: { status: { from: "confirmed", to: "cancelled" } }, reason: "Coach unwell" };
  // 1 July 2031 00:30 in Sydney (AEST) is 30 June 14:30 UTC: it belongs to the day 1 July.
  await auditEntry({ action, actorId: admin.id, targetId: target, createdAt: "2031-06-30T14:30:00.000Z", detail });
  await auditEntry({ action, actorId: admin.id, targetId: target, createdAt: "2031-06-30T13:30:00.000Z" });
  await auditEntry({ action, actorId: other.id, targetId: crypto.randomUUID(), createdAt: "2031-07-02T00:00:00.000Z" });
  const list = async (search: string) => {
    const response = await fetchApp(`/admin/audit?action=${action}&${search}`, { cookie: admin.cookie });
    return { status: response.status, html: await pageText(response) };
  };

  const all = await list("");
  expect(all.status).toBe(200);
  expect(all.html).toContain("Showing 1–3 of 3");
  // The diff and the reason, in words.
  expect(all.html).toMatch(/status:<\/span> <code>confirmed<\/code> → <code>cancelled<\/code>/);
  expect(all.html).toContain("Coach unwell");

  expect((await list(`actor=${encodeURIComponent(other.email)}`)).html).toContain("Showing 1–1 of 1");
  expect((await list(`actor=${other.id}`)).html).toContain("Showing 1–1 of 1");
  expect((await list(`target=${target}`)).html).toContain("Showing 1–2 of 2");
  expect((await list("target=booking")).html).toContain("Showing 1–1 of 1");
  const firstOfJuly = await list("from=2031-07-01&to=2031-07-01");
  expect(firstOfJuly.html).toContain("Showing 1–1 of 1");
  expect(firstOfJuly.html).toContain("Coach unwell");
  expect((await list("to=2031-06-30")).html).toContain("Showing 1–1 of 1");

  // A range that ends before it starts, or a date that isn't one, is a 400 with the field's message (never a 500).
  const backwards = await list("from=2031-07-02&to=2031-07-01");
  expect(backwards.status).toBe(400);
  expect(backwards.html).toContain("The last day can't be before the first day.");
  expect((await list("from=2031-02-31")).status).toBe(400);
  // A LIKE wildcard is matched as itself.
  expect((await list("actor=%25")).html).toContain("No entries match these filters.");
});

test("the audit log downloads as CSV with the same filters, all pages; a bad range is a 400", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const action = `csv_${crypto.randomUUID().slice(0, 8)}`.replace(/[0-9-]/g, "y");
  for (let i = 0; i < 60; i++) {
    await auditEntry({ action, actorId: admin.id, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() });
  }
  const response = await fetchApp(`/admin/audit.csv?action=${action}`, { cookie: admin.cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
  const lines = (await response.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("when_utc,action,actor_id,actor_email,target_type,target_id,target_email,detail_json");
  // 60 entries: more than one page of the list, all in the file, newest first.
  expect(lines).toHaveLength(61);
  expect(lines[1]).toContain("2025-01-01T00:59:00.000Z");
  expect(lines[1]).toContain(admin.email);
  expect(lines[60]).toContain("2025-01-01T00:00:00.000Z");
  expect(lines.slice(1).every((line) => line.includes(action))).toBe(true);

  const bad = await fetchApp(`/admin/audit.csv?from=2031-13-01`, { cookie: admin.cookie });
  expect(bad.status).toBe(400);
  expect(await bad.text()).toContain("Enter the first day as a date");
  // Not for anyone but an admin.
  const client = await createSignedInUser();
  expectRedirect(await fetchApp("/admin/audit.csv", { cookie: client.cookie }), "/");
});

test("the maintenance cron keeps audit entries for 7 years and deletes older ones", async () => {
  const scheduledAt = "2033-11-21T16:00:00.000Z";
  const old = await auditEntry({ action: "retention_probe", createdAt: "2026-11-21T15:59:59.999Z" });
  const kept = await auditEntry({ action: "retention_probe", createdAt: "2026-11-21T16:00:00.000Z" });
  const result = await deliverJobs([{ type: "maintenance.purge", version: 1, task: "audit-log", scheduledAt }]);
  expect(result.explicitAcks).toHaveLength(1);
  expect(await countRows("audit_log", "id = ?", old)).toBe(0);
  expect(await countRows("audit_log", "id = ?", kept)).toBe(1);
});

// ── Existing admin actions, audited with a diff ──

test("assigning and resolving an escalation are audited with the diff of its status and assignee, once each", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const client = await createUser();
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO ai_escalations (id, user_id, conversation_id, message_id, \"trigger\", reason, question, transcript) VALUES (?, ?, ?, 'm', 'user', NULL, 'Can I claim my ute?', '[]')",
  )
    .bind(id, client.id, crypto.randomUUID())
    .run();
  const path = `/admin/escalations/${id}`;
  expectRedirect(await fetchApp(path, { cookie: admin.cookie, form: { intent: "assign", assigneeId: admin.id } }), path);
  expectRedirect(await fetchApp(path, { cookie: admin.cookie, form: { intent: "resolve" } }), path);
  // Resolving again changes nothing and adds no entry.
  expectRedirect(await fetchApp(path, { cookie: admin.cookie, form: { intent: "resolve" } }), path);
  expect(await auditAbout(id)).toEqual([
    {
      action: "escalation_assigned",
      actorId: admin.id,
      detail: { targetType: "escalation", changes: { status: { from: "open", to: "assigned" }, assignedTo: { from: null, to: admin.id } } },
    },
    { action: "escalation_resolved", actorId: admin.id, detail: { targetType: "escalation", changes: { status: { from: "assigned", to: "resolved" } } } },
  ]);
  // The log reads it back with the diff.
  const log = await pageText(await fetchApp(`/admin/audit?target=${id}`, { cookie: admin.cookie }));
  expect(log).toMatch(/status:<\/span> <code>assigned<\/code> → <code>resolved<\/code>/);
});

test("a lost authenticator: another admin removes it with a reason and a fresh code; the person is signed out, emailed and signs in with their password", async () => {
  const admin = await adminIn(env, { factor: true });
  await setSessionLevel(admin.id, "aal2", 11 * 60);
  const member = await createSignedInUser();
  await addTotpFactor(member.id);
  const path = `/admin/users/${member.id}`;

  const page = await pageText(await fetchApp(path, { cookie: admin.cookie, ip: admin.ip }));
  expect(page).toContain("On (an authenticator app)");
  expect(page).toContain("Remove two-step verification…");
  expect(page).toContain('name="stepUpCode"');

  const form = { intent: "remove-two-step", userId: member.id };
  const noReason = await fetchApp(path, { cookie: admin.cookie, ip: admin.ip, form });
  expect(noReason.status).toBe(400);
  expect(await pageText(noReason)).toContain("Say why");
  const noCode = await fetchApp(path, { cookie: admin.cookie, ip: admin.ip, form: { ...form, reason: "Lost phone, checked by video call" } });
  expect(noCode.status).toBe(400);
  expect(await pageText(noCode)).toContain("Enter the 6-digit code from your authenticator app to confirm this.");
  const wrongCode = (await generateTotp(admin.secret!)) === "000000" ? "111111" : "000000";
  const wrong = await fetchApp(path, { cookie: admin.cookie, ip: admin.ip, form: { ...form, reason: "Lost phone", stepUpCode: wrongCode } });
  expect(wrong.status).toBe(422);
  expect(await countRows("mfa_factors", "user_id = ?", member.id)).toBe(1);
  expect(await countRows("auth_sessions", "user_id = ? AND revoked_at IS NULL", member.id)).toBe(1);
  expect(await auditAbout(member.id)).toEqual([]);

  const done = await fetchApp(path, {
    cookie: admin.cookie,
    ip: admin.ip,
    form: { ...form, reason: "Lost phone, checked by video call", stepUpCode: await generateTotp(admin.secret!) },
  });
  expectRedirect(done, path);
  expect(await countRows("mfa_factors", "user_id = ?", member.id)).toBe(0);
  expect(await countRows("auth_sessions", "user_id = ? AND revoked_at IS NULL", member.id)).toBe(0);
  expect((await fetchApp("/profile", { cookie: member.cookie })).status).toBe(302);
  expect(await auditAbout(member.id)).toEqual([
    {
      action: "user_two_step_removed",
      actorId: admin.id,
      detail: {
        targetType: "user",
        changes: { authenticatorApps: { from: 1, to: 0 }, liveSessions: { from: 1, to: 0 } },
        reason: "Lost phone, checked by video call",
      },
    },
  ]);
  expect(
    await countRows("email_outbox", "to_address = ? AND subject = ?", member.email, "Two-step verification was removed from your ClarityAI Coaching account"),
  ).toBe(1);
  expect(await pageText(await fetchApp(path, { cookie: admin.cookie, ip: admin.ip }))).toContain("They haven't set up an authenticator app.");

  // They sign in with their password alone: no MFA step is owed.
  const session = await signIn(member.email);
  const claims = JSON.parse(atob(session.access_token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { aal: string };
  expect(claims.aal).toBe("aal1");
  expect(await countRows("mfa_factors", "user_id = ?", member.id)).toBe(0);

  // Not on yourself: another admin must do it.
  const self = await fetchApp(`/admin/users/${admin.id}`, {
    cookie: admin.cookie,
    ip: admin.ip,
    form: { intent: "remove-two-step", userId: admin.id, reason: "Testing", stepUpCode: await generateTotp(admin.secret!) },
  });
  expect(self.status).toBe(400);
  expect(await pageText(self)).toContain("You can't remove your own two-step verification here");
  expect(await countRows("mfa_factors", "user_id = ?", admin.id)).toBe(1);
});
