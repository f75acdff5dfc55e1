import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createBooking, ensureCatalogue } from "../../factories/bookings";
import { createUser, webSession } from "../../factories/users";
import { fetchApp, pageText } from "../app";

// The profile's greeting: a user in their first sign-in is new ("Welcome", three next steps, each
// marked done once it is); a user who signed in before is greeted "Welcome back".

/** The next steps as the page lists them: label, link and state. */
function stepsOf(html: string) {
  return [...html.matchAll(/<li class="welcome-step[^"]*"><a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a><span class="welcome-step-state">([^<]+)<\/span><\/li>/g)].map(
    (m) => ({ href: m[1]!.replaceAll("&amp;", "&"), label: m[2]!, state: m[3]! }),
  );
}

test("a new user's first sign-in is greeted Welcome, not Welcome back, with three next steps that are links", async () => {
  const user = await createUser({ firstName: "Mia", lastName: "Cartwright" });
  const cookie = await webSession(user);
  const html = await pageText(await fetchApp("/profile", { cookie }));
  expect(html).toContain("Welcome, Mia! Here's how to get started.");
  expect(html).not.toContain("Welcome back");
  expect(html).toContain("Your next steps");
  expect(html).toContain("0 of 3 done");
  expect(stepsOf(html)).toEqual([
    { href: "/booking?type=discovery", label: "Book your free 20-minute discovery call", state: "To do" },
    { href: "/profile?tab=ai-assistant", label: "Try ClarityAI, your 24/7 AI business coach", state: "To do" },
    { href: "/profile?tab=details#details-heading", label: "Complete your profile", state: "To do" },
  ]);
  // Each link leads somewhere that answers.
  expect((await fetchApp("/booking?type=discovery")).status).toBe(200);
  expect((await fetchApp("/profile?tab=ai-assistant", { cookie })).status).toBe(200);
});

test("the next steps are marked done: a booking, a ClarityAI conversation, a complete profile", async () => {
  const user = await createUser({ firstName: "Noah", lastName: "Tran" });
  await ensureCatalogue();
  const coach = await createUser({ roles: ["coach"] });
  await createBooking({ coachId: coach.id, clientId: user.id, typeId: "discovery" });
  await env.DB.prepare("INSERT INTO ai_conversations (id, user_id, title, tier) VALUES (?, ?, 'Cash flow', 'lite')").bind(crypto.randomUUID(), user.id).run();
  await env.DB.prepare("UPDATE profiles SET company = 'Tran Bakery', industry = 'Hospitality', business_type = 'Sole trader', state = 'VIC' WHERE user_id = ?")
    .bind(user.id)
    .run();
  const html = await pageText(await fetchApp("/profile?tab=billing", { cookie: await webSession(user) }));
  expect(html).toContain("3 of 3 done");
  expect(stepsOf(html).map((step) => step.state)).toEqual(["Done", "Done", "Done"]);
});

test("a user who signed in before is greeted Welcome back, without the next steps", async () => {
  const user = await createUser({ firstName: "Ava", lastName: "Nguyen" });
  await webSession(user);
  const cookie = await webSession(user);
  const html = await pageText(await fetchApp("/profile", { cookie }));
  expect(html).toContain("Welcome back, Ava Nguyen.");
  expect(html).not.toContain("Your next steps");
  expect(html).not.toContain("Here's how to get started");
});
