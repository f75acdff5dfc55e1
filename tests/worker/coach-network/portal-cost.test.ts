import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { issueStatementFor } from "~/coach-network/statements.server";
import { createBooking, ensureCatalogue } from "../../factories/bookings";
import { createSignedInCoach } from "../../factories/coaches";
import { seedCompletedSessions, setCoachTaxProfile } from "../../factories/earnings";
import { fetchApp } from "../app";
import { recordContext } from "../meetings/session-record-helpers";
import { DAY, giveProfile } from "./helpers";

// What the coach portal's busiest pages cost the Worker in D1 round trips (a statement or a batch),
// as tests/worker/booking-routes/slot-view-cost.test.ts counts them: each has a fixed price in the
// Worker's own CPU and a wait, so the dashboard and a statement read what they need in a few
// batches, however many sessions, clients or lines the coach has.

/** The bindings, with every D1 round trip counted and its SQL kept (the first statement of a batch). */
function countingDb(trips: string[]): Env {
  const sqlOf = new WeakMap<object, string>();
  const counted = <T extends object>(target: T, methods: string[], wrap?: (value: unknown, sql: string) => unknown, sql = ""): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (methods.includes(String(property))) {
            const first = property === "batch" ? (args[0] as object[])[0] : undefined;
            trips.push(property === "batch" ? `batch of ${(args[0] as unknown[]).length}: ${first ? sqlOf.get(first) : ""}` : sql);
          }
          const unwrapped = property === "batch" ? [(args[0] as object[]).map((s) => raw.get(s) ?? s)] : args;
          const result = (value as (...a: unknown[]) => unknown).apply(object, unwrapped);
          if (!wrap || (property !== "prepare" && property !== "bind")) return result;
          return wrap(result, property === "prepare" ? String(args[0]) : sql);
        };
      },
    });
  const raw = new WeakMap<object, object>();
  const statement = (value: unknown, sql: string): unknown => {
    const proxy = counted(value as D1PreparedStatement, ["first", "all", "raw", "run"], statement, sql);
    raw.set(proxy, value as object);
    sqlOf.set(proxy, sql);
    return proxy;
  };
  return { ...env, DB: counted(env.DB, ["batch", "exec"], statement) };
}

async function roundTrips(path: string, cookie: string) {
  const trips: string[] = [];
  const response = await fetchApp(path, { cookie, bindings: countingDb(trips) });
  const html = await response.text();
  expect(response.status, path).toBe(200);
  return { count: trips.length, trips, html };
}

test("the dashboard reads D1 in a fixed few round trips, however many sessions the coach has", async () => {
  const coach = await createSignedInCoach({ name: "Dana Busy" });
  await giveProfile(coach.id);
  const now = Date.now();
  await createBooking({ coachId: coach.id, startsAt: new Date(now + 2 * DAY).toISOString(), name: "First Client" });
  const few = await roundTrips("/coach", coach.cookie);
  expect(few.html).toMatch(/<strong>First Client<\/strong>|with First Client/);

  for (let i = 0; i < 6; i++)
    await createBooking({ coachId: coach.id, startsAt: new Date(now + (i + 1) * DAY + 3_600_000).toISOString(), name: `Client ${i}` });
  const many = await roundTrips("/coach", coach.cookie);
  expect(many.html).toMatch(/<strong>Client 5<\/strong>|with Client 5/);

  expect(many.count, many.trips.join("\n")).toBe(few.count);
  // The viewer (the session's user and roles), then the coach's own rows, then the sessions and new bookings.
  expect(many.count, many.trips.join("\n")).toBeLessThanOrEqual(3);
});

test("a statement page reads D1 in a fixed few round trips, however many lines it has", async () => {
  await ensureCatalogue();
  const coach = await createSignedInCoach({ name: "Sam Ledger" });
  await setCoachTaxProfile(coach.id, { gstRegistered: true, rctiUntil: "2027-11-01T00:00:00.000Z" });
  await seedCompletedSessions(coach.id, 12, "2026-11-20T00:00:00.000Z", 15_000);
  expect(await issueStatementFor(recordContext("2026-11-30T16:00:00.000Z"), coach.id, "2026-11")).toBe("issued");
  const statement = await env.DB.prepare("SELECT id FROM coach_statements WHERE coach_id = ?").bind(coach.id).first<{ id: string }>();

  const page = await roundTrips(`/coach/statements/${statement!.id}`, coach.cookie);
  expect(page.html).toContain('aria-label="Statement lines for November 2026"');
  expect(page.html.match(/<td>[^<]*\(session \d+\)<\/td>/g)).toHaveLength(12);
  // The viewer, then the statement with its lines and the coach's zone.
  expect(page.count, page.trips.join("\n")).toBeLessThanOrEqual(2);
});
