import { expect, test } from "vitest";
import { safeRedirect } from "~/utils/redirect";

// Where the website may send a browser after sign-in. Browsers strip tabs and newlines from a URL
// and read backslashes as slashes, so "/\t/evil.example" is followed as "//evil.example": another
// site. What safeRedirect returns must be a path on this site as the browser will read it.

const ORIGIN = "https://clarityai.test";

/** Where a browser on our site ends up after following `location` (the WHATWG URL parser, as browsers use). */
function landsOn(location: string) {
  return new URL(location, `${ORIGIN}/auth`).origin;
}

export const HOSTILE_REDIRECTS = [
  "//evil.example",
  "///evil.example",
  "////evil.example/path",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  "/\t\\evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "%2F%2Fevil.example",
  "%2f/evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "/../..//evil.example",
  "/x/../..//evil.example",
  " //evil.example",
  " /evil",
  "\u00a0//evil.example",
  "\u0000//evil.example",
  "/\u0000/evil.example",
  "/\u007f/evil.example",
  "javascript:alert(1)",
  "JavaScript:alert(document.domain)",
  "/javascript:alert(1)//",
  "data:text/html,<script>alert(1)</script>",
  "https://evil.example",
  "http://evil.example/profile",
  "https:evil.example",
  "http:/evil.example",
  "//evil.example@clarityai.test",
  "https://clarityai.test@evil.example",
  "evil.example",
  "",
  "/" + "a".repeat(5000),
];

test.each(HOSTILE_REDIRECTS.map((value) => [JSON.stringify(value).slice(0, 60), value]))("%s never leaves the site", (_label, value) => {
  const result = safeRedirect(value, "/profile");
  expect(landsOn(result)).toBe(ORIGIN);
  // Nothing a browser would strip or reinterpret is left in what we send.
  // eslint-disable-next-line no-control-regex -- control characters must not survive
  expect(result).not.toMatch(/[\u0000-\u0020\u007f\\]/);
  expect(result.startsWith("/")).toBe(true);
  expect(result.startsWith("//")).toBe(false);
});

test("control characters, backslashes and paths that normalise to // fall back", () => {
  for (const value of ["/\t/evil.example", "/\\evil.example", "/.//evil.example", "/a/..//evil.example", "/\n/x", "/learn\\notes"]) {
    expect(safeRedirect(value, "/profile")).toBe("/profile");
  }
  // The query string of /auth?redirectTo=/%09/evil.example decodes to a tab before safeRedirect sees it.
  expect(safeRedirect(new URLSearchParams("redirectTo=/%09/evil.example").get("redirectTo"))).toBe("/profile");
  expect(safeRedirect(new URLSearchParams("redirectTo=/%5Cevil.example").get("redirectTo"))).toBe("/profile");
});

test("paths on this site are kept, normalised as the browser will read them", () => {
  expect(safeRedirect("/learn")).toBe("/learn");
  expect(safeRedirect("/learn/module-1?tab=notes#part-2")).toBe("/learn/module-1?tab=notes#part-2");
  expect(safeRedirect("/admin/users?q=a b")).toBe("/admin/users?q=a%20b");
  expect(safeRedirect("/learn/./module/../notes")).toBe("/learn/notes");
  expect(safeRedirect("/%2F/evil.example")).toBe("/%2F/evil.example");
  expect(safeRedirect("/", "/profile")).toBe("/");
  expect(safeRedirect(null, "/profile")).toBe("/profile");
  expect(safeRedirect(undefined)).toBe("/profile");
  expect(safeRedirect(new File([], "x"), "/learn")).toBe("/learn");
});
