import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, test } from "vitest";
// @ts-ignore -- the server build exists only after `npm run build`; the Worker under test serves this same build.
import * as serverBuild from "../../build/server/index.js";
import { ROUTE_ACCESS } from "~/auth/route-access";
import { isPersonalPath, personalPathPatterns } from "~/edge-cache/cache-policy.server";
import { createUser, uniqueEmail, webSession } from "../factories/users";
import { fetchApp } from "../worker/app";

// 5. Personal pages, and anything answered to a signed-in browser, must never be stored by a shared
// cache or kept in the browser's: Cache-Control: private, no-store.

const MANIFEST = (serverBuild as unknown as ServerBuild).routes;
const NO_STORE = "private, no-store";

/** The route's URL with every param (and splat) filled in. */
function pathOf(id: string): string {
  const parts: string[] = [];
  for (let route = MANIFEST[id]; route; route = route.parentId ? MANIFEST[route.parentId] : undefined) if (route.path) parts.unshift(route.path);
  return `/${parts.join("/")}`.replace(/:\w+\??/g, "sample").replace(/\*$/, "sample");
}

const PERSONAL_IDS = Object.entries(ROUTE_ACCESS)
  .filter(([, access]) => access !== "public")
  .map(([id]) => id);

describe("Cache-Control on personal pages", () => {
  test("every route that needs a signed-in user is covered by the personal path list", () => {
    const patterns = personalPathPatterns(MANIFEST);
    expect(PERSONAL_IDS.length).toBeGreaterThan(5);
    for (const id of PERSONAL_IDS) {
      expect(MANIFEST[id], id).toBeDefined();
      expect(isPersonalPath(pathOf(id), patterns), `${id} at ${pathOf(id)}`).toBe(true);
    }
    for (const path of ["/auth", "/sign-out", "/PROFILE", "/profile/", "/%70rofile", "//admin//users", "/admin/anything"])
      expect(isPersonalPath(path, patterns), path).toBe(true);
    for (const path of ["/", "/about", "/profiles", "/blog/rss.xml", "/admin-guide"]) expect(isPersonalPath(path, patterns), path).toBe(false);
  });

  test("personal pages and their data requests are private, no-store, signed in or not", async () => {
    const user = await createUser({ email: uniqueEmail("headers"), roles: ["client", "coach", "admin"] });
    const cookie = await webSession(user);
    for (const id of [...PERSONAL_IDS, "routes/auth"]) {
      const path = pathOf(id);
      for (const url of [path, `${path}.data?_routes=${encodeURIComponent(id)}`, `${path}.data`]) {
        for (const who of [undefined, cookie]) {
          const response = await fetchApp(url, { cookie: who });
          expect(response.status, `${url} ${who ? "signed in" : "visitor"}`).toBeLessThan(500);
          expect(response.headers.get("Cache-Control"), `${url} ${who ? "signed in" : "visitor"}`).toBe(NO_STORE);
        }
      }
    }
  });

  test("anything answered to a request with the session cookie is private, no-store; public pages otherwise keep their own", async () => {
    const user = await createUser({ email: uniqueEmail("headers") });
    const cookie = await webSession(user);
    for (const path of ["/", "/about", "/_root.data", "/sitemap.xml", "/blog/rss.xml", "/no-such-page"]) {
      expect((await fetchApp(path, { cookie })).headers.get("Cache-Control"), path).toBe(NO_STORE);
    }
    expect((await fetchApp("/about")).headers.get("Cache-Control") ?? "").not.toContain("no-store");
    expect((await fetchApp("/sitemap.xml")).headers.get("Cache-Control")).toBe("public, max-age=3600");
    // A stale or forged cookie counts too: the answer may still depend on it.
    expect((await fetchApp("/", { cookie: "__Host-session=forged" })).headers.get("Cache-Control")).toBe(NO_STORE);
  });

  test("the form-body refusals are personal-page answers too", async () => {
    const response = await fetchApp(
      new Request("http://localhost/profile", {
        method: "POST",
        headers: { Host: "localhost", Origin: "http://localhost", "Content-Type": "application/json" },
        body: "{}",
      }),
    );
    expect(response.status).toBe(415);
    expect(response.headers.get("Cache-Control")).toBe(NO_STORE);
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
  });
});
