import { chooseDay } from "./booking-steps";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";
import { createOpenMeeting, startSession } from "./factories";

// The meeting page before its room opens, on a phone: when the session starts and when the room
// opens in the browser's own time zone (the client's profile names none), and the calendar links.

test.use({ viewport: { width: 390, height: 844 }, timezoneId: "Australia/Adelaide" });

test("at 390 px, a session whose room isn't open yet says when, in the browser's zone, with its calendar links", async ({ page, login }) => {
  await login({ firstName: "Noa", lastName: "Quinn" });
  await gotoHydrated(page, "/booking?type=discovery&coach=daniel-oconnor&tz=Australia/Sydney");
  await chooseDay(page, 1);
  await page
    .getByRole("region", { name: /^Times on / })
    .getByRole("link")
    .first()
    .click();
  const form = page.locator("main form");
  await form.getByLabel("Name").fill("Noa Quinn");
  await form.getByRole("button", { name: "Book my free call" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("is booked");

  const room = page.getByRole("region", { name: "Joining the call" }).getByRole("link");
  const href = (await room.getAttribute("href"))!;
  expect(href).toMatch(/^\/meeting\/[\w-]+$/);
  await gotoHydrated(page, href);
  // Booked in Sydney time, but the page follows the browser (Adelaide) once it has read its zone.
  await expect(page).toHaveURL(new RegExp(`${href}\\?tz=Australia%2FAdelaide$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The room isn't open yet");
  await expect(page.getByText(/^Your session starts \w+day \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m AC[DS]T\.$/)).toBeVisible();
  await expect(page.getByText(/^The room opens at \d{1,2}:\d{2} [ap]m AC[DS]T (tomorrow|on \w+day)/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Download calendar file (.ics)" })).toHaveAttribute("href", `/booking/${href.split("/").pop()}.ics`);
  await expect(page.getByRole("link", { name: /Add to Google Calendar/ })).toHaveAttribute("href", /^https:\/\/calendar\.google\.com\//);
  await expect(page.getByRole("link", { name: /Add to Outlook/ })).toHaveAttribute("href", /^https:\/\/outlook\.live\.com\//);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
});

test("without JavaScript, the open room says the call needs it and what to do", async ({ page, browser, baseURL, extraHTTPHeaders, createUser, login }) => {
  const coach = await createUser({ roles: ["coach"] });
  const client = await login({ firstName: "Jo" });
  const meetingId = await createOpenMeeting(page.request, { coach, client });
  const context = await browser.newContext({ baseURL, extraHTTPHeaders, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const noScript = await context.newPage();
  await startSession(noScript.request, client);
  await noScript.goto(`/meeting/${meetingId}`);
  await expect(noScript.getByRole("heading", { name: "The video call needs JavaScript" })).toBeVisible();
  await expect(noScript.getByText(/Turn JavaScript on for this site/)).toBeVisible();
  await context.close();
});
