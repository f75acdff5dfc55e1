import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { AuthApiError } from "~/auth/errors.server";
import { inviteUserByEmail } from "~/auth/invitations.server";
import { outboxTo } from "../factories/emails";
import { createUser, signIn, uniqueEmail } from "../factories/users";
import { contextFor, cookiePair, countRows, fetchApp, pageText } from "./app";

// Invitations: inviteUserByEmail (the website's own calls, e.g. approving a coach), the invitation
// email, and the accept page /auth/invite where the invited person chooses a password, is signed
// in and lands where the invitation says. Every test uses addresses of its own.

const NEW_PASSWORD = "Harbour-Lights-Sunrise-7";
// Choosing a password hashes it (scrypt, ~160 ms); give these tests room on a busy machine.
const SLOW_TEST_MS = 20_000;

function rowOf<T = Record<string, unknown>>(sql: string, ...binds: unknown[]) {
  return env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
}

/** The accept link in the newest invitation to `email`, as its recipient would open it. */
async function invitationLink(email: string) {
  const [message] = await outboxTo(email, { subject: "You're invited to ClarityAI Coaching" });
  expect(message, `an invitation to ${email}`).toBeDefined();
  const link = /(https?:\/\/\S+\/auth\/invite\?\S+)/.exec(message!.text_body)?.[1];
  expect(link, message!.text_body).toBeDefined();
  return new URL(link!);
}

async function invite(email: string, extra: { data?: Record<string, unknown>; redirectTo?: string } = {}) {
  const admin = await createUser({ roles: ["admin"] });
  const outcome = await inviteUserByEmail(contextFor(), { email, invitedBy: admin.id, ...extra });
  return { admin, outcome };
}

/** Posts the accept form for a link, as the page's form sends it. */
function accept(link: URL, password: string, confirmPassword = password) {
  return fetchApp(`${link.pathname}${link.search}`, {
    form: { token: link.searchParams.get("token") ?? "", redirectTo: link.searchParams.get("redirectTo") ?? "", password, confirmPassword },
  });
}

test("inviteUserByEmail creates a passwordless account, emails a link to choose a password, and audits who invited", async () => {
  const email = uniqueEmail("invitee");
  const { admin, outcome } = await invite(` ${email.toUpperCase()} `, { data: { first_name: "Priya", last_name: "Natarajan" }, redirectTo: "/coach" });

  expect(outcome.existing).toBe(false);
  const user = await rowOf<Record<string, string | null>>("SELECT * FROM users WHERE id = ?", outcome.userId);
  expect(user).toMatchObject({ email, password_hash: null, email_confirmed_at: null });
  expect(user!.invited_at).toBeTruthy();
  expect(JSON.parse(user!.user_metadata!)).toEqual({ first_name: "Priya", last_name: "Natarajan" });
  expect(await rowOf("SELECT first_name, last_name FROM profiles WHERE user_id = ?", outcome.userId)).toEqual({ first_name: "Priya", last_name: "Natarajan" });
  expect(await countRows("user_roles", "user_id = ? AND role = 'client'", outcome.userId)).toBe(1);
  expect(await countRows("one_time_tokens", "user_id = ? AND token_type = 'invite'", outcome.userId)).toBe(1);

  const [message] = await outboxTo(email);
  expect(message).toMatchObject({ subject: "You're invited to ClarityAI Coaching", category: "transactional" });
  expect(message!.text_body).toContain("Hi Priya,");
  expect(message!.text_body).toContain("expires in 7 days");
  const link = await invitationLink(email);
  expect(link.origin + link.pathname).toBe("http://localhost:8787/auth/invite");
  expect(link.searchParams.get("redirectTo")).toBe("/coach");
  expect(link.searchParams.get("token")).toMatch(/^[\w-]{40,}$/);
  expect(message!.html_body).toContain(link.searchParams.get("token"));

  const audit = await rowOf<{ actor_id: string; detail: string }>(
    "SELECT actor_id, detail FROM audit_log WHERE action = 'user_invited' AND target_id = ?",
    outcome.userId,
  );
  expect(audit?.actor_id).toBe(admin.id);
  expect(JSON.parse(audit!.detail)).toEqual({ via: "website" });
});

test("inviteUserByEmail sends nothing to an address that already has an account, and answers its id", async () => {
  const existing = await createUser({ email: uniqueEmail("member") });
  const { outcome } = await invite(existing.email, { redirectTo: "/coach" });
  expect(outcome).toEqual({ userId: existing.id, existing: true });
  expect(await outboxTo(existing.email)).toHaveLength(0);
  expect(await countRows("audit_log", "action = 'user_invited' AND target_id = ?", existing.id)).toBe(0);
});

