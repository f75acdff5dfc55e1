import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { unsubscribeToken, unsubscribeUrl } from "~/email/unsubscribe.server";
import { appEnv } from "./helpers";
import { uniqueEmail } from "../../factories/users";
import { fetchApp, pageText } from "../app";

async function suppression(address: string) {
  return env.DB.prepare("SELECT email, reason, created_at FROM email_suppressions WHERE email = ?")
    .bind(address.toLowerCase())
    .first<{ email: string; created_at: string }>();
}

test("opening the link asks first; the button records the opt-out, without signing in, and again changes nothing", async () => {
  const address = uniqueEmail("unsub-page");
  const token = await unsubscribeToken(appEnv(), address);

  const opened = await fetchApp(`/unsubscribe?token=${encodeURIComponent(token)}`);
  expect(opened.status).toBe(200);
  expect(opened.headers.get("Cache-Control")).toBe("private, no-store");
  const page = await pageText(opened);
  expect(page).toContain("Stop marketing emails from ClarityAI Coaching");
  expect(page).toContain('<button type="submit" class="button button-primary">Unsubscribe</button>');
  // The address is only partly shown: the link may have been forwarded.
  expect(page).not.toContain(address);
  expect(page).toContain(`${address.slice(0, 2)}•••@`);
  // A mail scanner following the link unsubscribes nobody.
  expect(await suppression(address)).toBeNull();

  const confirmed = await fetchApp("/unsubscribe", { form: { token } });
  expect(confirmed.status).toBe(200);
  expect(await pageText(confirmed)).toContain("You're unsubscribed");
  const first = await suppression(address);
  expect(first).toMatchObject({ email: address.toLowerCase() });

  const again = await fetchApp("/unsubscribe", { form: { token } });
  expect(again.status).toBe(200);
  expect(await suppression(address)).toEqual(first);
  // Opening the link later says it is done.
  expect(await pageText(await fetchApp(`/unsubscribe?token=${encodeURIComponent(token)}`))).toContain("You're unsubscribed");
});

test("RFC 8058 one-click: a mail client's POST of List-Unsubscribe=One-Click to the link (no Origin, no cookie) unsubscribes", async () => {
  const address = uniqueEmail("unsub-one-click");
  const link = await unsubscribeUrl(appEnv(), address);
  const { pathname, search } = new URL(link);
  const response = await fetchApp(
    new Request(`http://localhost${pathname}${search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    }),
  );
  expect(response.status).toBe(200);
  expect(await suppression(address)).toMatchObject({ email: address.toLowerCase() });
});

test("a missing, cut-short or forged token is refused with a 400 and records nothing", async () => {
  const address = uniqueEmail("unsub-forged");
  const token = await unsubscribeToken(appEnv(), address);
  const [version, , mac] = token.split(".");
  const other = uniqueEmail("unsub-victim");
  const forged = `${version}.${btoa(other).replace(/=+$/, "")}.${mac}`;
  for (const bad of [token.slice(0, -4), forged, "u1..", "x".repeat(5000), "<script>alert(1)</script>"]) {
    const posted = await fetchApp("/unsubscribe", { form: { token: bad } });
    expect(posted.status, bad.slice(0, 40)).toBe(400);
    const body = await posted.text();
    expect(body).toContain("That unsubscribe link didn");
    expect(body).not.toContain("<script>alert(1)");
    const opened = await fetchApp(`/unsubscribe?token=${encodeURIComponent(bad)}`);
    expect(opened.status).toBe(400);
  }
  expect(await suppression(address)).toBeNull();
  expect(await suppression(other)).toBeNull();
  expect((await fetchApp("/unsubscribe", { form: {} })).status).toBe(400);
  const bare = await fetchApp("/unsubscribe");
  expect(bare.status).toBe(200);
  expect(await pageText(bare)).toContain("use the unsubscribe link at the bottom");
});
