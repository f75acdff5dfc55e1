import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";
import { giveAiSubscription } from "./factories";
import { BUTTONS_AND_FIELDS, controlsUnder, coveringElement, expectTappable } from "./tap-target";

// The chats on a phone and on a desktop: the AI coach fills a phone's screen (the floating window and
// the profile tab), the tab is a full-page chat with its conversation list as a sidebar on a desktop,
// signed-in people get one chat button offering both chats, nothing floating covers a control, and
// Clear asks before it deletes. The export's file name follows the reader's clock.

const PHONE = { width: 390, height: 844 };
const PLACEHOLDER = "Ask me anything about your business...";
const conversationLog = (page: Page) => page.getByRole("region", { name: "Conversation with ClarityAI" });
const lastReply = (page: Page) => conversationLog(page).locator(".coach-message-assistant").last();

test("on a phone the floating chat fills the screen: messages take most of it, the message box and Send stay in view", async ({ page, login }) => {
  await page.setViewportSize(PHONE);
  await login({ firstName: "Phoebe", lastName: "Phone" });
  await giveAiSubscription(page, "pro");
  // The window as this tab left it: open (how it comes back after a reload or a new page).
  await page.addInitScript(() => sessionStorage.setItem("clarityai:widget", JSON.stringify({ state: "open" })));
  await gotoHydrated(page, "/about");
  const window = page.getByRole("dialog", { name: /ClarityAI/ });
  await expect(window.getByPlaceholder(PLACEHOLDER)).toBeVisible();

  const box = (await window.boundingBox())!;
  expect(box).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  const log = (await conversationLog(page).boundingBox())!;
  expect(log.height, "the messages' share of the screen").toBeGreaterThanOrEqual(0.6 * PHONE.height);
  const send = window.getByRole("button", { name: "Send", exact: true });
  const sendBox = (await send.boundingBox())!;
  expect(sendBox.y + sendBox.height).toBeLessThanOrEqual(PHONE.height);
  await window.getByPlaceholder(PLACEHOLDER).fill("How do I plan for a slow January?");
  await expect.poll(() => coveringElement(send)).toBeNull();
  await expectNoSeriousA11yViolations(page);

  // A shorter screen (an on-screen keyboard takes the bottom half): the window shrinks with it and
  // the message box and Send stay on screen, above the keyboard.
  await page.setViewportSize({ width: PHONE.width, height: 420 });
  await expect.poll(async () => (await window.boundingBox())!.height).toBe(420);
  const shortSend = (await send.boundingBox())!;
  expect(shortSend.y + shortSend.height).toBeLessThanOrEqual(420);
  await expect.poll(() => coveringElement(send)).toBeNull();

  // A conversation long enough to scroll: the messages scroll inside the window, the composer stays put.
  await page.setViewportSize(PHONE);
  await send.click();
  await expect(lastReply(page)).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  const scrolls = await conversationLog(page).evaluate((element) => element.scrollHeight > element.clientHeight && getComputedStyle(element).overflowY);
  expect(scrolls).toBe("auto");
  expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
  const after = (await send.boundingBox())!;
  expect(after.y + after.height).toBeLessThanOrEqual(PHONE.height);
});

