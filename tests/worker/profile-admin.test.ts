import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { hashPassword } from "~/auth/password.server";
import { generateTotp } from "~/auth/totp";
import type { Role } from "~/db/schema";
import { createLead } from "../factories/leads";
import { TEST_PASSWORD, createSignedInUser, createUser, signInOnWeb, uniqueEmail, webSession } from "../factories/users";
import { countRows, fetchApp, pageText, testClientIp } from "./app";

// /profile (details, security, privacy, AI assistant) and the /admin area, driven through the
// Worker as a browser would: form posts with a session cookie, redirects with toasts.

async function newUser(roles: Role[] = [], email = uniqueEmail("profile")) {
  const ip = testClientIp();
  return { ...(await createSignedInUser({ email, roles, ip })), ip };
}

function toastOf(response: Response) {
  return response.headers.getSetCookie().some((c) => c.startsWith("__Host-toast=") && !c.startsWith("__Host-toast=;"));
}

async function profileRow(userId: string) {
  return env.DB.prepare("SELECT * FROM profiles WHERE user_id = ?").bind(userId).first<Record<string, string | null>>();
}

test("the profile row is created on first need, from the names given at sign-up", async () => {
  const user = await newUser();
  await env.DB.prepare("DELETE FROM profiles WHERE user_id = ?").bind(user.id).run();
  const response = await fetchApp("/profile", { cookie: user.cookie });
  expect(response.status).toBe(200);
  const row = await profileRow(user.id);
  expect(row).toMatchObject({ first_name: "Test", last_name: "User" });
  // A second visit finds it and does not add another.
  await fetchApp("/profile", { cookie: user.cookie });
  expect(await countRows("profiles", "user_id = ?", user.id)).toBe(1);
});

test("the tabs are links with aria-current on the open one; an unknown tab shows the details", async () => {
  const user = await newUser();
  for (const [tab, heading] of [
    ["details", "Your details"],
    ["security", "Change your password"],
    ["privacy", "Delete your account"],
    // A user without a subscription: the assistant tab says what is needed.
    ["ai-assistant", "Subscription Required"],
    ["billing", "Subscribe to ClarityAI"],
    ["nonsense", "Your details"],
  ] as const) {
    const html = await pageText(await fetchApp(`/profile?tab=${tab}`, { cookie: user.cookie }));
    expect(html, tab).toContain(heading);
    const current = [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]).filter((label) => label !== undefined);
    expect(current, tab).toContain(
      tab === "nonsense"
        ? "Details"
        : { details: "Details", security: "Security", privacy: "Privacy", "ai-assistant": "AI assistant", billing: "Billing" }[tab],
    );
  }
  const ai = await pageText(await fetchApp("/profile?tab=ai-assistant", { cookie: user.cookie }));
  expect(ai).toContain('href="/services#clarityai"');
  expect(ai).toContain("View Plans");
});

test("details: a bad ABN or a missing first name is a 400 with field errors, and nothing is saved", async () => {
  const user = await newUser();
  const response = await fetchApp("/profile?tab=details", {
    cookie: user.cookie,
    form: {
      intent: "update-details",
      firstName: "",
      lastName: "Nguyen",
      company: "Nguyen Plumbing",
      abn: "51 824 753 557",
      state: "QLD",
    },
  });
  expect(response.status).toBe(400);
  const html = await pageText(response);
  expect(html).toContain("Enter your first name");
  expect(html).toContain("That ABN isn't valid");
  // What was typed comes back, so nothing has to be typed again.
  expect(html).toContain('value="Nguyen Plumbing"');
  expect(await profileRow(user.id)).toMatchObject({ first_name: "Test", company: null, abn: null });

  const badState = await fetchApp("/profile?tab=details", { cookie: user.cookie, form: { intent: "update-details", firstName: "Alex", state: "Queensland" } });
  expect(badState.status).toBe(400);
  expect(await pageText(badState)).toContain("Choose a state or territory from the list");
});

