import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createOutboxEmail } from "../factories/emails";
import { apiSession, createSignedInUser, createUser, TEST_PASSWORD } from "../factories/users";
import { createSubscription } from "../factories/subscriptions";
import { authApi, countRows, fetchApp, pageText } from "./app";
import { holdJobs } from "./queue";

// The admin's operations: users (sign out everywhere, disable and enable, role changes with a
// reason), the email outbox's resend, failed emails on "Needs attention", and the subscriptions list.
// Every action is audited with adminAuditStatement (actor, target, diff, reason).

async function admin() {
  return createSignedInUser({ roles: ["admin"] });
}

async function auditDetail(action: string, targetId: string) {
  const row = await env.DB.prepare("SELECT actor_id, detail FROM audit_log WHERE action = ? AND target_id = ? ORDER BY created_at DESC LIMIT 1")
    .bind(action, targetId)
    .first<{ actor_id: string; detail: string }>();
  return row ? { actorId: row.actor_id, ...(JSON.parse(row.detail) as Record<string, unknown>) } : null;
}

const refresh = (token: string) => authApi("/token?grant_type=refresh_token", { json: { refresh_token: token } });

test("sign out everywhere ends the web session and the app's: its refresh token stops working; audited", async () => {
  const boss = await admin();
  const member = await createSignedInUser();
  const app = await apiSession(member);
  expect((await fetchApp("/profile", { cookie: member.cookie })).status).toBe(200);

  const response = await fetchApp(`/admin/users/${member.id}`, { cookie: boss.cookie, form: { intent: "sign-out-everywhere", userId: member.id } });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(`/admin/users/${member.id}`);

  expect((await fetchApp("/profile", { cookie: member.cookie })).status).toBe(302);
  const refused = await refresh(app.refresh_token);
  expect(refused.status).toBe(400);
  expect(await countRows("auth_sessions", "user_id = ? AND revoked_at IS NULL", member.id)).toBe(0);
  expect(await auditDetail("user_signed_out_everywhere", member.id)).toMatchObject({
    actorId: boss.id,
    targetType: "user",
    changes: { liveSessions: { from: 2, to: 0 } },
  });
});

test("disable: signed out everywhere, sign-in answers 'User is banned'; enable lets them in again; both audited with the reason", async () => {
  const boss = await admin();
  const member = await createSignedInUser();
  const path = `/admin/users/${member.id}`;

  // The reason is required.
  const noReason = await fetchApp(path, { cookie: boss.cookie, form: { intent: "disable", userId: member.id, reason: " " } });
  expect(noReason.status).toBe(400);
  expect(await pageText(noReason)).toContain("Say why");
  expect(await countRows("users", "id = ? AND banned_until IS NOT NULL", member.id)).toBe(0);

  const disabled = await fetchApp(path, { cookie: boss.cookie, form: { intent: "disable", userId: member.id, reason: "Chargeback fraud" } });
  expect(disabled.status).toBe(302);
  expect((await fetchApp("/profile", { cookie: member.cookie })).status).toBe(302);
  const signIn = await authApi("/token?grant_type=password", { json: { email: member.email, password: TEST_PASSWORD } });
  expect(signIn.status).toBe(400);
  expect(await signIn.json()).toMatchObject({ code: "user_banned", message: "User is banned" });
  expect(await auditDetail("user_disabled", member.id)).toMatchObject({
    actorId: boss.id,
    reason: "Chargeback fraud",
    changes: { disabled: { from: false, to: true } },
  });
  expect(await pageText(await fetchApp("/admin/users?status=disabled&q=" + encodeURIComponent(member.email), { cookie: boss.cookie }))).toContain(member.email);

  const enabled = await fetchApp(path, { cookie: boss.cookie, form: { intent: "enable", userId: member.id } });
  expect(enabled.status).toBe(302);
  expect((await authApi("/token?grant_type=password", { json: { email: member.email, password: TEST_PASSWORD } })).status).toBe(200);
  expect(await auditDetail("user_enabled", member.id)).toMatchObject({ actorId: boss.id, changes: { disabled: { from: true, to: false } } });
});

