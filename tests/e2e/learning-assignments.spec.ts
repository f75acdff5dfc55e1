import { startSession } from "./factories";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// A coach assigns a lesson from the session's record, beside the notes, with a due date and a note;
// the client is emailed, opens the lesson and marks it complete; the coach sees it completed on the
// client's page. Accessible, and no wider than a 390 px phone.

const LESSON_ID = "cash-flow-profit-is-not-cash";
const LESSON_TITLE = "Profit is not cash";

test("a coach assigns a lesson from the session record and sees it completed on the client's page once the client marks it complete", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
  login,
  createUser,
  outbox,
}) => {
  const coach = await login({ firstName: "Jordan", lastName: "Ellis", roles: ["coach"] });
  const client = await createUser({ firstName: "Test", lastName: "Client", roles: ["client"] });
  const booked = await page.request.post("/__test/bookings", { data: { coachEmail: coach.email, clientEmail: client.email, startsInMinutes: -90 } });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id: meetingId } = (await booked.json()) as { id: string };

  // The coach, on a phone, after the call: the lessons panel beside the notes.
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, `/meeting/${meetingId}/record`);
  const panel = page.getByRole("region", { name: "Lessons for Test Client" });
  await expect(panel.getByText("No lessons assigned to Test Client yet.")).toBeVisible();
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await panel.getByLabel("Lesson", { exact: true }).selectOption({ label: LESSON_TITLE });
  await panel.getByLabel("Due date (optional)").fill(due);
  await panel.getByLabel("Note for Test Client (optional)").fill("Read this before we build your forecast.");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await panel.getByRole("button", { name: "Assign lesson" }).click();
  await expect(page.getByText(`Lesson assigned: ${LESSON_TITLE}`)).toBeVisible();
  const assigned = panel.getByTestId("assigned-lesson");
  await expect(assigned).toHaveCount(1);
  await expect(assigned).toContainText(LESSON_TITLE);
  await expect(assigned).toContainText("Not completed yet");
  await expect(assigned).toContainText("Read this before we build your forecast.");

  // The client's email names the lesson and links to it.
  const email = await outbox(client.email, "Your coach assigned you a lesson");
  expect(email.subject).toContain(LESSON_TITLE);
  expect(email.text_body).toContain(`/learning/lesson/${LESSON_ID}`);

  // The client, in a browser of their own, opens the lesson and marks it complete.
  const clientContext = await browser.newContext({ baseURL, extraHTTPHeaders });
  try {
    await startSession(clientContext.request, client);
    const clientPage = await clientContext.newPage();
    await gotoHydrated(clientPage, `/learning/lesson/${LESSON_ID}`);
    await expect(clientPage.getByRole("heading", { level: 1, name: LESSON_TITLE })).toBeVisible();
    await clientPage.getByRole("button", { name: "Mark complete" }).click();
    await expect(clientPage.getByRole("heading", { name: "You've completed this lesson" })).toBeVisible();
  } finally {
    await clientContext.close();
  }

  // The coach, on a desktop, on the client's page: the assignment is completed.
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, "/coach/clients");
  await page.getByRole("link", { name: "Test Client" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Test Client" })).toBeVisible();
  const learning = page.getByRole("region", { name: "Lessons you assigned" });
  await expect(learning.getByText("1 of 1 assigned lesson completed.")).toBeVisible();
  await expect(learning.getByTestId("assigned-lesson")).toContainText(/Completed \d{1,2} \w+ \d{4}/);
  await expect(page.getByRole("region", { name: "Worksheets Test Client shared with you" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
