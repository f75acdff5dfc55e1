import { expect, test } from "vitest";
import { createSubscription } from "../../factories/subscriptions";
import { createSignedInUser } from "../../factories/users";
import { countRows, fetchApp, pageText } from "../app";

// What a subscriber meets on the plan cards: their plan marked as theirs with its renewal date and a
// way to manage it, a switch on the other plan, and a second checkout refused with a clear 409.

const TAB = "/profile?tab=billing";

test("a subscriber's second checkout is refused with 409 and a message naming the plan and the switch, never a 500", async () => {
  const user = await createSignedInUser();
  await createSubscription(user.id, { tier: "pro", periodEnd: "2031-03-15T02:00:00.000Z" });
  const response = await fetchApp("/billing/checkout", {
    form: { tier: "pro", interval: "month", returnTo: "/services/clarityai#plans" },
    cookie: user.cookie,
    headers: { Accept: "application/json" },
  });
  expect(response.status).toBe(409);
  const body = (await response.json()) as { error: string; code: string };
  expect(body.code).toBe("already_subscribed");
  expect(body.error).toBe(
    "You already have a ClarityAI subscription (ClarityAI Pro). To change plan, use Switch on the plan cards; to cancel, use Manage billing on your profile.",
  );
  expect(await countRows("billing_customers", "user_id = ?", user.id)).toBe(1);
});

/** The plans section of a page: from its first card to the end of the last. */
function cardsOf(html: string): string {
  const start = html.indexOf('aria-labelledby="plan-lite-heading"');
  const end = html.lastIndexOf("</article>", html.indexOf("</article>", html.indexOf('aria-labelledby="plan-pro-heading"')) + 10);
  expect(start, "no plan cards on the page").toBeGreaterThan(-1);
  return html.slice(start, end);
}

test("a Pro subscriber sees Pro as the current plan on every page with the plan cards, and a switch to Lite, never Subscribe", async () => {
  const user = await createSignedInUser();
  await createSubscription(user.id, { tier: "pro", periodEnd: "2031-03-15T02:00:00.000Z" });
  for (const path of ["/services/clarityai", "/services", "/clarityai/cash-flow-management", TAB]) {
    const html = await pageText(await fetchApp(path, { cookie: user.cookie }));
    const cards = cardsOf(html);
    expect(cards, path).not.toContain("Subscribe to");
    const pro = cards.slice(cards.indexOf('aria-labelledby="plan-pro-heading"'));
    const lite = cards.slice(0, cards.indexOf('aria-labelledby="plan-pro-heading"'));
    expect(pro, path).toContain("Your current plan");
    expect(pro, path).toContain("Billed monthly · Renews on 15 March 2031");
    expect(pro, path).toContain('href="/profile?tab=billing"');
    expect(lite, path).not.toContain("Your current plan");
    expect(lite, path).toContain('href="/profile?tab=billing&switch=lite#plan-change"');
    expect(lite, path).toContain("Switch to Lite");
    expect(lite, path).toContain("The unused part of your current plan comes off your next bill.");
  }
  // A visitor still gets Subscribe on both.
  const visitor = cardsOf(await pageText(await fetchApp("/services/clarityai")));
  expect(visitor).toContain("Subscribe to Lite");
  expect(visitor).toContain("Subscribe to Pro");
  expect(visitor).not.toContain("Your current plan");
});