test("the AI assistant tab opens on the conversation on a phone, and is a full-page chat with a sidebar on a desktop", async ({ page, login }) => {
  await page.setViewportSize(PHONE);
  await login({ firstName: "Tabitha", lastName: "Tab" });
  await giveAiSubscription(page, "lite");
  await gotoHydrated(page, "/profile?tab=ai-assistant");
  const input = page.getByPlaceholder(PLACEHOLDER);
  const send = page.getByRole("button", { name: "Send", exact: true });
  // The message box and Send are on the first screen, with the messages above them taking most of it.
  await expect.poll(async () => (await send.boundingBox())!.y + (await send.boundingBox())!.height).toBeLessThanOrEqual(PHONE.height);
  expect((await input.boundingBox())!.y).toBeGreaterThanOrEqual(0);
  expect((await conversationLog(page).boundingBox())!.height).toBeGreaterThanOrEqual(0.45 * PHONE.height);
  // The conversation list and the usage come after the conversation.
  const history = page.getByRole("navigation", { name: "Your conversations" });
  expect((await history.boundingBox())!.y).toBeGreaterThan((await send.boundingBox())!.y);
  expect((await page.getByText(/messages today/).boundingBox())!.y).toBeGreaterThan((await input.boundingBox())!.y);
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, "/profile?tab=ai-assistant");
  const chat = (await conversationLog(page).boundingBox())!;
  const sidebar = (await history.boundingBox())!;
  expect(sidebar.x + sidebar.width, "the conversation list is a sidebar to the left").toBeLessThanOrEqual(chat.x);
  expect(chat.height).toBeGreaterThanOrEqual(0.42 * 800);
  await expectTappable(send, "Send");
  const sendBox = (await send.boundingBox())!;
  expect(sendBox.y + sendBox.height).toBeLessThanOrEqual(800);

  // The floating window's "open full page" control leads here, with its conversation.
  await gotoHydrated(page, "/about");
  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await page.getByRole("menuitem", { name: "Ask ClarityAI" }).click();
  const window = page.getByRole("dialog", { name: /ClarityAI/ });
  await window.getByRole("link", { name: "Open the chat full page" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=ai-assistant$/);
  await expect(page.getByRole("heading", { name: "ClarityAI, your AI business coach" })).toBeVisible();
  await expect(window).toHaveCount(0);
});

test("signed-in people get one chat button whose menu offers both chats, by pointer and by keyboard", async ({ page, login }) => {
  await login({ firstName: "Uma", lastName: "Unique" });
  await giveAiSubscription(page, "pro");
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, "/about");
    // One floating button, not two bubbles side by side.
    const floating = page.locator(".floating-widgets").getByRole("button");
    await expect(floating).toHaveCount(1);
    const launcher = page.getByRole("button", { name: "Chat", exact: true });
    await expect(launcher).toHaveAttribute("aria-haspopup", "menu");
    await expect(launcher).toHaveAttribute("aria-expanded", "false");
    await expectTappable(launcher, "the chat button");

    // Keyboard: Enter opens the menu on its first item, arrows move, Escape closes it back to the button.
    await launcher.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Chat" });
    await expect(menu).toBeVisible();
    await expect(launcher).toHaveAttribute("aria-expanded", "true");
    const coach = menu.getByRole("menuitem", { name: "Ask ClarityAI" });
    const sales = menu.getByRole("menuitem", { name: "Chat with us" });
    await expect(coach).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(sales).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(coach).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(launcher).toBeFocused();

    // "Ask ClarityAI" opens the coach; closing it brings focus back to the one button.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const window = page.getByRole("dialog", { name: /ClarityAI/ });
    await expect(window.getByPlaceholder(PLACEHOLDER)).toBeFocused();
    await window.getByRole("button", { name: "Close the chat window" }).click();
    await expect(window).toHaveCount(0);
    await expect(launcher).toBeFocused();

    // "Chat with us" (by pointer) opens the Service Assistant.
    await launcher.click();
    await sales.click();
    const assistant = page.getByRole("dialog", { name: /Service Assistant/ });
    await expect(assistant).toBeVisible();
    await assistant.getByRole("button", { name: /^Close/ }).click();
    await expect(assistant).toHaveCount(0);
    await expect(launcher).toBeFocused();
  }
});

