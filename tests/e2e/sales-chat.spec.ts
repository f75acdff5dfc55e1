import type { Page, Request, Route } from "@playwright/test";
import { contactSummary, SALES_CHAT_ERROR, SALES_CHAT_WELCOME, type SalesChatEvent, type SalesChatRequest } from "../../app/sales-chat/types";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The Service Assistant widget, for everyone (SPEC §2 widget 2, §4 "Service chat", §5, §8). With no
// model configured, the labelled offline assistant answers from the site's facts, streamed at a
// reading pace. Failures are provoked by answering POST /sales-chat in the browser.

const launcher = (page: Page) => page.getByRole("button", { name: "Chat with us" });
const assistant = (page: Page) => page.getByRole("dialog", { name: "Service Assistant" });
const conversation = (page: Page) => page.getByRole("region", { name: "Conversation with the Service Assistant" });
const userMessages = (page: Page) => conversation(page).locator(".sales-message-user");
/** The visitor's messages as sent (without their "You" label). */
const userTexts = (page: Page) => userMessages(page).locator(".sales-message-text");
const replies = (page: Page) => conversation(page).locator(".sales-message-assistant");
const messageBox = (page: Page) => page.getByRole("textbox", { name: "Message the Service Assistant" });
const errorToast = (page: Page) => page.getByRole("alert").filter({ hasText: SALES_CHAT_ERROR.title });

/** A reply answered in the browser: the events as the server would stream them. */
function streamed(...events: SalesChatEvent[]) {
  return {
    status: 200,
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "private, no-store" },
    body: events.map((event) => `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`).join(""),
  };
}

const cannedReply = (content: string) => streamed({ event: "delta", data: { text: content } }, { event: "done", data: { content, offline: true } });

/** Answers POST /sales-chat with `answer(request, body)` and records each request's body. */
async function answerSalesChat(page: Page, answer: (body: SalesChatRequest, request: Request) => Parameters<Route["fulfill"]>[0] | "abort") {
  const bodies: SalesChatRequest[] = [];
  await page.route("**/sales-chat", async (route) => {
    const body = route.request().postDataJSON() as SalesChatRequest;
    bodies.push(body);
    const result = answer(body, route.request());
    await (result === "abort" ? route.abort("failed") : route.fulfill(result));
  });
  return bodies;
}

async function openAssistant(page: Page) {
  await launcher(page).click();
  await expect(messageBox(page)).toBeFocused();
}