test("details: a valid form updates the profile and the user's metadata, then redirects with a toast", async () => {
  const user = await newUser();
  const response = await fetchApp("/profile?tab=details", {
    cookie: user.cookie,
    form: {
      intent: "update-details",
      firstName: "Alex",
      lastName: "Nguyen",
      company: "Nguyen Plumbing",
      industry: "Plumbing",
      businessType: "Trades and construction",
      state: "QLD",
      abn: "51 824 753 556",
    },
  });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/profile?tab=details");
  expect(toastOf(response)).toBe(true);
  expect(await profileRow(user.id)).toMatchObject({
    first_name: "Alex",
    last_name: "Nguyen",
    company: "Nguyen Plumbing",
    industry: "Plumbing",
    business_type: "Trades and construction",
    state: "QLD",
    abn: "51824753556",
  });
  const metadata = await env.DB.prepare("SELECT user_metadata FROM users WHERE id = ?").bind(user.id).first<string>("user_metadata");
  expect(JSON.parse(metadata!)).toMatchObject({ first_name: "Alex", last_name: "Nguyen" });
  const page = await pageText(await fetchApp("/profile", { cookie: user.cookie }));
  expect(page).toContain('value="51 824 753 556"');

  // Clearing the optional fields clears them.
  await fetchApp("/profile?tab=details", { cookie: user.cookie, form: { intent: "update-details", firstName: "Alex", lastName: "", abn: "", state: "" } });
  expect(await profileRow(user.id)).toMatchObject({ first_name: "Alex", last_name: null, abn: null, state: null });
});

test("an unknown intent is a 400, not a 500", async () => {
  const user = await newUser();
  const response = await fetchApp("/profile", { cookie: user.cookie, form: { intent: "drop-tables" } });
  expect(response.status).toBe(400);
  expect(await pageText(response)).toContain("That action isn't available");
});

test("password: the current password is required and checked, the new one confirmed; then it works for sign-in", async () => {
  const user = await newUser();
  const newPassword = "Kookaburra-Sings-77";
  const wrong = await fetchApp("/profile?tab=security", {
    cookie: user.cookie,
    form: {
      intent: "change-password",
      currentPassword: "not-my-password",
      password: newPassword,
      confirmPassword: newPassword,
    },
  });
  expect(wrong.status).toBe(400);
  expect(await pageText(wrong)).toContain("That isn't your current password");

  const mismatch = await fetchApp("/profile?tab=security", {
    cookie: user.cookie,
    form: {
      intent: "change-password",
      currentPassword: TEST_PASSWORD,
      password: newPassword,
      confirmPassword: "something-else-9",
    },
  });
  expect(mismatch.status).toBe(400);
  expect(await pageText(mismatch)).toContain("The new passwords don't match");

  const weak = await fetchApp("/profile?tab=security", {
    cookie: user.cookie,
    form: {
      intent: "change-password",
      currentPassword: TEST_PASSWORD,
      password: "password",
      confirmPassword: "password",
    },
  });
  expect(weak.status).toBe(400);
  expect(await pageText(weak)).toMatch(/password/i);

  const ok = await fetchApp("/profile?tab=security", {
    cookie: user.cookie,
    form: {
      intent: "change-password",
      currentPassword: TEST_PASSWORD,
      password: newPassword,
      confirmPassword: newPassword,
    },
  });
  expect(ok.status).toBe(302);
  expect(ok.headers.get("Location")).toBe("/profile?tab=security");
  await signInOnWeb({ email: user.email, password: newPassword });
  const old = await fetchApp("/auth", { form: { intent: "sign-in", email: user.email, password: TEST_PASSWORD }, ip: testClientIp() });
  expect(old.status).toBe(400);
});