test("an admin can't disable themselves or remove their own admin role", async () => {
  const boss = await admin();
  const self = await fetchApp(`/admin/users/${boss.id}`, { cookie: boss.cookie, form: { intent: "disable", userId: boss.id, reason: "Testing myself" } });
  expect(self.status).toBe(400);
  expect(await pageText(self)).toContain("You can't disable your own account");
  const demote = await fetchApp(`/admin/users/${boss.id}`, {
    cookie: boss.cookie,
    form: { intent: "revoke-role", userId: boss.id, role: "admin", reason: "Stepping down" },
  });
  expect(demote.status).toBe(400);
  expect(await countRows("users", "id = ? AND banned_until IS NOT NULL", boss.id)).toBe(0);
  expect(await countRows("user_roles", "user_id = ? AND role = 'admin'", boss.id)).toBe(1);
});

test("a role change needs a reason, and is audited with the roles before and after and the reason", async () => {
  const boss = await admin();
  const member = await createUser();
  const path = `/admin/users/${member.id}`;
  const missing = await fetchApp(path, { cookie: boss.cookie, form: { intent: "grant-role", userId: member.id, role: "coach" } });
  expect(missing.status).toBe(400);
  expect(await countRows("user_roles", "user_id = ? AND role = 'coach'", member.id)).toBe(0);
  expect(await countRows("audit_log", "action = 'role_granted' AND target_id = ?", member.id)).toBe(0);

  const granted = await fetchApp(path, { cookie: boss.cookie, form: { intent: "grant-role", userId: member.id, role: "coach", reason: "Approved coach" } });
  expect(granted.status).toBe(302);
  expect(await countRows("user_roles", "user_id = ? AND role = 'coach'", member.id)).toBe(1);
  expect(await auditDetail("role_granted", member.id)).toEqual({
    actorId: boss.id,
    targetType: "user",
    changes: { roles: { from: [], to: ["coach"] } },
    reason: "Approved coach",
  });
});

test("resend: a sent email is sent again as a copy; a failed one is queued again as it is; an unsubscribed one never; audited", async () => {
  const boss = await admin();
  const jobs = holdJobs();
  const sentId = await createOutboxEmail({ subject: "Your booking" });
  await env.DB.prepare("UPDATE email_outbox SET status = 'sent', provider = 'resend', sent_at = ? WHERE id = ?").bind(new Date().toISOString(), sentId).run();
  const copy = await fetchApp(`/admin/outbox/${sentId}`, { cookie: boss.cookie, form: { intent: "resend" } });
  expect(copy.status).toBe(302);
  const copyId = copy.headers.get("Location")!.split("/").pop()!;
  expect(copyId).not.toBe(sentId);
  expect(await countRows("email_outbox", "id = ? AND subject = 'Your booking' AND dedupe_key LIKE ?", copyId, `resend:${sentId}:%`)).toBe(1);
  expect(await auditDetail("email_resent", sentId)).toMatchObject({ actorId: boss.id, changes: { copy: { from: null, to: copyId } } });
  expect(jobs.held).toEqual([{ type: "email.send", version: 1, outboxId: copyId }]);
  await jobs.flush();
  expect(await countRows("email_outbox", "id = ? AND status = 'stored'", copyId)).toBe(1);

  // A failed email (its delivery dead-lettered) is queued again as it is, not copied.
  const failed = await deadLetteredEmail();
  jobs.held.length = 0;
  const requeued = await fetchApp(`/admin/outbox/${failed.outboxId}`, { cookie: boss.cookie, form: { intent: "resend" } });
  expect(requeued.headers.get("Location")).toBe(`/admin/outbox/${failed.outboxId}`);
  expect(jobs.held).toEqual([{ type: "email.send", version: 1, outboxId: failed.outboxId }]);
  expect(await countRows("failed_jobs", "id = ? AND status = 'replayed' AND resolved_by = ?", failed.id, boss.id)).toBe(1);
  expect(await countRows("email_outbox", "dedupe_key LIKE ?", `resend:${failed.outboxId}:%`)).toBe(0);

  // A pending email on its way is not sent twice.
  const pendingId = await createOutboxEmail();
  expect((await fetchApp(`/admin/outbox/${pendingId}`, { cookie: boss.cookie, form: { intent: "resend" } })).status).toBe(409);

  // Marketing mail to an address that unsubscribed is never sent again.
  const suppressedId = await createOutboxEmail();
  await env.DB.prepare("UPDATE email_outbox SET status = 'suppressed', category = 'marketing' WHERE id = ?").bind(suppressedId).run();
  expect((await fetchApp(`/admin/outbox/${suppressedId}`, { cookie: boss.cookie, form: { intent: "resend" } })).status).toBe(409);
  expect(await countRows("email_outbox", "dedupe_key LIKE ?", `resend:${suppressedId}:%`)).toBe(0);
});