test("at 390 px nothing floating covers a control: notifications at the top, the button clear of the page's last links", async ({ page, login }) => {
  await page.setViewportSize(PHONE);
  await login({ firstName: "Cora", lastName: "Clear" });
  await gotoHydrated(page, "/contact");
  const form = page.locator("main form");
  await form.getByLabel("Name").fill("Cora Clear");
  await form.getByLabel("Email").fill(`cora.${crypto.randomUUID().slice(0, 8)}@example.com`);
  await form.getByRole("button", { name: "Send message" }).click();
  const toast = page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");
  await expect(toast).toContainText("Thanks — your message is with us");
  await toast.hover(); // hovering keeps it open while it is measured
  const toastBox = (await toast.boundingBox())!;
  // At the top of the screen, below the site's header (whose menu button stays usable).
  expect(toastBox.y + toastBox.height).toBeLessThan(PHONE.height / 2);
  // It may lie over text for a few seconds, never over a button or a field (nor the header's menu button).
  expect(await controlsUnder(page, toastBox, ".toast-region", BUTTONS_AND_FIELDS)).toEqual([]);

  // At the end of each page, every link and button on screen can be tapped (the button floats clear of them).
  for (const path of ["/about", "/booking", "/contact"]) {
    await gotoHydrated(page, path);
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    await expect.poll(() => page.evaluate(() => Math.ceil(scrollY + innerHeight) >= document.scrollingElement!.scrollHeight)).toBe(true);
    const floating = (await page.locator(".floating-widgets").boundingBox())!;
    expect(await controlsUnder(page, floating, ".floating-widgets"), `controls under the chat button at the end of ${path}`).toEqual([]);
  }
});

test("Clear asks before deleting, says what goes, and Keep it keeps everything", async ({ page, login }) => {
  await login({ firstName: "Clara", lastName: "Careful" });
  await giveAiSubscription(page, "lite");
  await gotoHydrated(page, "/profile?tab=ai-assistant");
  const question = "What should I put in a 13-week cash-flow forecast?";
  await page.getByPlaceholder(PLACEHOLDER).fill(question);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(lastReply(page)).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  const history = page.getByRole("navigation", { name: "Your conversations" });
  await expect(history.getByRole("button", { name: /^What should I put in a 13-week/ })).toBeVisible();

  await page.getByRole("button", { name: "Clear", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: "Clear this conversation?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("“What should I put in a 13-week cash-flow forecast?” and its 2 messages");
  await expect(confirm).toContainText("removes it from Your conversations");
  await expect(confirm).toContainText("can’t be undone");
  const keep = confirm.getByRole("button", { name: "Keep it" });
  await expect(keep).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  // Escape (and Keep it) keep the conversation.
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(conversationLog(page).getByText(question)).toBeVisible();
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await keep.click();
  await expect(conversationLog(page).getByText(question)).toBeVisible();
  await expect(page.getByRole("button", { name: "Clear", exact: true })).toBeFocused();

  // Confirmed: deleted, from the chat and the list, and still gone after a reload.
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await confirm.getByRole("button", { name: "Delete conversation" }).click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Conversation deleted");
  await expect(conversationLog(page).getByText(question)).toHaveCount(0);
  await expect(history.getByRole("button", { name: /^What should I put in a 13-week/ })).toHaveCount(0);
  await gotoHydrated(page, "/profile?tab=ai-assistant");
  await expect(history.getByRole("button", { name: /^What should I put in a 13-week/ })).toHaveCount(0);
});

test("the export is named after the conversation's day on the reader's clock, whatever UTC's day is", async ({ page, login }) => {
  await login({ firstName: "Zed", lastName: "Zones" });
  await giveAiSubscription(page, "lite");
  await gotoHydrated(page, "/profile?tab=ai-assistant");
  await page.getByPlaceholder(PLACEHOLDER).fill("Plan my week");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(lastReply(page)).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  const history = page.getByRole("navigation", { name: "Your conversations" });
  const cdp = await page.context().newCDPSession(page);
  // UTC+14 and UTC−11 are 25 hours apart: at any moment at least one of them is on a different day from UTC.
  for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
    await cdp.send("Emulation.setTimezoneOverride", { timezoneId: zone });
    await gotoHydrated(page, "/profile?tab=ai-assistant");
    const today = await page.evaluate(() => new Date().toLocaleDateString("en-CA"));
    const download = page.waitForEvent("download");
    await history
      .getByRole("link", { name: /^Export/ })
      .first()
      .click();
    expect((await download).suggestedFilename(), zone).toBe(`clarityai-conversation-${today}.md`);
  }
});