/** Presses Tab (or Shift+Tab) until `target` has focus: keyboard only, in the page's own order. */
async function tabTo(page: Page, target: ReturnType<Page["getByRole"]>, key: "Tab" | "Shift+Tab" = "Tab") {
  for (let presses = 0; presses < 15; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test("a visitor from a campaign asks about prices, shares their details, and an admin finds the lead with its attribution and transcript", async ({
  page,
  adminPage,
  outbox,
}) => {
  test.setTimeout(90_000);
  await gotoHydrated(page, "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-sale");
  await openAssistant(page);
  const chat = assistant(page);
  await expect(chat.getByText(SALES_CHAT_WELCOME)).toBeVisible();

  // A suggested question is sent as it is; the suggestions go once the conversation starts.
  const question = "How much does business coaching cost?";
  await chat.getByRole("group", { name: "Suggested questions" }).getByRole("button", { name: question }).click();
  await expect(userTexts(page)).toHaveText([question]);
  await expect(chat.getByRole("group", { name: "Suggested questions" })).toHaveCount(0);
  // The reply arrives in pieces, then is complete.
  const reply = replies(page).nth(1);
  await expect(reply).toHaveAttribute("data-streaming", "true", { timeout: 15_000 });
  await expect(reply).not.toHaveAttribute("data-streaming", { timeout: 20_000 });
  await expect(reply).toContainText("Offline assistant:");
  await expect(reply).toContainText("$150");
  await expect(reply.getByRole("link", { name: "our services" })).toHaveAttribute("href", "/services");

  // "Let's connect": name, email, company and business type, with marketing email ticked.
  const email = `sunny.spring.${crypto.randomUUID().slice(0, 8)}@example.com`;
  await chat.getByRole("button", { name: "Share your details" }).click();
  const form = chat.getByRole("form", { name: "Let's connect" });
  await expect(form.getByRole("textbox", { name: "Name" })).toBeFocused();
  const consent = form.getByRole("checkbox", { name: /Send me occasional tips and offers by email/ });
  await expect(consent).not.toBeChecked();
  await form.getByRole("textbox", { name: "Name" }).fill("Sunny Spring");
  await form.getByRole("textbox", { name: "Email" }).fill(email);
  await form.getByRole("textbox", { name: "Company" }).fill("Spring Plumbing");
  await form.getByRole("combobox", { name: "Business type" }).selectOption("Trades and construction");
  await consent.check();
  await form.getByRole("button", { name: "Submit" }).click();

  const summary = contactSummary({ name: "Sunny Spring", email, company: "Spring Plumbing", businessType: "Trades and construction" });
  await expect(userTexts(page)).toHaveText([question, summary]);
  await expect(replies(page)).toHaveCount(3, { timeout: 15_000 });
  await expect(replies(page).nth(2)).not.toHaveAttribute("data-streaming", { timeout: 20_000 });
  // Thanked by name and told when the team will reply, not a generic answer.
  await expect(replies(page).nth(2)).toContainText("Thanks, Sunny! Your details are with our team.");
  await expect(replies(page).nth(2)).toContainText("We reply within one business day");
  await expect(replies(page).nth(2)).not.toContainText("Offline assistant:");
  // The email is known now: the offer to share details is gone.
  await expect(chat.getByRole("button", { name: "Share your details" })).toHaveCount(0);

  // The admin finds the lead, with the campaign it came from and the conversation.
  const admin = await adminPage("/admin/leads");
  await admin.getByRole("searchbox", { name: /Search/ }).fill(email);
  await admin.getByRole("searchbox", { name: /Search/ }).press("Enter");
  await expect(admin).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(email).replace(/\./g, "\\.")}`));
  await expect(admin.getByRole("link", { name: "Sunny Spring" })).toHaveCount(1);
  await admin.getByRole("link", { name: "Sunny Spring" }).click();
  await expect(admin.getByRole("heading", { name: "Sunny Spring" })).toBeVisible();
  await expect(admin.getByText(email).first()).toBeVisible();
  await expect(admin.getByText("newsletter / email / spring-sale").first()).toBeVisible();
  const transcript = admin.getByRole("list", { name: /^Service Assistant conversation/ }).first();
  await expect(transcript).toContainText(question);
  await expect(transcript).toContainText("$150");
  await expect(transcript).toContainText("Sunny Spring");
  // The first question and answer were the browser's copy (the server kept nothing before the details).
  await expect(transcript.getByText("Earlier reply as sent by the visitor's browser (not verified)")).toHaveCount(1);
  await expect(transcript.getByText("Service Assistant", { exact: true })).toHaveCount(1);

  // The tick asked: the address confirms through the emailed link, whose page only asks until its button is pressed.
  await expect(admin.getByText(/^Pending: confirmation email sent/)).toBeVisible();
  const confirmation = await outbox(email, "Please confirm you'd like emails");
  const link = /https?:\/\/\S+\/subscribe\?token=\S+/.exec(confirmation.text_body)?.[0];
  expect(link, "the confirmation link in the email").toBeTruthy();
  await gotoHydrated(page, `${new URL(link!).pathname}${new URL(link!).search}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Yes, send me emails" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
  await admin.reload();
  await expect(admin.getByText(/^Confirmed .+ through the emailed link \(Service Assistant: Let's connect form; asked /)).toBeVisible();
});

test("a failed send takes the message back out and shows the error toast: a server error, a rate limit, a failed reply, an empty stream", async ({
  page,
  expectFailedRequests,
}) => {
  expectFailedRequests({ url: /\/sales-chat$/, status: 500, method: "POST" }, { url: /\/sales-chat$/, status: 429, method: "POST" });
  const rateLimited = "You've sent a lot of messages in a short time. Please wait a minute and try again.";
  const answers = [
    { status: 500, contentType: "application/json", body: JSON.stringify({ error: "Something went wrong.", code: "internal" }) },
    { status: 429, contentType: "application/json", body: JSON.stringify({ error: rateLimited, code: "rate_limited" }) },
    streamed({ event: "delta", data: { text: "Let me" } }, { event: "error", data: { code: "reply_failed", message: SALES_CHAT_ERROR.description } }),
    streamed(),
  ];
  const bodies = await answerSalesChat(page, () => answers[bodies.length - 1]!);
  await gotoHydrated(page, "/about");
  await openAssistant(page);

  const question = "Do you work with cafes?";
  for (const expected of [SALES_CHAT_ERROR.description, rateLimited, SALES_CHAT_ERROR.description, SALES_CHAT_ERROR.description]) {
    await messageBox(page).fill(question);
    await messageBox(page).press("Enter");
    await expect(errorToast(page)).toContainText(expected);
    // The message (and any part of a reply) is gone again.
    await expect(userMessages(page)).toHaveCount(0);
    await expect(replies(page)).toHaveCount(1); // the welcome only
    // Nothing typed is lost: the words are back in the box, and the suggestions are offered again.
    await expect(messageBox(page)).toHaveValue(question);
    await expect(assistant(page).getByRole("group", { name: "Suggested questions" })).toBeVisible();
    await errorToast(page).getByRole("button", { name: "Dismiss notification" }).click();
    await expect(errorToast(page)).toHaveCount(0);
  }
  expect(bodies).toHaveLength(4);
});

test("keyboard only: Tab to the button, Enter opens, Enter sends, Shift+Enter starts a new line, Escape closes; minimise and restore", async ({ page }) => {
  test.setTimeout(60_000);
  await gotoHydrated(page, "/services");
  await expect(launcher(page)).toBeVisible();
  await page.locator("footer a").last().focus();
  await page.keyboard.press("Tab");
  await expect(launcher(page)).toBeFocused();
  await page.keyboard.press("Enter");
  const input = messageBox(page);
  await expect(input).toBeFocused();

  // Blank: nothing is sent.
  await page.keyboard.type("   ");
  await page.keyboard.press("Enter");
  await expect(userMessages(page)).toHaveCount(0);
  await expect(assistant(page).getByRole("button", { name: "Send", exact: true })).toBeDisabled();
  await input.fill("");

  await page.keyboard.type("  Hello there,");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("how do your sessions work?  ");
  await expect(input).toHaveValue("  Hello there,\nhow do your sessions work?  ");
  await page.keyboard.press("Enter");
  // Sent trimmed, the line break kept.
  await expect(userTexts(page)).toHaveText(["Hello there,\nhow do your sessions work?"], { useInnerText: true });
  await expect(input).toHaveValue("");
  // While the reply loads, Enter sends nothing more.
  await page.keyboard.type("And the price?");
  await page.keyboard.press("Enter");
  await expect(input).toHaveValue("And the price?");
  await expect(replies(page).nth(1)).toContainText("Offline assistant:", { timeout: 15_000 });
  await expect(replies(page).nth(1)).not.toHaveAttribute("data-streaming", { timeout: 20_000 });
  await expect(userMessages(page)).toHaveCount(1);

  // Minimise (from the title bar, reached with Shift+Tab), then restore.
  const minimise = assistant(page).getByRole("button", { name: "Minimise the Service Assistant" });
  await tabTo(page, minimise, "Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(input).toBeHidden();
  const restore = assistant(page).getByRole("button", { name: "Restore the Service Assistant" });
  await expect(restore).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(input).toBeFocused();
  await expect(input).toHaveValue("And the price?");

  // Escape closes; focus goes back to the button, and the conversation is still there when reopened.
  await page.keyboard.press("Escape");
  await expect(assistant(page)).toHaveCount(0);
  await expect(launcher(page)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(input).toBeFocused();
  await expect(userMessages(page)).toHaveCount(1);

  // The conversation and the window's state last across pages in this tab.
  await page.reload();
  await page.waitForFunction(() => (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
  await expect(assistant(page)).toBeVisible();
  await expect(userMessages(page)).toHaveCount(1);
  await expect(replies(page).nth(1)).toContainText("Offline assistant:");
});

test("the widget passes axe: closed, open, with the contact form and its errors, and minimised", async ({ page, expectFailedRequests }) => {
  expectFailedRequests({ url: /\/sales-chat$/, status: 400, method: "POST" });
  const bodies = await answerSalesChat(page, (body) =>
    body.contactInfo
      ? {
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({
            error: "Please enter a valid email address",
            code: "invalid_contact",
            fields: { email: "That email address can't receive mail" },
          }),
        }
      : cannedReply("Sessions start from **$150** per hour, including GST."),
  );
  await gotoHydrated(page, "/");
  await expect(launcher(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await openAssistant(page);
  await expectNoSeriousA11yViolations(page);

  await messageBox(page).fill("What does it cost?");
  await messageBox(page).press("Enter");
  await expect(replies(page).nth(1)).toContainText("$150");
  await expect(replies(page).nth(1).locator("strong")).toHaveText("$150");

  // The form checks its own fields first: focus goes to the first problem, described by its message.
  await assistant(page).getByRole("button", { name: "Share your details" }).click();
  const form = assistant(page).getByRole("form", { name: "Let's connect" });
  await form.getByRole("button", { name: "Submit" }).click();
  const name = form.getByRole("textbox", { name: "Name" });
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Please enter your name");
  await name.fill("Ada Audit");
  await form.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByRole("textbox", { name: "Email" })).toBeFocused();
  await expect(form.getByRole("textbox", { name: "Email" })).toHaveAccessibleDescription(/valid email address/);
  await expectNoSeriousA11yViolations(page);

  // The server refuses the email: its words appear on the field; the details are not kept.
  await form.getByRole("textbox", { name: "Email" }).fill("ada@example.com");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(errorToast(page)).toContainText(SALES_CHAT_ERROR.description);
  await expect(form.getByRole("textbox", { name: "Email" })).toHaveAccessibleDescription("That email address can't receive mail");
  await expect(form.getByRole("textbox", { name: "Email" })).toBeFocused();
  expect(bodies.at(-1)?.contactInfo).toMatchObject({ name: "Ada Audit", email: "ada@example.com", marketingConsent: false });
  await expectNoSeriousA11yViolations(page);
  await form.getByRole("button", { name: "Skip" }).click();
  await expect(form).toHaveCount(0);
  // The summary was taken back out, and the offer to share details is still there.
  await expect(userTexts(page)).toHaveText(["What does it cost?"]);
  await expect(assistant(page).getByRole("button", { name: "Share your details" })).toBeFocused();

  await assistant(page).getByRole("button", { name: "Minimise the Service Assistant" }).click();
  await expectNoSeriousA11yViolations(page);
});

test("Start new conversation clears the messages and contact details; details shared go with every later message", async ({ page }) => {
  let replyNumber = 0;
  const bodies = await answerSalesChat(page, () => cannedReply(`Reply number ${++replyNumber}.`));
  await gotoHydrated(page, "/contact");
  await openAssistant(page);

  await messageBox(page).fill("Hi there");
  await messageBox(page).press("Enter");
  await expect(replies(page).nth(1)).toHaveText(/Reply number 1\./);
  await assistant(page).getByRole("button", { name: "Share your details" }).click();
  const form = assistant(page).getByRole("form", { name: "Let's connect" });
  await form.getByRole("textbox", { name: "Name" }).fill("Nell New");
  await form.getByRole("textbox", { name: "Email" }).fill("nell@example.com");
  await form.getByRole("textbox", { name: "Phone" }).fill("0412 345 678");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(replies(page).nth(2)).toHaveText(/Reply number 2\./);
  await expect(messageBox(page)).toBeFocused();
  await messageBox(page).fill("One more thing");
  await messageBox(page).press("Enter");
  await expect(replies(page).nth(3)).toHaveText(/Reply number 3\./);

  // What was sent: the earlier messages, the same conversation and page, and the details once shared.
  const [first, shared, later] = bodies;
  expect(first).toMatchObject({ message: "Hi there", conversationHistory: [], contactInfo: null, pagePath: "/contact" });
  expect(first!.conversationId).toMatch(/^[0-9a-f-]{36}$/);
  const contact = { name: "Nell New", email: "nell@example.com", phone: "0412 345 678", marketingConsent: false };
  expect(shared).toMatchObject({ message: contactSummary(contact), contactInfo: contact, conversationId: first!.conversationId });
  expect(shared!.conversationHistory).toEqual([
    { role: "user", content: "Hi there" },
    { role: "assistant", content: "Reply number 1." },
  ]);
  expect(later).toMatchObject({ message: "One more thing", contactInfo: contact, conversationId: first!.conversationId, pagePath: "/contact" });
  expect(later!.conversationHistory).toHaveLength(4);

  await assistant(page).getByRole("button", { name: "Start new conversation" }).click();
  await expect(userMessages(page)).toHaveCount(0);
  await expect(replies(page)).toHaveCount(1);
  await expect(assistant(page).getByRole("group", { name: "Suggested questions" })).toBeVisible();
  await expect(assistant(page).getByRole("button", { name: "Start new conversation" })).toHaveCount(0);
  const saved = await page.evaluate(() => JSON.parse(sessionStorage.getItem("clarityai:sales-chat") ?? "null") as Record<string, unknown>);
  expect(saved).toMatchObject({ messages: [], contactInfo: null });

  // The next message starts afresh: no history, no details, a new conversation; the offer to share details is back.
  await assistant(page).getByRole("button", { name: "How does the free discovery call work?" }).click();
  await expect(replies(page).nth(1)).toHaveText(/Reply number 4\./);
  const fresh = bodies.at(-1)!;
  expect(fresh).toMatchObject({ message: "How does the free discovery call work?", conversationHistory: [], contactInfo: null });
  expect(fresh.conversationId).not.toBe(first!.conversationId);
  await expect(assistant(page).getByRole("button", { name: "Share your details" })).toBeVisible();
});

test("signed in, one chat button offers both chats; it sits above the phone booking bar and clear of notifications", async ({ page, login }) => {
  await login({ firstName: "Flo", lastName: "Floating" });
  type Box = { x: number; y: number; width: number; height: number };
  const overlap = (p: Box, q: Box) => p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
  const chatButton = page.getByRole("button", { name: "Chat", exact: true });
  const floatingButtons = page.locator(".floating-widgets").getByRole("button");

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
    { width: 320, height: 640 },
  ]) {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, "/about");
    // One button, not two side by side.
    await expect(floatingButtons).toHaveCount(1);
    const box = (await chatButton.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    if (viewport.width <= 640) {
      const bar = (await page.getByRole("complementary", { name: "Free discovery call" }).boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
    }
    // Its menu offers both chats, inside the screen.
    await chatButton.click();
    const menu = (await page.getByRole("menu", { name: "Chat" }).boundingBox())!;
    expect(menu.x).toBeGreaterThanOrEqual(0);
    expect(menu.y).toBeGreaterThanOrEqual(0);
    await expect(page.getByRole("menuitem")).toHaveText([/^Ask ClarityAI/, /^Chat with us/]);
    await page.keyboard.press("Escape");

    // A notification never lies over the button: it keeps its corner on wide screens (the button steps
    // up above it) and sits at the top of a phone's screen.
    await gotoHydrated(page, "/contact");
    const form = page.locator("main form");
    await form.getByLabel("Name").fill("Flo Floating");
    await form.getByLabel("Email").fill(`flo.${crypto.randomUUID().slice(0, 8)}@example.com`);
    await form.getByRole("button", { name: "Send message" }).click();
    const toast = page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");
    await expect(toast).toContainText("Thanks — your message is with us");
    await toast.hover(); // hovering keeps it open while it is measured
    const toastBox = (await toast.boundingBox())!;
    await expect
      .poll(async () => overlap((await chatButton.boundingBox())!, toastBox), { message: `the button clear of the notification at ${viewport.width} px` })
      .toBe(false);
    if (viewport.width > 640) expect((await chatButton.boundingBox())!.y + box.height).toBeLessThanOrEqual(toastBox.y);
    else expect(toastBox.y + toastBox.height).toBeLessThan(viewport.height / 2);
  }

  // On a wide screen the notifications sit beside an open window.
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, "/about");
  await chatButton.click();
  await page.getByRole("menuitem", { name: "Chat with us" }).click();
  await expect(assistant(page)).toBeVisible();
  const window = (await assistant(page).boundingBox())!;
  const notifications = await page.getByRole("region", { name: "Notifications (F8)" }).evaluate((element) => element.getBoundingClientRect().toJSON() as Box);
  expect(notifications.x + notifications.width).toBeLessThanOrEqual(window.x);
});