/** An email whose delivery job used up its retries, as the dead-letter consumer records it. */
async function deadLetteredEmail() {
  const outboxId = await createOutboxEmail({ subject: "Your session is confirmed", to: `failed.${crypto.randomUUID().slice(0, 8)}@example.com.au` });
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO failed_jobs (id, message_id, type, body, outbox_id, error, attempts, queued_at, failed_at) VALUES (?, ?, 'email.send', ?, ?, 'provider said 500', 4, ?, ?)",
  )
    .bind(id, `msg-${id}`, JSON.stringify({ type: "email.send", version: 1, outboxId }), outboxId, new Date().toISOString(), new Date().toISOString())
    .run();
  return { id, outboxId };
}

test("a failed email is on Needs attention; resending it there queues its delivery once and it leaves the list", async () => {
  const boss = await admin();
  const jobs = holdJobs();
  const { id, outboxId } = await deadLetteredEmail();
  const list = await pageText(await fetchApp("/admin/attention?kind=email", { cookie: boss.cookie }));
  expect(list).toContain(`/admin/attention/email/${id}`);
  const inspect = await pageText(await fetchApp(`/admin/attention/email/${id}`, { cookie: boss.cookie }));
  expect(inspect).toContain(outboxId);
  expect(inspect).toContain("provider said 500");

  const resent = await fetchApp(`/admin/attention/email/${id}`, { cookie: boss.cookie, form: { intent: "replay" } });
  expect(resent.status).toBe(302);
  expect(await countRows("failed_jobs", "id = ? AND status = 'replayed' AND resolved_by = ?", id, boss.id)).toBe(1);
  expect(await countRows("audit_log", "action = 'failed_job_replayed' AND actor_id = ?", boss.id)).toBe(1);
  // The queue delivers it (no provider in the tests: the outbox keeps it).
  expect(jobs.held).toEqual([{ type: "email.send", version: 1, outboxId }]);
  await jobs.flush();
  expect(await countRows("email_outbox", "id = ? AND status = 'stored'", outboxId)).toBe(1);

  const again = await fetchApp(`/admin/attention/email/${id}`, { cookie: boss.cookie, form: { intent: "replay" } });
  expect(again.headers.get("Location")).toBe(`/admin/attention/email/${id}`);
  expect(await countRows("audit_log", "action = 'failed_job_replayed' AND actor_id = ?", boss.id)).toBe(1);
  expect(await pageText(await fetchApp("/admin/attention?kind=email", { cookie: boss.cookie }))).not.toContain(`/admin/attention/email/${id}`);
  // The id of a job is not an email's (and the other way round).
  expect((await fetchApp(`/admin/attention/job/${id}`, { cookie: boss.cookie })).status).toBe(404);
});

test("subscriptions: filtered by status and tier, searchable by email, with no Stripe link in the sandbox", async () => {
  const boss = await admin();
  const pro = await createUser();
  await createSubscription(pro.id, { tier: "pro", status: "past_due", periodEnd: "2031-02-01T00:00:00.000Z" });
  const lite = await createUser();
  await createSubscription(lite.id, { tier: "lite", status: "active", cancelAtPeriodEnd: true, periodEnd: "2031-03-01T00:00:00.000Z" });
  const pastDue = await pageText(await fetchApp("/admin/subscriptions?status=past_due&tier=pro", { cookie: boss.cookie }));
  expect(pastDue).toContain(pro.email);
  expect(pastDue).not.toContain(lite.email);
  const search = await pageText(await fetchApp(`/admin/subscriptions?q=${encodeURIComponent(lite.email)}`, { cookie: boss.cookie }));
  expect(search).toContain(lite.email);
  expect(search).toContain("Cancels then");
  expect(search).not.toContain("dashboard.stripe.com");
  expect((await fetchApp("/admin/subscriptions?status=bogus&sort=x&page=99999", { cookie: boss.cookie })).status).toBe(200);
});
