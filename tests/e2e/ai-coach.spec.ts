import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";
import { giveAiSubscription } from "./factories";

// The AI coach chat in the browser: the profile tab and the floating window. With no model
// configured, the labelled offline coach answers at a reading pace, which is what streams here.

const PLACEHOLDER = "Ask me anything about your business...";
/** The offline coach's answers end with this line. */
const OFFLINE_ENDING = "To talk it through with a person, book a free 20-minute call with one of our coaches.";

const conversationLog = (page: Page) => page.getByRole("region", { name: "Conversation with ClarityAI" });
const lastReply = (page: Page) => conversationLog(page).locator(".coach-message-assistant").last();

/** The signed-in user subscribes monthly from /services/clarityai: checkout opens in a new tab, is paid in the sandbox and lands on the success page. */
async function subscribeInSandbox(page: Page, watch: (tab: Page) => void, tier: "lite" | "pro") {
  const name = tier === "lite" ? "Lite" : "Pro";
  await gotoHydrated(page, "/services/clarityai");
  const plan = page.getByRole("article", { name: `ClarityAI ${name}` });
  const [checkout] = await Promise.all([page.context().waitForEvent("page"), plan.getByRole("button", { name: `Subscribe to ${name}` }).click()]);
  watch(checkout);
  await checkout.waitForURL(/\/payments-sandbox\/checkout\//);
  await checkout.getByRole("button", { name: /^Pay A\$/ }).click();
  await checkout.waitForURL(/\/payment-success\?session_id=/);
  await expect(checkout.getByRole("main")).toContainText(`ClarityAI ${name}`);
  await checkout.close();
}

test("a client subscribes through the sandbox, chats with a streamed reply, reloads mid-reply and sees it finish, then reopens it from the list", async ({
  page,
  login,
  browserLog,
}) => {
  test.setTimeout(90_000);
  await login({ firstName: "Stella", lastName: "Streams" });
  await subscribeInSandbox(page, (tab) => browserLog.watch(tab), "lite");
  await gotoHydrated(page, "/profile?tab=ai-assistant");

  const panel = page.getByRole("region", { name: "ClarityAI, your AI business coach" });
  await expect(panel.getByText("conversations are deleted automatically after 3 months")).toBeVisible();
  await expect(panel.getByText("ClarityAI Lite")).toBeVisible();
  await expect(page.getByText("0 of 40 messages today")).toBeVisible();
  // Lite has no expert escalation.
  await expect(page.getByText("complex queries can be escalated to human experts")).toHaveCount(0);
  // Quick Start Prompts: the first two templates of each category; picking one fills the message box and hides them.
  const quickPrompts = page.getByRole("group", { name: "Quick Start Prompts" });
  await expect(quickPrompts).toBeVisible();
  const firstPrompt = quickPrompts.getByRole("button").first();
  await firstPrompt.click();
  await expect(quickPrompts).toHaveCount(0);
  const input = page.getByPlaceholder(PLACEHOLDER);
  await expect(input).not.toHaveValue("");
  await expect(input).toBeFocused();

  const question = "How do I get on top of cash flow before the BAS is due?";
  await input.fill(question);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(conversationLog(page).getByText(question)).toBeVisible();
  // Sending is blocked while the reply loads, even with a new message typed.
  await input.fill("And payroll?");
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeDisabled();
  await input.fill("");
  const reply = lastReply(page);
  await expect(reply).toContainText("Offline coach", { timeout: 15_000 });
  await expect(page).toHaveURL(/[?&]c=[0-9a-f-]{36}/);

  // Reload while the reply is still being written: it is shown as far as it got, then finishes live.
  const partial = (await reply.locator(".coach-message-body").innerText()).trim();
  await expect(reply).toHaveAttribute("data-status", "streaming");
  await page.reload();
  await page.waitForFunction(() => (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
  await expect(lastReply(page)).toContainText(OFFLINE_ENDING, { timeout: 15_000 });
  await expect(lastReply(page)).toHaveAttribute("data-status", "complete");
  const full = (await lastReply(page).locator(".coach-message-body").innerText()).trim();
  expect(partial.length).toBeLessThan(full.length);
  expect(full.startsWith(partial.slice(0, 20))).toBe(true);
  await expect(page.getByText("1 of 40 messages today")).toBeVisible();
  const conversationUrl = page.url();

  // New Chat: the messages go and the address forgets the conversation; it is in the list to reopen.
  await page.getByRole("button", { name: "New Chat" }).click();
  await expect(conversationLog(page).getByText(question)).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]c=/);
  const history = page.getByRole("navigation", { name: "Your conversations" });
  await history.getByRole("button", { name: /^How do I get on top of cash flow/ }).click();
  await expect(conversationLog(page).getByText(question)).toBeVisible();
  await expect(lastReply(page)).toContainText(OFFLINE_ENDING);
  expect(page.url()).toBe(conversationUrl);

  // Rename it, and the export is offered as a Markdown download.
  await history.getByRole("button", { name: /^Rename/ }).click();
  await history.getByRole("textbox").fill("BAS cash plan");
  await history.getByRole("button", { name: "Save" }).click();
  await expect(history.getByRole("button", { name: /^BAS cash plan/ })).toBeVisible();
  const download = page.waitForEvent("download");
  await history.getByRole("link", { name: /^Export/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^clarityai-conversation-\d{4}-\d{2}-\d{2}\.md$/);

  // Delete it (after confirming): gone from the list and from the chat.
  await history.getByRole("button", { name: /^Delete/ }).click();
  await history.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByText("Conversation deleted")).toBeVisible();
  await expect(history.getByRole("button", { name: /^BAS cash plan/ })).toHaveCount(0);
  await expect(conversationLog(page).getByText(question)).toHaveCount(0);
});

test("Stop ends the reply and keeps what was written, marked Stopped", async ({ page, login }) => {
  await login({ firstName: "Stan", lastName: "Stops" });
  await giveAiSubscription(page, "pro");
  await gotoHydrated(page, "/profile?tab=ai-assistant");
  await expect(page.getByText("Pro: complex queries can be escalated to human experts.")).toBeVisible();

  await page.getByPlaceholder(PLACEHOLDER).fill("What should my marketing plan look like for the next quarter?");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(lastReply(page)).toContainText("Offline coach", { timeout: 15_000 });
  await page.getByRole("button", { name: "Stop" }).click();

  const reply = lastReply(page);
  await expect(reply).toHaveAttribute("data-status", "stopped");
  await expect(reply.locator(".coach-badge", { hasText: "Stopped" })).toBeVisible();
  await expect(reply).not.toContainText(OFFLINE_ENDING);
  const kept = await reply.locator(".coach-message-body").innerText();
  expect(kept.length).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: "Stop" })).toHaveCount(0);

  // Stored as stopped: a reload shows the same partial text, still marked.
  await page.reload();
  await expect(lastReply(page)).toHaveAttribute("data-status", "stopped");
  await expect(lastReply(page).locator(".coach-message-body")).toHaveText(kept, { useInnerText: true });
});