test("MFA: enrol shows a QR code and the secret, a wrong code keeps the set-up open, the right one raises the session to aal2", async () => {
  const user = await newUser();
  const enrol = await fetchApp("/profile?tab=security", { cookie: user.cookie, form: { intent: "enrol-totp" }, ip: user.ip });
  expect(enrol.status).toBe(200);
  const html = await pageText(enrol);
  expect(html).toMatch(/<img[^>]+src="data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  expect(html).toMatch(/alt="QR code that adds ClarityAI Coaching to your authenticator app/);
  const secret = html.match(/name="secret" value="([A-Z2-7]+=*)"/)?.[1];
  const factorId = html.match(/name="factorId" value="([0-9a-f-]{36})"/)?.[1];
  const uri = html.match(/name="uri" value="([^"]+)"/)?.[1];
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(factorId).toMatch(/^[0-9a-f-]{36}$/);
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(html).toContain(`>${secret}</code>`);

  const wrong = await fetchApp("/profile?tab=security", {
    cookie: user.cookie,
    form: { intent: "verify-totp", factorId: factorId!, secret: secret!, uri: uri!, code: "000000" },
    ip: user.ip,
  });
  expect(wrong.status).toBe(400);
  const again = await pageText(wrong);
  expect(again).toContain("Invalid TOTP code entered");
  expect(again).toMatch(/src="data:image\/svg\+xml/);

  const malformed = await fetchApp("/profile?tab=security", {
    cookie: user.cookie,
    form: { intent: "verify-totp", factorId: factorId!, secret: secret!, uri: uri!, code: "12ab" },
    ip: user.ip,
  });
  expect(malformed.status).toBe(400);
  expect(await pageText(malformed)).toContain("Enter the 6-digit code from your authenticator app");

  const code = await generateTotp(secret!);
  const verified = await fetchApp("/profile?tab=security", {
    cookie: user.cookie,
    form: { intent: "verify-totp", factorId: factorId!, secret: secret!, uri: uri!, code },
    ip: user.ip,
  });
  expect(verified.status).toBe(302);
  expect(toastOf(verified)).toBe(true);
  expect(await env.DB.prepare("SELECT status FROM mfa_factors WHERE id = ?").bind(factorId).first<string>("status")).toBe("verified");
  expect(await countRows("auth_sessions", "user_id = ? AND aal = 'aal2' AND revoked_at IS NULL", user.id)).toBe(1);

  // The web session carries the aal2 tokens: the profile stays open and lists the factor.
  const security = await pageText(await fetchApp("/profile?tab=security", { cookie: user.cookie }));
  expect(security).toContain("Authenticator app");
  expect(security).toContain("Verified with a code");

  const removed = await fetchApp("/profile?tab=security", { cookie: user.cookie, form: { intent: "remove-factor", factorId: factorId! }, ip: user.ip });
  expect(removed.status).toBe(302);
  expect(await countRows("mfa_factors", "user_id = ?", user.id)).toBe(0);
});

test("sessions: the security tab lists each live session and signs out all but this one", async () => {
  const user = await newUser();
  const otherCookie = await webSession(user);
  const html = await pageText(await fetchApp("/profile?tab=security", { cookie: user.cookie }));
  expect(html).toContain("This device");
  expect(html).toContain("Sign out other sessions (1)");
  const response = await fetchApp("/profile?tab=security", { cookie: user.cookie, form: { intent: "sign-out-others" } });
  expect(response.status).toBe(302);
  expect(await countRows("auth_sessions", "user_id = ? AND revoked_at IS NULL", user.id)).toBe(1);
  expect((await fetchApp("/profile", { cookie: otherCookie })).status).toBe(302);
  expect((await fetchApp("/profile", { cookie: user.cookie })).status).toBe(200);
});