test("inviteUserByEmail refuses a malformed address with the auth service's message and writes nothing", async () => {
  const admin = await createUser({ roles: ["admin"] });
  const refused = await inviteUserByEmail(contextFor(), { email: "not-an-address", invitedBy: admin.id }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(AuthApiError);
  expect(refused).toMatchObject({ status: 400, code: "validation_failed", message: "Unable to validate email address: invalid format" });
  expect(await countRows("users", "email = ?", "not-an-address")).toBe(0);
});

test(
  "the accept page sets the password, signs the invited person in and lands them on redirectTo; the link then no longer works",
  async () => {
    const email = uniqueEmail("accepts");
    const { outcome } = await invite(email, { data: { first_name: "Sam" }, redirectTo: "/coach" });
    const link = await invitationLink(email);

    // Opening the link only shows the form: it uses nothing up.
    const opened = await fetchApp(link.pathname + link.search);
    expect(opened.status).toBe(200);
    const page = await pageText(opened);
    expect(page).toContain("Welcome, Sam");
    expect(page).toContain(email);
    expect(await countRows("one_time_tokens", "user_id = ? AND token_type = 'invite'", outcome.userId)).toBe(1);

    // A password the auth service refuses, or two that differ, leave the link usable.
    const weak = await accept(link, "password");
    expect(weak.status).toBe(400);
    expect(await pageText(weak)).toContain("too common");
    const mismatch = await accept(link, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.status).toBe(400);
    expect(await pageText(mismatch)).toContain("The two passwords don't match");
    expect(await countRows("one_time_tokens", "user_id = ? AND token_type = 'invite'", outcome.userId)).toBe(1);

    const accepted = await accept(link, NEW_PASSWORD);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/coach");
    const cookie = cookiePair(accepted, "__Host-session");
    expect(cookie).toMatch(/^__Host-session=.+/);
    const user = await rowOf<{ email_confirmed_at: string | null; password_hash: string | null }>(
      "SELECT email_confirmed_at, password_hash FROM users WHERE id = ?",
      outcome.userId,
    );
    expect(user?.email_confirmed_at).toBeTruthy();
    expect(user?.password_hash).toMatch(/^\$scrypt\$/);
    expect(await countRows("audit_log", "action = 'user_updated_password' AND actor_id = ?", outcome.userId)).toBe(1);
    // Signed in on the website, and the chosen password works from now on.
    const profile = await fetchApp("/profile", { cookie: cookie! });
    expect(profile.status).toBe(200);
    expect((await signIn(email, NEW_PASSWORD)).user.id).toBe(outcome.userId);

    // Used once: the link now answers a page saying so, and cannot set a password again.
    const reopened = await fetchApp(link.pathname + link.search);
    expect(reopened.status).toBe(404);
    expect(await pageText(reopened)).toContain("This invitation link can't be used");
    const again = await accept(link, "Another-Password-Entirely-9");
    expect(again.status).toBe(404);
    expect(await countRows("audit_log", "action = 'user_updated_password' AND actor_id = ?", outcome.userId)).toBe(1);
  },
  SLOW_TEST_MS,
);

test(
  "an invitation past its week shows the expired page with a way to ask for a new one, and sets no password",
  async () => {
    const email = uniqueEmail("expired");
    const { outcome } = await invite(email, { redirectTo: "/coach" });
    const link = await invitationLink(email);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000).toISOString();
    await env.DB.prepare("UPDATE one_time_tokens SET created_at = ? WHERE user_id = ?").bind(eightDaysAgo, outcome.userId).run();

    const opened = await fetchApp(link.pathname + link.search);
    expect(opened.status).toBe(410);
    const page = await pageText(opened);
    expect(page).toContain("This invitation has expired");
    expect(page).toContain("Ask the team for a new invitation");
    expect(page).toContain("mailto:hello@clarityai.com.au");

    const refused = await accept(link, NEW_PASSWORD);
    expect(refused.status).toBe(410);
    expect(await rowOf("SELECT password_hash, email_confirmed_at FROM users WHERE id = ?", outcome.userId)).toEqual({
      password_hash: null,
      email_confirmed_at: null,
    });

    // Asking for a new invitation tells the team inbox who asked, once a day however often they ask.
    const token = link.searchParams.get("token")!;
    const asked = await fetchApp(link.pathname + link.search, { form: { intent: "ask-team", token, redirectTo: "/coach" } });
    expect(asked.status).toBe(202);
    expect(await pageText(asked)).toContain(`They'll email a fresh link to ${email}`);
    const subject = `New invitation requested: ${email}`;
    const [notice] = await outboxTo("team@clarityai.com.au", { subject });
    expect(notice?.text_body).toContain("asked for a new invitation");
    expect((await fetchApp(link.pathname + link.search, { form: { intent: "ask-team", token, redirectTo: "/coach" } })).status).toBe(202);
    expect(await outboxTo("team@clarityai.com.au", { subject })).toHaveLength(1);
  },
  SLOW_TEST_MS,
);

test("inviting a pending invitation again sends a new link that replaces the old one", async () => {
  const email = uniqueEmail("again");
  const first = await invite(email, { redirectTo: "/coach" });
  const firstLink = await invitationLink(email);
  const second = await invite(email, { redirectTo: "/coach" });
  expect(second.outcome).toEqual({ userId: first.outcome.userId, existing: false });
  expect(await outboxTo(email)).toHaveLength(2);
  const secondLink = await invitationLink(email);
  expect(secondLink.searchParams.get("token")).not.toBe(firstLink.searchParams.get("token"));
  expect((await fetchApp(firstLink.pathname + firstLink.search)).status).toBe(404);
  expect((await fetchApp(secondLink.pathname + secondLink.search)).status).toBe(200);
});

test("a made-up or malformed token gets the page for a link that can't be used, and can't ask the team for anything", async () => {
  for (const token of ["x".repeat(43), "<script>", ""]) {
    const response = await fetchApp(`/auth/invite?${new URLSearchParams({ token })}`);
    expect(response.status, token).toBe(404);
    expect(await pageText(response)).toContain("This invitation link can't be used");
    const asked = await fetchApp("/auth/invite", { form: { intent: "ask-team", token } });
    expect(asked.status, token).toBe(404);
  }
});

test("a link that is still usable asks the team for nothing: its form is shown again", async () => {
  const email = uniqueEmail("usable-ask");
  await invite(email);
  const link = await invitationLink(email);
  const asked = await fetchApp(link.pathname + link.search, { form: { intent: "ask-team", token: link.searchParams.get("token")! } });
  expect(asked.status).toBe(400);
  expect(await pageText(asked)).toContain("This invitation still works: choose your password below.");
  expect(await outboxTo("team@clarityai.com.au", { subject: `New invitation requested: ${email}` })).toHaveLength(0);
});
