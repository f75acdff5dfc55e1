import { env } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import type { Role } from "~/db/schema";
import { fetchApp } from "./app";
import { countRows, createConfirmedUser, TEST_PASSWORD } from "./auth-helpers";
import { formPost } from "./factories";

// SPEC §6 as a table: every guarded route × visitor, client, coach and admin. Not signed in → /auth
// remembering the page; missing admin → /; missing another role → /auth; allowed → 200. Guards are
// checked on the server for whole documents, for each route's own data request (Remix runs nested
// loaders in parallel, so every child must guard itself) and for every guarded action.

type Persona = "visitor" | "client" | "coach" | "admin";
const PERSONAS: Persona[] = ["visitor", "client", "coach", "admin"];

const cookies: Partial<Record<Persona, string>> = {};
const ids: Partial<Record<Persona, string>> = {};
let outboxId = "";

function clientAddress() {
  return `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
}

/** Signs a fresh user with these roles in through /auth, as a browser does; returns the session cookie. */
async function signInAs(roles: Role[]) {
  const user = await createConfirmedUser({ roles });
  const response = await fetchApp(
    formPost(
      "/auth",
      { intent: "sign-in", email: user.email, password: TEST_PASSWORD, redirectTo: "/profile" },
      { "CF-Connecting-IP": clientAddress() }
    )
  );
  expect(response.status, `sign-in as ${roles.join(",")}`).toBe(302);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-session="));
  expect(cookie, "session cookie").toBeTruthy();
  return { id: user.id, cookie: cookie!.split(";")[0]! };
}

beforeAll(async () => {
  for (const persona of ["client", "coach", "admin"] as const) {
    const { id, cookie } = await signInAs([persona]);
    cookies[persona] = cookie;
    ids[persona] = id;
  }
  outboxId = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO email_outbox (id, dedupe_key, to_address, subject, text_body, status, provider) VALUES (?, ?, ?, ?, ?, 'stored', 'outbox')"
  )
    .bind(outboxId, `authz-${outboxId}`, "someone@example.com.au", "Matrix test email", "Hello from the matrix test.")
    .run();
});

function get(path: string, persona: Persona, headers: Record<string, string> = {}) {
  const cookie = cookies[persona];
  return fetchApp(new Request(`http://localhost${path}`, { redirect: "manual", headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } }));
}

function post(path: string, persona: Persona, fields: Record<string, string>) {
  const cookie = cookies[persona];
  return fetchApp(formPost(path, fields, cookie ? { Cookie: cookie } : {}));
}

const signIn = (path: string) => `/auth?redirectTo=${encodeURIComponent(path)}`;

type Expectation = { status: 200 } | { status: 302; location: string };
type Guard = "signed-in" | "coach" | "admin";

function expected(guard: Guard, persona: Persona, path: string): Expectation {
  if (persona === "visitor") return { status: 302, location: signIn(path) };
  if (guard === "admin" && persona !== "admin") return { status: 302, location: "/" };
  if (guard === "coach" && persona !== "coach") return { status: 302, location: signIn(path) };
  return { status: 200 };
}

const ROUTES: { path: () => string; guard: Guard; routeId: string }[] = [
  { path: () => "/profile", guard: "signed-in", routeId: "routes/profile" },
  { path: () => "/profile?tab=security", guard: "signed-in", routeId: "routes/profile" },
  { path: () => "/profile?tab=privacy", guard: "signed-in", routeId: "routes/profile" },
  { path: () => "/profile?tab=ai-assistant", guard: "signed-in", routeId: "routes/profile" },
  { path: () => "/profile/export.json", guard: "signed-in", routeId: "routes/profile.export[.]json" },
  { path: () => "/learning", guard: "signed-in", routeId: "routes/learning._index" },
  { path: () => "/learning/module/x", guard: "signed-in", routeId: "routes/learning.module.$moduleId" },
  { path: () => "/learning/lesson/x", guard: "signed-in", routeId: "routes/learning.lesson.$lessonId" },
  { path: () => "/meeting/x", guard: "signed-in", routeId: "routes/meeting.$meetingId" },
  { path: () => "/coach", guard: "coach", routeId: "routes/coach" },
  { path: () => "/admin", guard: "admin", routeId: "routes/admin._index" },
  { path: () => "/admin/users", guard: "admin", routeId: "routes/admin.users" },
  { path: () => "/admin/users?q=example&page=1", guard: "admin", routeId: "routes/admin.users" },
  { path: () => "/admin/audit", guard: "admin", routeId: "routes/admin.audit" },
  { path: () => "/admin/outbox", guard: "admin", routeId: "routes/admin.outbox._index" },
  { path: () => `/admin/outbox/${outboxId}`, guard: "admin", routeId: "routes/admin.outbox.$id" },
];

