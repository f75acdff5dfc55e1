import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { stripeOf } from "~/billing/stripe.server";
import { createAppContext } from "~/create-context.server";
import { fixedClock } from "~/platform/clock";
import { allowConsoleErrors } from "../console-errors";
import { createSignedInUser } from "../factories/users";
import { fetchApp } from "./app";

// The request context is built once per request in the Worker entry. These tests count the
// round trips a page view makes to KV and D1 through the real bindings, and check that a
// deployment with a missing secret refuses to serve instead of running half-configured.

type Counts = { kvReads: number; d1Queries: number };

/** The bindings, with every KV read and every D1 round trip (statement or batch) counted. */
function countingBindings(counts: Counts): Env {
  const SESSIONS = new Proxy(env.SESSIONS, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== "function") return value;
      if (property === "get" || property === "getWithMetadata") {
        return (...args: unknown[]) => {
          counts.kvReads += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  const countStatement = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property) as unknown;
        if (typeof value !== "function") return value;
        if (property === "bind") return (...args: unknown[]) => countStatement(target.bind(...args));
        if (["first", "all", "raw", "run"].includes(String(property))) {
          return (...args: unknown[]) => {
            counts.d1Queries += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  const DB = new Proxy(env.DB, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== "function") return value;
      if (property === "prepare") return (query: string) => countStatement(target.prepare(query));
      if (property === "batch" || property === "exec") {
        return (...args: unknown[]) => {
          counts.d1Queries += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  return { ...env, SESSIONS, DB };
}

async function fetchWith(bindings: Env, path: string, headers: Record<string, string> = {}) {
  const response = await fetchApp(new Request(`http://localhost${path}`, { redirect: "manual", headers }), { bindings });
  // The whole page is rendered, so every round trip it makes is counted.
  await response.arrayBuffer();
  return response;
}

test("a signed-in page view reads the viewer once (one KV read and one D1 query for root and guard together), then only what the page needs", async () => {
  const cookie = (await createSignedInUser({ roles: ["client"] })).cookie;
  const counts = { kvReads: 0, d1Queries: 0 };
  // /learning: the viewer's one read (root and guard), then the hub's own two round trips whatever
  // the number of modules: one batch (catalogue, progress, package) and the coach's assignments.
  const response = await fetchWith(countingBindings(counts), "/learning", { Cookie: cookie });
  expect(response.status).toBe(200);
  expect(counts).toEqual({ kvReads: 1, d1Queries: 3 });
});

test("a client-side navigation (single fetch data request) shares the one viewer lookup too", async () => {
  const cookie = (await createSignedInUser({ roles: ["client"] })).cookie;
  const counts = { kvReads: 0, d1Queries: 0 };
  const response = await fetchWith(countingBindings(counts), "/learning.data", { Cookie: cookie });
  expect(response.status).toBe(200);
  expect(counts).toEqual({ kvReads: 1, d1Queries: 3 });
});

test("a visitor's page view costs no KV read and no D1 query", async () => {
  const counts = { kvReads: 0, d1Queries: 0 };
  const response = await fetchWith(countingBindings(counts), "/about");
  expect(response.status).toBe(200);
  expect(counts).toEqual({ kvReads: 0, d1Queries: 0 });
});

test("a production request with a required secret missing is refused with a clear log line", async () => {
  const errors = allowConsoleErrors();
  const production = { ...env, APP_ENV: "production", SESSION_SECRET: "", AUTH_JWT_PRIVATE_KEY: undefined } as unknown as Env;
  const response = await fetchWith(production, "/");
  expect(response.status).toBe(503);
  expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  expect(errors).toEqual(["config: missing secrets in production: SESSION_SECRET, AUTH_JWT_PRIVATE_KEY (set each with wrangler secret put NAME)"]);
});

test("a production request with every required secret set is served", async () => {
  const { privateKey } = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const jwk = { ...(await crypto.subtle.exportKey("jwk", privateKey)), kid: "test-key" };
  const production = {
    ...env,
    APP_ENV: "production",
    SESSION_SECRET: "a-production-secret-of-at-least-thirty-two-characters",
    AUTH_JWT_PRIVATE_KEY: JSON.stringify(jwk),
  } as unknown as Env;
  const response = await fetchWith(production, "/about");
  expect(response.status).toBe(200);
});

test("the context's outside services are made on first use and kept; a context without a request has no viewer", async () => {
  const { privateKey } = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const jwk = { ...(await crypto.subtle.exportKey("jwk", privateKey)), kid: "test-key" };
  // Production without a Stripe key: making the payments service's client would refuse payments.
  const production = {
    ...env,
    APP_ENV: "production",
    SESSION_SECRET: "a-production-secret-of-at-least-thirty-two-characters",
    AUTH_JWT_PRIVATE_KEY: JSON.stringify(jwk),
    STRIPE_SECRET_KEY: "",
  } as unknown as Env;
  const errors = allowConsoleErrors();
  const context = createAppContext(production, { clock: fixedClock("2027-03-01T00:00:00.000Z") });
  // Nothing is made by building the context.
  for (const name of ["payments", "model", "email", "jobs", "clock", "fetch", "storage"] as const) {
    expect(Object.getOwnPropertyDescriptor(context.services, name)?.get, name).toBeTypeOf("function");
  }
  expect(await context.viewer()).toBeNull();
  expect(context.services.clock.now().toISOString()).toBe("2027-03-01T00:00:00.000Z");
  const payments = context.services.payments;
  expect(context.services.payments).toBe(payments);
  expect(payments.mode).toBe("unavailable");
  expect(() => stripeOf(context)).toThrow("Payments aren't available right now");
  expect(errors.some((line) => line.includes("STRIPE_SECRET_KEY is not set in production"))).toBe(true);
  // Only what was used was made.
  expect(Object.getOwnPropertyDescriptor(context.services, "model")?.get).toBeTypeOf("function");
  expect(context.services.storage).toBe(env.UPLOADS);
});