test("keyboard only: Enter sends, Shift+Enter starts a new line, blank messages are not sent; the panel passes axe", async ({ page, login }) => {
  await login({ firstName: "Kiri", lastName: "Keys" });
  await giveAiSubscription(page, "pro");
  await gotoHydrated(page, "/profile?tab=ai-assistant");
  await expectNoSeriousA11yViolations(page);

  const input = page.getByPlaceholder(PLACEHOLDER);
  await input.focus();
  // Blank: nothing is sent.
  await page.keyboard.type("   ");
  await page.keyboard.press("Enter");
  await expect(conversationLog(page).locator(".coach-message")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeDisabled();

  await input.fill("");
  await page.keyboard.type("First line");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("second line");
  await expect(input).toHaveValue("First line\nsecond line");
  await page.keyboard.press("Enter");
  await expect(conversationLog(page).locator(".coach-message-user")).toHaveText(/First line\s+second line/);
  await expect(input).toHaveValue("");
  await expect(lastReply(page)).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await expect(input).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});

test("the floating button opens a subscriber's chat window: tier, minimise, Escape, close; it passes axe", async ({ page, login }) => {
  await login({ firstName: "Wendy", lastName: "Window" });
  await giveAiSubscription(page, "pro");
  await gotoHydrated(page, "/services");

  // Signed in, one "Chat" button offers both chats; its menu's "Ask ClarityAI" opens the coach.
  const launcher = page.getByRole("button", { name: "Chat", exact: true });
  await launcher.click();
  await page.getByRole("menuitem", { name: "Ask ClarityAI" }).click();
  const window = page.getByRole("dialog", { name: /ClarityAI/ });
  await expect(window).toBeVisible();
  await expect(window).toContainText("Pro");
  const box = await window.boundingBox();
  expect(Math.round(box!.height)).toBe(600);
  const input = window.getByPlaceholder(PLACEHOLDER);
  await expect(input).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // Keyboard resize from the corner grip.
  await window.getByRole("button", { name: /Resize the chat window/ }).focus();
  await page.keyboard.press("ArrowLeft");
  expect(Math.round((await window.boundingBox())!.width)).toBe(Math.round(box!.width) + 24);

  // Escape minimises (focus to Restore); Restore brings it back; Close returns focus to the button.
  await input.focus();
  await page.keyboard.press("Escape");
  await expect(input).toBeHidden();
  const restore = window.getByRole("button", { name: "Restore the chat window" });
  await expect(restore).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(input).toBeFocused();
  await window.getByRole("button", { name: "Close the chat window" }).click();
  await expect(window).toHaveCount(0);
  await expect(launcher).toBeFocused();
});

test("a non-subscriber's floating button offers the plans; the tab says a subscription is required", async ({ page, login }) => {
  await login({ firstName: "Nora", lastName: "Notyet" });
  await gotoHydrated(page, "/about");
  const launcher = page.getByRole("button", { name: "Chat", exact: true });
  await launcher.click();
  await page.getByRole("menuitem", { name: "Ask ClarityAI" }).click();
  const prompt = page.getByRole("dialog", { name: "ClarityAI" });
  await expect(prompt.getByRole("link", { name: "View Plans" })).toHaveAttribute("href", "/services#clarityai");
  await expect(prompt.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/profile?tab=ai-assistant");
  await expect(prompt.getByRole("link", { name: "View Plans" })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(prompt).toHaveCount(0);
  await expect(launcher).toBeFocused();

  await launcher.click();
  await page.getByRole("menuitem", { name: "Ask ClarityAI" }).click();
  await page.getByRole("dialog", { name: "ClarityAI" }).getByRole("link", { name: "Learn More" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=ai-assistant$/);
  await expect(page.getByRole("heading", { name: "Subscription Required" })).toBeVisible();
  await expect(page.getByRole("link", { name: "View Plans" })).toHaveAttribute("href", "/services#clarityai");
  await expect(page.getByPlaceholder(PLACEHOLDER)).toHaveCount(0);
});

test("visitors who are not signed in get no AI coach button", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ask ClarityAI" })).toHaveCount(0);
  await expect(page.getByRole("menuitem", { name: "Ask ClarityAI" })).toHaveCount(0);
  // Their one floating button is the Service Assistant's.
  await expect(page.locator(".floating-widgets").getByRole("button")).toHaveText(["Chat with us"]);
});
