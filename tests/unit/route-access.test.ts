import { expect, test } from "vitest";
import { accessOutcome, ROUTE_ACCESS, type RouteAccess } from "~/auth/route-access";
import { ROLES, type Role } from "~/db/schema";

// The pure SPEC §6 rule. Which route ids exist, and that the app's guards match this table, is
// checked against the real server build in tests/worker/authz-matrix.test.ts.

const VIEWERS: { name: string; roles: Role[] | null }[] = [
  { name: "visitor", roles: null },
  { name: "signed in, no role", roles: [] },
  { name: "client", roles: ["client"] },
  { name: "coach", roles: ["coach"] },
  { name: "admin", roles: ["admin"] },
  { name: "coach and admin", roles: ["coach", "admin"] },
];

test("public routes let everyone in", () => {
  expect(VIEWERS.map((v) => accessOutcome("public", v.roles))).toEqual(VIEWERS.map(() => "allowed"));
});

test("signed-in routes send visitors to /auth and let any signed-in user in", () => {
  expect(VIEWERS.map((v) => [v.name, accessOutcome("signed-in", v.roles)])).toEqual([
    ["visitor", "sign-in"],
    ["signed in, no role", "allowed"],
    ["client", "allowed"],
    ["coach", "allowed"],
    ["admin", "allowed"],
    ["coach and admin", "allowed"],
  ]);
});

test("missing the admin role sends a signed-in user home; visitors still go to /auth", () => {
  expect(VIEWERS.map((v) => [v.name, accessOutcome({ role: "admin" }, v.roles)])).toEqual([
    ["visitor", "sign-in"],
    ["signed in, no role", "home"],
    ["client", "home"],
    ["coach", "home"],
    ["admin", "allowed"],
    ["coach and admin", "allowed"],
  ]);
});

test("missing any other role sends the user to /auth", () => {
  expect(VIEWERS.map((v) => [v.name, accessOutcome({ role: "coach" }, v.roles)])).toEqual([
    ["visitor", "sign-in"],
    ["signed in, no role", "sign-in"],
    ["client", "sign-in"],
    ["coach", "allowed"],
    ["admin", "sign-in"],
    ["coach and admin", "allowed"],
  ]);
  expect(VIEWERS.map((v) => [v.name, accessOutcome({ role: "client" }, v.roles)])).toEqual([
    ["visitor", "sign-in"],
    ["signed in, no role", "sign-in"],
    ["client", "allowed"],
    ["coach", "sign-in"],
    ["admin", "sign-in"],
    ["coach and admin", "sign-in"],
  ]);
});

test("every classification is one of the known levels, and the SPEC §6 sections carry theirs", () => {
  const valid = (access: RouteAccess) => access === "public" || access === "signed-in" || ROLES.includes(access.role);
  expect(Object.entries(ROUTE_ACCESS).filter(([, access]) => !valid(access))).toEqual([]);
  expect(ROUTE_ACCESS["routes/coach"]).toEqual({ role: "coach" });
  expect(ROUTE_ACCESS["routes/admin"]).toEqual({ role: "admin" });
  expect(ROUTE_ACCESS["routes/profile"]).toBe("signed-in");
  expect(ROUTE_ACCESS["routes/learning._index"]).toBe("signed-in");
  expect(ROUTE_ACCESS["routes/learning.module.$moduleId"]).toBe("signed-in");
  expect(ROUTE_ACCESS["routes/learning.lesson.$lessonId"]).toBe("signed-in");
  expect(ROUTE_ACCESS["routes/meeting.$meetingId"]).toBe("signed-in");
  // Every route under /admin and /coach requires its role.
  const sectionIds = Object.keys(ROUTE_ACCESS).filter((id) => /^routes\/(admin|coach)([.]|$)/.test(id));
  expect(sectionIds.filter((id) => ROUTE_ACCESS[id] === "public" || ROUTE_ACCESS[id] === "signed-in")).toEqual([]);
});
