import { expect, test } from "vitest";
import type { AuthContext } from "~/auth/context.server";
import { redirectTarget } from "~/auth/redirects.server";
import { TEST_PASSWORD, createUser } from "../factories/users";
import { fetchApp, pageText, testClientIp } from "../worker/app";

// Finding of the penetration test: after signing in on /auth, redirectTo=/%09/evil.example sent
// the browser to evil.example (browsers drop the tab, leaving "//evil.example"). Where the
// browser is sent must be on this site, however the value is dressed up.

const HOSTILE = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/.//evil.example",
  "/x/..//evil.example",
  " //evil.example",
  "https://evil.example/profile",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "%2F%2Fevil.example",
];

/** Where a browser on our site ends up after following a Location header. */
function landsOn(location: string, site = "http://localhost") {
  return new URL(location, `${site}/auth`).origin;
}

test("signing in on /auth with a hostile redirectTo lands on this site", async () => {
  const { email } = await createUser();
  for (const [i, redirectTo] of HOSTILE.entries()) {
    const response = await fetchApp("/auth", { form: { intent: "sign-in", email, password: TEST_PASSWORD, redirectTo }, ip: testClientIp(`try-${i}`) });
    expect(response.status, JSON.stringify(redirectTo)).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location, JSON.stringify(redirectTo)).toBe("/profile");
    expect(landsOn(location)).toBe("http://localhost");
  }

  // A path on this site is still honoured.
  const fine = await fetchApp("/auth", { form: { intent: "sign-in", email, password: TEST_PASSWORD, redirectTo: "/learn?tab=notes" } });
  expect(fine.headers.get("Location")).toBe("/learn?tab=notes");
});

test("the sign-in page does not carry a hostile redirectTo from its address into its forms", async () => {
  const response = await fetchApp("/auth?redirectTo=/%09/evil.example");
  expect(response.status).toBe(200);
  const html = await pageText(response);
  expect(html).toContain('name="redirectTo" value="/profile"');
  expect(html).not.toMatch(/name="redirectTo" value="[^"]*evil/);
  expect(html).not.toContain("redirectTo=%2F%09%2Fevil.example");
});

test("the auth API's redirect_to check keeps every hostile value on the site", () => {
  const ctx = {
    config: { siteUrl: "https://clarityai.test" },
    request: new Request("https://clarityai.test/auth/v1/otp"),
  } as unknown as AuthContext;
  for (const value of [
    ...HOSTILE,
    "/%09/evil.example",
    "/%2F/evil.example",
    "https:evil.example",
    "https://clarityai.test@evil.example",
    "/" + "a".repeat(5000),
  ]) {
    const target = redirectTarget(ctx, value);
    expect(new URL(target).origin, JSON.stringify(value)).toBe("https://clarityai.test");
    // An absolute URL: the browser cannot read it as another host, and nothing in it is stripped.
    expect(target, JSON.stringify(value)).toMatch(/^https:\/\/clarityai\.test(\/|$)/);
    // eslint-disable-next-line no-control-regex -- control characters must not survive
    expect(target).not.toMatch(/[\u0000-\u0020\u007f\\]/);
  }
  expect(redirectTarget(ctx, "/learn?x=1")).toBe("https://clarityai.test/learn?x=1");
});
