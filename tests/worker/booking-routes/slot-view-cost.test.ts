import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { localDate } from "~/booking/time-zones";
import { fetchApp } from "../app";
import { createCoach, freeTimes } from "../../factories/coaches";

// What a slot view costs the Worker: every D1 round trip has a fixed price in the Worker's own CPU
// (the binding's request and its JSON), paid on each view by anonymous visitors and crawlers. The
// slot views read every coach's calendar in one batch, so their round trips do not grow with the
// number of coaches or the days shown.

/** The bindings, with every D1 round trip (a statement or a batch) counted. */
function countingDb(counts: { d1: number }): Env {
  const counted = <T extends object>(target: T, methods: string[], wrap?: (value: unknown) => unknown): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (methods.includes(String(property))) counts.d1 += 1;
          const result = (value as (...a: unknown[]) => unknown).apply(object, args);
          return wrap && (property === "prepare" || property === "bind") ? wrap(result) : result;
        };
      },
    });
  const statement = (value: unknown): unknown => counted(value as D1PreparedStatement, ["first", "all", "raw", "run"], statement);
  return { ...env, DB: counted(env.DB, ["batch", "exec"], statement) };
}

async function roundTrips(path: string, headers: Record<string, string> = {}) {
  const counts = { d1: 0 };
  const response = await fetchApp(path, { headers, bindings: countingDb(counts) });
  const html = await response.text();
  expect(response.status, path).toBe(200);
  return { count: counts.d1, html };
}

test("a slot view with a chosen day and the home page's next call times read D1 twice, however many coaches there are", async () => {
  const coaches = [await createCoach({ name: "Avery Lane" }), await createCoach({ name: "Blair Moss", timeZone: "Australia/Perth", state: "WA" })];
  const day = localDate((await freeTimes(coaches[0]!))[0]!.startsAt, "Australia/Sydney");
  const view = `/booking?type=discovery&coach=any&tz=Australia%2FSydney&day=${day}`;
  // A cookie the app never sets: the edge cache steps aside and the home page is rendered.
  const rendered = { Cookie: "bench=render" };

  const few = { view: await roundTrips(view), home: await roundTrips("/", rendered) };
  expect(few.view.html).toContain("Times on");
  expect(few.home.html).toContain("Next available discovery calls");

  for (let i = 0; i < 4; i++) coaches.push(await createCoach({ name: `Coach ${i} Extra`, timeZone: "Australia/Adelaide", state: "SA" }));
  const many = { view: await roundTrips(view), home: await roundTrips("/", rendered) };

  expect(many.view.count, "the slot view").toBe(few.view.count);
  expect(many.home.count, "the home page").toBe(few.home.count);
  expect(many.view.count, "the slot view: the catalogue, then every coach's calendar").toBeLessThanOrEqual(2);
  expect(many.home.count, "the home page: the catalogue, then every coach's calendar").toBeLessThanOrEqual(2);
});
