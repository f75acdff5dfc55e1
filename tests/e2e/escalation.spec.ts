import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";
import { giveAiSubscription } from "./factories";

// Expert escalation end to end: a Pro subscriber asks ClarityAI a question and presses "Ask an
// expert"; an admin finds it in /admin/escalations, assigns it, replies and resolves it; the client
// then sees the expert's reply in their conversation, and the review marked complete.

test("a Pro subscriber asks for an expert, an admin assigns, replies and resolves, and the client sees the reply", async ({
  page,
  login,
  adminPage,
  outbox,
}) => {
  test.setTimeout(90_000);
  const client = await login({ firstName: "Matilda", lastName: "Escalates" });
  await giveAiSubscription(page, "pro");

  // The client asks a question and waits for ClarityAI's answer.
  await gotoHydrated(page, "/profile?tab=ai-assistant");
  const question = "Should I restructure my café business into a company before buying a second site?";
  await page.getByPlaceholder("Ask me anything about your business...").fill(question);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const log = page.getByRole("region", { name: "Conversation with ClarityAI" });
  await expect(log.getByText(question)).toBeVisible();
  const askExpert = page.getByRole("button", { name: "Ask an expert" });
  await expect(askExpert).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Stop" })).toHaveCount(0, { timeout: 30_000 });

  // "Ask an expert": the SPEC §8 toast, and the question marked as waiting for review.
  await askExpert.click();
  await expect(page.getByText("Expert Review Requested", { exact: true })).toBeVisible();
  await expect(log.getByText("Expert review requested", { exact: true })).toBeVisible();
  const conversationUrl = page.url();
  expect(conversationUrl).toMatch(/[?&]c=[0-9a-f-]{36}/);

  // The admin finds it, oldest waiting first, with the client's details.
  const admin = await adminPage("/admin/escalations");
  const row = admin.getByRole("row", { name: new RegExp(client.email.replace(/[.+]/g, "\\$&")) });
  await expect(row).toContainText("Matilda Escalates");
  await expect(row).toContainText("The client");
  await expect(row).toContainText("Open");
  await row.getByRole("link", { name: "Matilda Escalates" }).click();
  await expect(admin.getByRole("heading", { name: "Escalation from Matilda Escalates" })).toBeVisible();
  await expect(admin.getByRole("list", { name: "Conversation when the escalation was raised" })).toContainText(question);
  await expectNoSeriousA11yViolations(admin);

  // Assign it to themselves (the default choice).
  await admin.getByRole("button", { name: "Assign" }).click();
  await expect(admin.getByText("Escalation assigned")).toBeVisible();
  await expect(admin.locator(".escalation-status").first()).toHaveText("Assigned");

  // Reply: emailed to the client and added to their conversation.
  const reply = "Talk to your accountant before you sign the lease: a company suits a second site, but the timing matters for tax.";
  await admin.getByLabel("Your reply").fill(reply);
  await admin.getByRole("button", { name: "Send reply" }).click();
  await expect(admin.getByText("Reply sent")).toBeVisible();
  await expect(admin.getByText("It's also in their conversation with ClarityAI.")).toBeVisible();
  const email = await outbox(client.email, "A ClarityAI expert has replied");
  expect(email.text_body).toContain(reply);

  // Resolve.
  await admin.getByRole("button", { name: "Mark as resolved" }).click();
  await expect(admin.getByText("Escalation resolved")).toBeVisible();
  await expect(admin.locator(".escalation-status").first()).toHaveText("Resolved");

  // The client, back in their conversation, sees the expert's reply and the review complete.
  await gotoHydrated(page, conversationUrl);
  const expert = log.locator(".coach-message-expert");
  await expect(expert).toContainText("ClarityAI expert");
  await expect(expert).toContainText(reply);
  await expect(log.getByText("Expert review complete")).toBeVisible();
});