test("export: a JSON attachment of everything the user owns, without password hashes or secrets", async () => {
  const user = await newUser(["client"]);
  const lead = await createLead({ email: user.email.toUpperCase(), name: "Test User" });
  await env.DB.prepare(
    "INSERT INTO email_outbox (id, dedupe_key, to_address, subject, text_body, status, provider) VALUES (?, ?, ?, 'Hello', 'Body', 'stored', 'outbox')",
  )
    .bind(crypto.randomUUID(), `export-${user.id}`, user.email)
    .run();
  await env.DB.prepare(
    "INSERT INTO marketing_consent_requests (id, lead_id, source, requested_at, expires_at) VALUES (?, ?, 'Contact form', '2026-11-20T01:00:00.000Z', '2026-11-27T01:00:00.000Z')",
  )
    .bind(crypto.randomUUID(), lead.id)
    .run();
  await env.DB.prepare(
    "INSERT INTO mfa_factors (id, user_id, factor_type, status, secret, friendly_name) VALUES (?, ?, 'totp', 'unverified', 'JBSWY3DPEHPK3PXP', 'Old phone')",
  )
    .bind(crypto.randomUUID(), user.id)
    .run();
  const response = await fetchApp("/profile/export.json", { cookie: user.cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toContain("application/json");
  expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="clarityai-coaching-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
  expect(response.headers.get("Cache-Control")).toContain("no-store");
  const text = await response.text();
  expect(text).not.toContain("scrypt");
  expect(text).not.toContain("JBSWY3DPEHPK3PXP");
  const body = JSON.parse(text);
  expect(body.user).toMatchObject({ id: user.id, email: user.email, userMetadata: { first_name: "Test" } });
  expect(body.user.passwordHash).toBeUndefined();
  expect(body.profile).toMatchObject({ userId: user.id });
  expect(body.roles).toEqual([expect.objectContaining({ role: "client" })]);
  expect(body.identities).toHaveLength(1);
  expect(body.factors).toEqual([expect.objectContaining({ friendlyName: "Old phone", status: "unverified" })]);
  expect(body.factors[0].secret).toBeUndefined();
  expect(body.sessions.length).toBeGreaterThan(0);
  // The lead (found by the address in any case) with its enquiries, without the team's owner id.
  expect(body.leads.map((l: { id: string }) => l.id)).toEqual([lead.id]);
  expect(body.leads[0].ownerId).toBeUndefined();
  expect(body.leads[0].activities).toEqual([expect.objectContaining({ id: lead.activityId, source: "contact", message: "Looking for help with cash flow." })]);
  expect(body.leads[0].marketingConsentRequests).toEqual([expect.objectContaining({ source: "Contact form", requestedAt: "2026-11-20T01:00:00.000Z" })]);
  expect(body.emails).toEqual([expect.objectContaining({ subject: "Hello", toAddress: user.email })]);
  expect(body.auditLog.some((entry: { action: string }) => entry.action === "login")).toBe(true);
});

test("delete: typing anything but DELETE changes nothing", async () => {
  const user = await newUser();
  const response = await fetchApp("/profile?tab=privacy", { cookie: user.cookie, form: { intent: "delete-account", confirm: "delete" } });
  expect(response.status).toBe(400);
  expect(await pageText(response)).toContain("Type DELETE, in capitals, to confirm");
  expect(await countRows("users", "id = ?", user.id)).toBe(1);
});

test("delete: removes or anonymises every row the user owns, ends every session and lands on / with a toast", async () => {
  const user = await newUser(["client"]);
  const otherCookie = await webSession(user);
  const attribution = JSON.stringify({ v: 1, sessionId: "s1", first: { source: "google" }, last: { source: "google" }, touches: 1, gpc: false });
  const transcript = JSON.stringify([{ role: "user", content: "I run a bakery in Newtown." }]);
  const lead = await createLead({ email: user.email, name: "Test User", company: "Test Co", attribution, transcript });
  const strangerLead = await createLead({ attribution });
  for (const leadId of [lead.id, strangerLead.id]) {
    await env.DB.prepare(
      "INSERT INTO marketing_consent_requests (id, lead_id, source, requested_at, expires_at) VALUES (?, ?, 'Contact form', '2026-11-20T01:00:00.000Z', '2026-11-27T01:00:00.000Z')",
    )
      .bind(crypto.randomUUID(), leadId)
      .run();
  }
  await env.DB.prepare("UPDATE lead_activities SET details = ? WHERE id = ?")
    .bind(JSON.stringify({ name: "Test User", company: "Test Co" }), lead.activityId)
    .run();
  await env.DB.prepare(
    "INSERT INTO email_outbox (id, dedupe_key, to_address, subject, text_body, status, provider) VALUES (?, ?, ?, 'Hi', 'Body', 'stored', 'outbox')",
  )
    .bind(crypto.randomUUID(), `delete-${user.id}`, user.email)
    .run();
  await env.DB.prepare("INSERT INTO mfa_factors (id, user_id, factor_type, status) VALUES (?, ?, 'totp', 'unverified')")
    .bind(crypto.randomUUID(), user.id)
    .run();
  const sessionIds = (await env.DB.prepare("SELECT id FROM auth_sessions WHERE user_id = ?").bind(user.id).all<{ id: string }>()).results.map((r) => r.id);
  expect(sessionIds.length).toBe(2);

  const response = await fetchApp("/profile?tab=privacy", { cookie: user.cookie, form: { intent: "delete-account", confirm: "DELETE" } });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/");
  const cookies = response.headers.getSetCookie();
  expect(cookies.some((c) => c.startsWith("__Host-session=;") && /Max-Age=0/i.test(c))).toBe(true);
  expect(toastOf(response)).toBe(true);

  for (const [table, column] of [
    ["users", "id"],
    ["identities", "user_id"],
    ["auth_sessions", "user_id"],
    ["refresh_tokens", "user_id"],
    ["mfa_factors", "user_id"],
    ["one_time_tokens", "user_id"],
    ["user_roles", "user_id"],
    ["profiles", "user_id"],
  ] as const) {
    expect(await countRows(table, `${column} = ?`, user.id), table).toBe(0);
  }
  expect(await countRows("email_outbox", "lower(to_address) = ?", user.email)).toBe(0);
  const anonymised = await env.DB.prepare("SELECT name, email, phone, company FROM leads WHERE id = ?").bind(lead.id).first<Record<string, string | null>>();
  expect(anonymised).toMatchObject({ name: "Deleted user", phone: null, company: null });
  expect(anonymised!.email).toMatch(/^deleted-[0-9a-f]{16}@invalid$/);
  expect(await env.DB.prepare("SELECT name FROM leads WHERE id = ?").bind(strangerLead.id).first<string>("name")).toBe(strangerLead.name);
  // The enquiry stays, counted by source and date, without what was written or where it came from.
  const activity = await env.DB.prepare("SELECT source, created_at, message, transcript, attribution, page_path FROM lead_activities WHERE id = ?")
    .bind(lead.activityId)
    .first<Record<string, string | null>>();
  expect(activity).toMatchObject({ source: "contact", message: null, transcript: null, attribution: null, page_path: null });
  expect(await env.DB.prepare("SELECT details FROM lead_activities WHERE id = ?").bind(lead.activityId).first("details")).toBeNull();
  // The requests for marketing consent go with the person; a stranger's stay.
  expect(await countRows("marketing_consent_requests", "lead_id = ?", lead.id)).toBe(0);
  expect(await countRows("marketing_consent_requests", "lead_id = ?", strangerLead.id)).toBe(1);
  expect(activity!.created_at).not.toBeNull();
  expect(await env.DB.prepare("SELECT message, attribution FROM lead_activities WHERE id = ?").bind(strangerLead.activityId).first()).toEqual({
    message: "Looking for help with cash flow.",
    attribution,
  });
  expect(await countRows("audit_log", "action = 'user_deleted' AND actor_id = ? AND target_id = ?", user.id, user.id)).toBe(1);
  expect(await countRows("audit_log", "(actor_id = ? OR target_id = ?) AND ip_hash IS NOT NULL", user.id, user.id)).toBe(0);
  for (const id of sessionIds) expect(await env.SESSIONS.get(`auth-session:${id}`)).toBeNull();
  // Both browsers are visitors now.
  expect((await fetchApp("/profile", { cookie: user.cookie })).status).toBe(302);
  expect((await fetchApp("/profile", { cookie: otherCookie })).status).toBe(302);
});

test("admin: search by email or name, 25 to a page", async () => {
  const admin = await newUser(["admin"]);
  const tag = crypto.randomUUID().slice(0, 6);
  // One hash for all of them: these users never sign in, and scrypt is deliberately slow.
  const passwordHash = await hashPassword(TEST_PASSWORD);
  for (let i = 0; i < 26; i++) await createUser({ email: `bulk-${tag}-${i}@example.com.au`, passwordHash });
  const named = await createUser({ email: uniqueEmail("named") });
  await env.DB.prepare("UPDATE profiles SET first_name = ?, last_name = 'Wirrpanda' WHERE user_id = ?").bind(`Zed${tag}`, named.id).run();

  const first = await pageText(await fetchApp(`/admin/users?q=bulk-${tag}`, { cookie: admin.cookie }));
  expect(first).toContain("of 26");
  const listed = (html: string) => new Set(html.match(new RegExp(`bulk-${tag}-\\d+@`, "g")));
  expect(listed(first).size).toBe(25);
  expect(first).toContain("Page 1 of 2");
  const second = await pageText(await fetchApp(`/admin/users?q=bulk-${tag}&page=2`, { cookie: admin.cookie }));
  expect(listed(second).size).toBe(1);

  const byName = await pageText(await fetchApp(`/admin/users?q=${encodeURIComponent(`zed${tag} wirr`)}`, { cookie: admin.cookie }));
  expect(byName).toContain(named.email);
  expect(byName).toContain("Showing 1–1 of 1");
  // LIKE wildcards typed into the box are taken literally.
  expect(await pageText(await fetchApp("/admin/users?q=%25%25%25", { cookie: admin.cookie }))).toContain("No users match");
});

test("admin: granting and removing roles is audited with actor and target, and takes effect on the next page load", async () => {
  const admin = await newUser(["admin"]);
  const member = await newUser();
  expect((await fetchApp("/coach", { cookie: member.cookie })).status).toBe(302);

  const granted = await fetchApp("/admin/users?q=example", {
    cookie: admin.cookie,
    form: { intent: "grant-role", userId: member.id, role: "coach", reason: "New coach" },
  });
  expect(granted.status).toBe(302);
  expect(granted.headers.get("Location")).toBe("/admin/users?q=example");
  expect(toastOf(granted)).toBe(true);
  expect(await countRows("user_roles", "user_id = ? AND role = 'coach'", member.id)).toBe(1);
  const entry = await env.DB.prepare("SELECT actor_id, target_id, detail FROM audit_log WHERE action = 'role_granted' AND target_id = ?")
    .bind(member.id)
    .first<Record<string, string>>();
  expect(entry).toMatchObject({ actor_id: admin.id, target_id: member.id });
  expect(JSON.parse(entry!.detail!)).toEqual({ targetType: "user", changes: { roles: { from: [], to: ["coach"] } }, reason: "New coach" });
  expect((await fetchApp("/coach", { cookie: member.cookie })).status).toBe(200);
  expect(await pageText(await fetchApp("/", { cookie: member.cookie }))).toContain("Coach Portal");

  // Granting again changes nothing and logs nothing.
  await fetchApp("/admin/users", { cookie: admin.cookie, form: { intent: "grant-role", userId: member.id, role: "coach", reason: "New coach" } });
  expect(await countRows("audit_log", "action = 'role_granted' AND target_id = ?", member.id)).toBe(1);

  const revoked = await fetchApp("/admin/users", { cookie: admin.cookie, form: { intent: "revoke-role", userId: member.id, role: "coach", reason: "Left" } });
  expect(revoked.status).toBe(302);
  expect(await countRows("user_roles", "user_id = ?", member.id)).toBe(0);
  expect(await countRows("audit_log", "action = 'role_revoked' AND actor_id = ? AND target_id = ?", admin.id, member.id)).toBe(1);
  expect((await fetchApp("/coach", { cookie: member.cookie })).status).toBe(302);
});

test("admin: an admin cannot remove their own admin role; bad role changes are 400s", async () => {
  const admin = await newUser(["admin"]);
  const own = await fetchApp("/admin/users", {
    cookie: admin.cookie,
    form: { intent: "revoke-role", userId: admin.id, role: "admin", reason: "Stepping down" },
  });
  expect(own.status).toBe(400);
  expect(await pageText(own)).toContain("You can't remove your own admin role");
  expect(await countRows("user_roles", "user_id = ? AND role = 'admin'", admin.id)).toBe(1);

  expect((await fetchApp("/admin/users", { cookie: admin.cookie, form: { intent: "grant-role", userId: admin.id, role: "superuser" } })).status).toBe(400);
  expect(
    (await fetchApp("/admin/users", { cookie: admin.cookie, form: { intent: "grant-role", userId: crypto.randomUUID(), role: "coach", reason: "Nobody" } }))
      .status,
  ).toBe(400);
  expect((await fetchApp("/admin/users", { cookie: admin.cookie, form: { intent: "delete-everyone", userId: admin.id, role: "coach" } })).status).toBe(400);
});

test("admin: the audit log is newest first and the outbox shows each email's text", async () => {
  const admin = await newUser(["admin"]);
  const audit = await pageText(await fetchApp("/admin/audit", { cookie: admin.cookie }));
  expect(audit).toContain("Audit log");
  const times = [...audit.matchAll(/<time dateTime="([^"]+)"/g)].map((m) => m[1]!);
  expect(times.length).toBeGreaterThan(1);
  expect([...times].sort().reverse()).toEqual(times);
  expect(await pageText(await fetchApp("/admin/audit?action=login", { cookie: admin.cookie }))).not.toContain("<code>user_deleted</code>");

  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO email_outbox (id, dedupe_key, to_address, subject, text_body, status, provider) VALUES (?, ?, 'reader@example.com.au', 'Your sign-in code', ?, 'stored', 'outbox')",
  )
    .bind(id, `outbox-view-${id}`, "Your code is 123456 <b>not bold</b>")
    .run();
  const list = await pageText(await fetchApp("/admin/outbox", { cookie: admin.cookie }));
  expect(list).toContain(`href="/admin/outbox/${id}"`);
  expect(list).toContain("reader@example.com.au");
  const detail = await fetchApp(`/admin/outbox/${id}`, { cookie: admin.cookie });
  expect(detail.status).toBe(200);
  const html = await detail.text();
  expect(html).toContain("Your code is 123456 &lt;b&gt;not bold&lt;/b&gt;");
  expect((await fetchApp(`/admin/outbox/${crypto.randomUUID()}`, { cookie: admin.cookie })).status).toBe(404);
});
