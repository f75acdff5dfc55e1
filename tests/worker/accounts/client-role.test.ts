import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createPasswordlessUser } from "~/auth/code-delivery.server";
import { authConfig } from "~/auth/config.server";
import { mintGuestJoinUrl } from "~/meetings/guest-link.server";
import { createBooking, daysFromNow } from "../../factories/bookings";
import { createSignedInCoach } from "../../factories/coaches";
import { TEST_PASSWORD, createSignedInUser, createUser, uniqueEmail } from "../../factories/users";
import { authApi, contextFor, fetchApp } from "../app";

// SPEC §6 lists client as a role: every new account is a client, however it is made, and
// migration 0021 makes the accounts made before (with no role at all) clients too. Coach and admin
// accounts keep exactly their roles.

async function rolesOf(userId: string) {
  const { results } = await env.DB.prepare("SELECT role FROM user_roles WHERE user_id = ? ORDER BY role").bind(userId).all<{ role: string }>();
  return results.map((row) => row.role);
}

const userIdOf = async (email: string) => (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;

test("an account made by sign-up is a client, and says so in its app_metadata", async () => {
  const email = uniqueEmail("signup-client");
  const response = await authApi("/signup", { json: { email, password: TEST_PASSWORD, data: { first_name: "Mia" } } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { app_metadata?: { roles?: string[] }; user?: { app_metadata?: { roles?: string[] } } };
  expect((body.user ?? body).app_metadata?.roles).toEqual(["client"]);
  expect(await rolesOf(await userIdOf(email))).toEqual(["client"]);
});

test("an account made by an emailed code, or for a guest's meeting link, is a client", async () => {
  const context = contextFor();
  const ctx = { db: context.db, config: authConfig(context.env), ipHash: null };
  const byCode = await createPasswordlessUser(ctx, { email: uniqueEmail("code-client") }, {});
  expect(await rolesOf(byCode.id)).toEqual(["client"]);

  const coach = await createSignedInCoach();
  const guestEmail = uniqueEmail("guest-client");
  const booking = await createBooking({ coachId: coach.id, email: guestEmail, typeId: "discovery", startsAt: daysFromNow(6, 1) });
  expect(await mintGuestJoinUrl(context, booking)).toContain("token=");
  expect(await rolesOf(await userIdOf(guestEmail))).toEqual(["client"]);
});

test("migration 0021 makes accounts without a role clients, leaves coaches and admins as they are, and can run again", async () => {
  const [none, coach, admin, both] = await Promise.all([
    createUser({ email: uniqueEmail("no-role") }),
    createUser({ email: uniqueEmail("coach-only"), roles: ["coach"] }),
    createUser({ email: uniqueEmail("admin-only"), roles: ["admin"] }),
    createUser({ email: uniqueEmail("client-coach"), roles: ["client", "coach"] }),
  ]);
  expect(await rolesOf(none.id)).toEqual([]);
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0021"));
  expect(migration).toBeDefined();
  const backfill = migration!.queries.filter((query) => /INSERT INTO user_roles/.test(query));
  expect(backfill).toHaveLength(1);
  for (let run = 0; run < 2; run++) await env.DB.prepare(backfill[0]!).run();
  expect(await rolesOf(none.id)).toEqual(["client"]);
  expect(await rolesOf(coach.id)).toEqual(["coach"]);
  expect(await rolesOf(admin.id)).toEqual(["admin"]);
  expect(await rolesOf(both.id)).toEqual(["client", "coach"]);
});

test("the client role opens nothing a signed-in user without it can't reach: /admin and /coach stay closed", async () => {
  const client = await createSignedInUser({ roles: ["client"] });
  const admin = await fetchApp("/admin", { cookie: client.cookie });
  expect(admin.status).toBe(302);
  expect(admin.headers.get("Location")).toBe("/");
  const coach = await fetchApp("/coach", { cookie: client.cookie });
  expect(coach.status).toBe(302);
  expect(coach.headers.get("Location")).toMatch(/^\/auth/);
  expect((await fetchApp("/profile", { cookie: client.cookie })).status).toBe(200);
});
