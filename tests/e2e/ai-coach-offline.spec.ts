import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";
import { giveAiSubscription } from "./factories";

// The AI coach with no model configured (as here): quick prompts go into the message box to edit
// before sending, and a Pro subscriber who asks in words for an expert is escalated, with the
// "Expert Review Requested" toast, as the model's escalate_to_expert call would be.

const PLACEHOLDER = "Ask me anything about your business...";
const conversationLog = (page: import("@playwright/test").Page) => page.getByRole("region", { name: "Conversation with ClarityAI" });

test("a quick prompt lands in the message box, reading naturally, to edit before sending; nothing is sent until Send", async ({ page, login }) => {
  await login({ firstName: "Quinn", lastName: "Prompts" });
  await giveAiSubscription(page, "lite");
  await gotoHydrated(page, "/profile?tab=ai-assistant");

  const quickPrompts = page.getByRole("group", { name: "Quick Start Prompts" });
  await quickPrompts.getByRole("button", { name: /^Cash leak finder/ }).click();
  const input = page.getByPlaceholder(PLACEHOLDER);
  await expect(input).toBeFocused();
  await expect(input).toHaveValue("Sales are coming in but cash is always tight. Where should I look first?");
  // Not sent: no message in the conversation, and the text can be edited.
  await expect(conversationLog(page).locator(".coach-message")).toHaveCount(0);
  await page.keyboard.type(" We turn over about $600k.");
  await expect(input).toHaveValue("Sales are coming in but cash is always tight. Where should I look first? We turn over about $600k.");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(conversationLog(page).locator(".coach-message-user")).toHaveText(/We turn over about \$600k\./);
  const reply = conversationLog(page).locator(".coach-message-assistant").last();
  await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await expect(reply).toContainText("No AI model is connected");
  await expect(reply.getByRole("link").first()).toHaveAttribute("href", /^\//);
  await expectNoSeriousA11yViolations(page);
});

test("Pro with no model: asking in words for an expert shows the Expert Review Requested toast", async ({ page, login }) => {
  await login({ firstName: "Petra", lastName: "Person" });
  await giveAiSubscription(page, "pro");
  // On a slow connection the owner types before the page's scripts have run: the page's code is held
  // back until the question is in the box, and Send then takes it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/profile?tab=ai-assistant", { waitUntil: "commit" });
  await expect(page.getByText("Pro: complex queries can be escalated to human experts.")).toBeVisible();
  const question = "Please escalate this to an expert: should I restructure before buying a second site?";
  await page.getByPlaceholder(PLACEHOLDER).fill(question);
  release();
  await page.waitForFunction(() => (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
  await expect(page.getByPlaceholder(PLACEHOLDER)).toHaveValue(question);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("Expert Review Requested", { exact: true })).toBeVisible({ timeout: 20_000 });
  const reply = conversationLog(page).locator(".coach-message-assistant").last();
  await expect(reply).toContainText("I've passed your question to ClarityAI's human experts.");
  await expect(reply).toHaveAttribute("data-status", "complete");
});
