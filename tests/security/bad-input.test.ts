import { env } from "cloudflare:workers";
import { describe, expect, test, vi } from "vitest";
import { otpauthUri } from "~/auth/totp";
import { FORM_BODY_LIMIT } from "~/platform/request-body.server";
import { parseForm } from "~/utils/forms";
import { z } from "zod";
import { createSignedInUser, createUser, signIn, uniqueEmail } from "../factories/users";
import { SITE, fetchApp, pageText, testClientIp } from "../worker/app";
import { ACTION_ROUTES, streamedBody, sweepActions } from "./action-sweep";

// Penetration-test findings: malformed, oversized or unexpected input gets a clear 4xx, never a 500.

describe("1. admin user search", () => {
  test("any search the box allows works, multibyte included, and a longer one is cut to the box's length", async () => {
    const admin = await createSignedInUser({ email: uniqueEmail("bad-input"), roles: ["admin"] });
    const long = `searchable-${crypto.randomUUID()}-${"a".repeat(40)}`; // 88 ASCII characters
    const target = await createUser({ email: `${long}@example.com.au` });
    await env.DB.prepare("UPDATE profiles SET first_name = ? WHERE user_id = ?").bind("😀".repeat(30), target.id).run();

    for (const q of ["b".repeat(49), "b".repeat(50), "b".repeat(100), "😀".repeat(100), "%_\\".repeat(33)]) {
      const response = await fetchApp(`/admin/users?q=${encodeURIComponent(q)}`, { cookie: admin.cookie });
      expect(response.status, `q of ${q.length} UTF-16 units`).toBe(200);
      expect(await pageText(response)).toContain("No users match");
    }
    // Long terms still find what they name, case-insensitively, in the email or the name.
    expect(await pageText(await fetchApp(`/admin/users?q=${encodeURIComponent(long.toUpperCase())}`, { cookie: admin.cookie }))).toContain(target.email);
    expect(await pageText(await fetchApp(`/admin/users?q=${encodeURIComponent("😀".repeat(20))}`, { cookie: admin.cookie }))).toContain(target.email);

    // Longer than the box allows (typed into the address): cut to 100 characters, as every admin list does, never an error.
    const tooLong = await fetchApp(`/admin/users?q=${"c".repeat(101)}`, { cookie: admin.cookie });
    expect(tooLong.status).toBe(200);
    expect(await pageText(tooLong)).toContain(`value="${"c".repeat(100)}"`);
  });
});

describe("2. lone surrogates in a TOTP enrolment", () => {
  test("an issuer or friendly name with a lone surrogate is never a 500", async () => {
    const user = await createUser({ email: uniqueEmail("surrogate") });
    const { access_token } = await signIn(user.email);
    for (const [i, body] of [
      { factor_type: "totp", issuer: "\uD800" },
      { factor_type: "totp", issuer: "Clarity \uDC00 AI", friendly_name: "phone" },
      { factor_type: "totp", friendly_name: "\uD800" },
    ].entries()) {
      const response = await fetchApp(
        new Request("http://localhost/auth/v1/factors", {
          method: "POST",
          headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
          body: JSON.stringify({ ...body, friendly_name: body.friendly_name ?? `app ${i}` }),
        }),
      );
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      if (response.ok) {
        const factor = (await response.json()) as { totp: { uri: string } };
        // Apps get a well-formed URI: the bad code unit became U+FFFD, as Go's JSON decoding does in GoTrue.
        expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);
      }
    }
  });

  test("otpauthUri replaces lone surrogates instead of throwing", () => {
    const uri = otpauthUri({ secret: "JBSWY3DPEHPK3PXP", issuer: "A\uD800B", account: "x\uDFFF@example.com" });
    expect(uri).toBe("otpauth://totp/A%EF%BF%BDB:x%EF%BF%BD@example.com?secret=JBSWY3DPEHPK3PXP&issuer=A%EF%BF%BDB&algorithm=SHA1&digits=6&period=30");
    // A proper pair (an emoji) is kept.
    expect(otpauthUri({ secret: "A", issuer: "😀", account: "a" })).toContain("issuer=%F0%9F%98%80");
  });
});

describe("3. form actions posted as something other than a form", () => {
  test("JSON, text/plain or no Content-Type to a page is 415 with a clear message", async () => {
    for (const [path, body, type] of [
      ["/contact", JSON.stringify({ name: "x" }), "application/json"],
      ["/auth", "intent=sign-in", "text/plain"],
      ["/profile", "{}", "application/json; charset=utf-8"],
      ["/contact.data", JSON.stringify({ name: "x" }), "application/json"],
      ["/booking", "", null],
    ] as const) {
      const response = await fetchApp(path, { body, contentType: type });
      expect(response.status, `${path} ${type}`).toBe(415);
      expect(await response.text()).toContain("Send the form as application/x-www-form-urlencoded or multipart/form-data");
    }
  });

  test("the auth API still takes JSON", async () => {
    const response = await fetchApp("/auth/v1/token?grant_type=password", { json: { email: uniqueEmail(), password: "wrong-password" }, origin: SITE });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: "invalid_credentials" });
  });

  test("a multipart body that does not parse is 400, not 500", async () => {
    const response = await fetchApp("/contact", { body: "--nope\r\ngarbage", contentType: "multipart/form-data; boundary=elsewhere" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("couldn't be read");
    const noBoundary = await fetchApp("/contact", { body: "name=x", contentType: "multipart/form-data" });
    expect(noBoundary.status).toBe(400);
  });

  test("a real multipart form still works", async () => {
    const form = new FormData();
    form.set("name", "");
    const response = await fetchApp("/contact", { body: form, contentType: null });
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain("Please enter your name");
  });
});