test("GET: every guarded page answers each persona as SPEC §6 says", async () => {
  const failures: string[] = [];
  for (const route of ROUTES) {
    const path = route.path();
    for (const persona of PERSONAS) {
      const want = expected(route.guard, persona, path);
      const response = await get(path, persona);
      const got = { status: response.status, location: response.headers.get("Location") };
      await response.body?.cancel();
      const ok = want.status === 200 ? got.status === 200 : got.status === 302 && got.location === want.location;
      if (!ok) failures.push(`${persona} GET ${path}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    }
  }
  expect(failures).toEqual([]);
});

/** The single-fetch data URL that asks for one route's loader only, as client navigations do. */
function dataUrl(path: string, routeId: string) {
  const [pathname, search = ""] = path.split("?");
  const params = new URLSearchParams(search);
  params.set("_routes", routeId);
  return `${pathname}.data?${params}`;
}

test("data requests: each route's own loader refuses on its own, not only through its parent", async () => {
  const failures: string[] = [];
  for (const route of ROUTES.filter((r) => !r.routeId.includes("export"))) {
    const path = route.path();
    for (const persona of PERSONAS) {
      const want = expected(route.guard, persona, path);
      const response = await get(dataUrl(path, route.routeId), persona);
      const body = await response.text();
      // Single fetch answers a redirect thrown during a data request with 202 and an encoded redirect.
      const got = { status: response.status, location: response.headers.get("Location"), encoded: body.includes("SingleFetchRedirect") };
      const ok = want.status === 200 ? got.status === 200 && !got.encoded : got.status === 202 && got.encoded && got.location === want.location;
      if (!ok) failures.push(`${persona} data ${route.routeId} ${path}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    }
  }
  expect(failures).toEqual([]);
});

test("POST: guarded actions refuse visitors and missing roles the same way, before reading the form", async () => {
  const actions: { path: string; guard: Guard; fields: () => Record<string, string> }[] = [
    { path: "/profile", guard: "signed-in", fields: () => ({ intent: "update-details", firstName: "" }) },
    { path: "/profile?tab=security", guard: "signed-in", fields: () => ({ intent: "remove-factor", factorId: "not-a-uuid" }) },
    { path: "/profile?tab=privacy", guard: "signed-in", fields: () => ({ intent: "delete-account", confirm: "nope" }) },
    // Allowed callers get 400 for this incomplete form: proof they passed the guard, with nothing changed.
    { path: "/admin/users", guard: "admin", fields: () => ({ intent: "grant-role", role: "admin" }) },
  ];
  const failures: string[] = [];
  for (const action of actions) {
    for (const persona of PERSONAS) {
      const response = await post(action.path, persona, action.fields());
      await response.body?.cancel();
      const want = expected(action.guard, persona, action.path);
      const got = { status: response.status, location: response.headers.get("Location") };
      const ok = want.status === 200 ? got.status === 400 : got.status === 302 && got.location === want.location;
      if (!ok)
        failures.push(
          `${persona} POST ${action.path}: expected ${
            want.status === 200 ? "400 (allowed, invalid form)" : JSON.stringify(want)
          }, got ${JSON.stringify(got)}`
        );
    }
  }
  expect(failures).toEqual([]);
});

test("a client or coach cannot grant themselves the admin role by posting the admin form", async () => {
  for (const persona of ["client", "coach"] as const) {
    const response = await post("/admin/users", persona, { intent: "grant-role", userId: ids[persona]!, role: "admin" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await countRows("user_roles", "user_id = ? AND role = 'admin'", ids[persona])).toBe(0);
    expect(await countRows("audit_log", "action = 'role_granted' AND target_id = ?", ids[persona])).toBe(0);
  }
});

test("a visitor cannot delete an account or download anyone's data", async () => {
  const exported = await get("/profile/export.json", "visitor");
  expect(exported.status).toBe(302);
  expect(exported.headers.get("Content-Disposition")).toBeNull();
  const deleted = await post("/profile?tab=privacy", "visitor", { intent: "delete-account", confirm: "DELETE" });
  expect(deleted.status).toBe(302);
  expect(deleted.headers.get("Location")).toBe(signIn("/profile?tab=privacy"));
  expect(await countRows("users", "id IN (?, ?, ?)", ids.client, ids.coach, ids.admin)).toBe(3);
});

test("a revoked session is a visitor again, even with its old cookie", async () => {
  const { id, cookie } = await signInAs(["admin"]);
  const before = await fetchApp(new Request("http://localhost/admin", { redirect: "manual", headers: { Cookie: cookie } }));
  expect(before.status).toBe(200);
  await env.DB.prepare("UPDATE auth_sessions SET revoked_at = ? WHERE user_id = ?").bind(new Date().toISOString(), id).run();
  const after = await fetchApp(new Request("http://localhost/admin", { redirect: "manual", headers: { Cookie: cookie } }));
  expect(after.status).toBe(302);
  expect(after.headers.get("Location")).toBe(signIn("/admin"));
});