describe("4. oversized form bodies", () => {
  test("a form body over the cap is 413, by Content-Length or counted as it streams", async () => {
    const user = await createSignedInUser({ email: uniqueEmail("bad-input") });
    const declared = await fetchApp("/profile", {
      body: `intent=update-details&junk=${"x".repeat(FORM_BODY_LIMIT)}`,
      contentType: "application/x-www-form-urlencoded",
      cookie: user.cookie,
    });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toContain("too large");

    const streamed = await fetchApp("/profile", {
      body: streamedBody(30 * 1024 * 1024),
      contentType: "application/x-www-form-urlencoded",
      cookie: user.cookie,
    });
    expect(streamed.status).toBe(413);
    const text = await streamed.text();
    expect(text.length).toBeLessThan(1000);
  });

  test("a form just under the cap is still handled", async () => {
    const response = await fetchApp("/contact", { body: `name=${"x".repeat(FORM_BODY_LIMIT - 100)}`, contentType: "application/x-www-form-urlencoded" });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain("x".repeat(2001));
  });

  test("the profile form echoes only its own fields, bounded", async () => {
    const user = await createSignedInUser({ email: uniqueEmail("bad-input") });
    const marker = `junk-${crypto.randomUUID()}`;
    const response = await fetchApp("/profile", {
      form: { intent: "update-details", firstName: "", junk: marker, [marker]: "x", company: "y".repeat(5000) },
      cookie: user.cookie,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain(marker);
    expect(html).not.toContain("y".repeat(1001));
  });
});

test("a repeated form field is read once, as the action reads it", () => {
  const form = new URLSearchParams("intent=update-details&intent=delete-account&firstName=Ana&firstName=");
  const fields = new FormData();
  for (const [key, value] of form) fields.append(key, value);
  const result = parseForm(fields, z.object({ intent: z.string(), firstName: z.string().min(1) }));
  expect(result).toEqual({ success: true, data: { intent: "update-details", firstName: "Ana" } });
});

describe("6. ?_data probing", () => {
  test("the old data parameter gets a clean 400 and logs nothing", async () => {
    const user = await createSignedInUser({ email: uniqueEmail("bad-input") });
    for (const path of ["/profile?_data=routes/profile", "/?_data=root", "/?_data=../../x", "/about?_data="]) {
      const response = await fetchApp(path, { cookie: user.cookie });
      expect(response.status, path).toBe(400);
      expect(await response.text()).toContain("_data");
    }
    // A POST too; the guard in tests/console-error-guard.ts fails the test on any console.error.
    const posted = await fetchApp("/contact?_data=routes/contact", { form: { name: "x" }, ip: testClientIp() });
    expect(posted.status).toBe(400);
  });
});

describe("sweep: every action, every wrong body", () => {
  test("the sweep finds every action", () => {
    // A new action joins the sweep by itself; these are the ones it was written against.
    expect(ACTION_ROUTES).toEqual(
      expect.arrayContaining([
        "routes/admin.users",
        "routes/auth",
        "routes/booking",
        "routes/contact",
        "routes/profile",
        "routes/resources",
        "routes/sign-out",
      ]),
    );
  });

  sweepActions(0, 2);

  test("pages without an action and unknown API paths answer 4xx too", async () => {
    for (const path of ["/about", "/about.data", "/rest/v1/anything", "/webhooks/stripe", "/functions/v1/x"]) {
      const response = await fetchApp(path, { body: "{}", contentType: "application/json" });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
    const formToPage = await fetchApp("/about", { body: "a=b", contentType: "application/x-www-form-urlencoded" });
    expect(formToPage.status).toBe(405);
  });
});

describe("found by the fuzz suite", () => {
  test("a tampered session or toast cookie reads as no cookie: the page answers and nothing is logged", async () => {
    for (const cookie of ["__Host-session=' OR 1=1 --", "__Host-session=0", "__Host-toast=abc.%%%", "__Host-session=x.y; __Host-toast=x.y"]) {
      const home = await fetchApp("/", { cookie });
      expect(home.status, cookie).toBe(200);
      const profile = await fetchApp("/profile", { cookie });
      expect(profile.status, cookie).toBe(302);
      expect(profile.headers.get("Location"), cookie).toMatch(/^\/auth\?redirectTo=/);
    }
  });

  test("a page number beyond any list is a 404, not a database error", async () => {
    for (const page of ["99999999999999999999999999", "1e308", "10001", "0x10", "1.5"]) {
      expect((await fetchApp(`/blog?page=${page}`)).status, page).toBe(404);
    }
    expect((await fetchApp("/blog?page=1")).status).toBe(200);
  });

  test("a backslash in the path is a 404, not a failed render", async () => {
    for (const path of ["/%5C", "/%5c/evil.example", "/blog/%5C"]) {
      const response = await fetchApp(path);
      expect(response.status, path).toBe(404);
    }
  });

  test("a path with broken percent-encoding is a 404 that logs nothing", async () => {
    const warn = vi.spyOn(console, "warn");
    try {
      for (const path of ["/blog/%", "/blog/%ZZ", "/blog/%ED%A0%80", "/%E0%A4%A"]) {
        const response = await fetchApp(path);
        expect(response.status, path).toBe(404);
      }
      expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
