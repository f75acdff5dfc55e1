import type { Browser, Page } from "@playwright/test";
import { chooseDay, timeLinks } from "./booking-steps";
import { startSession, uniqueEmail, type TestUser } from "./factories";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, settled, test } from "./fixtures";

// The coach network from end to end: a visitor applies with a CV, an admin approves, the invited
// coach sets a password from the emailed link, completes onboarding (photo, agreement, ABN, payouts
// through the sandbox) and weekly hours; a client finds the coach by specialty on the booking page
// and pays for a session; the two meet in the meeting room (the booking moved to start now by the
// journeys' server, PATCH /__test/bookings); the coach marks it completed and writes a private note;
// this month's earnings (the statement for the month is issued once the month is over) show the
// session at the 85% share. Runs in the "meeting" project: the room needs the fake camera.

const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
/** A 1 × 1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64");
const BIO = "Twelve years running and advising retail stores across Victoria: stock, margins, rosters and the marketing that fills the shop on a wet Tuesday.";
const PASSWORD = "Harbour-Lights-Sunrise-7";

async function contextPage(browser: Browser, baseURL: string | undefined, extraHTTPHeaders: Record<string, string> | undefined, user?: TestUser) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders, permissions: ["camera", "microphone"] });
  const page = await context.newPage();
  if (user) await startSession(page.request, user);
  return page;
}

/** Joins the call from the room's lobby. */
async function joinRoom(page: Page, meetingId: string) {
  await gotoHydrated(page, `/meeting/${meetingId}`);
  const join = page.getByRole("button", { name: /^Join (now|the call)$/ });
  await expect(join).toBeEnabled();
  await join.click();
}

const remoteVideoWidth = (page: Page) =>
  page
    .getByTestId("remote-tile")
    .locator("video")
    .evaluate((video: HTMLVideoElement) => video.videoWidth);

test("a visitor applies, is approved, onboards as a coach, is booked and paid, meets the client, and earns the 85% share", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
  adminPage,
  outbox,
  createUser,
  browserLog,
}) => {
  test.setTimeout(180_000);
  const suffix = crypto.randomUUID().slice(0, 6);
  const lastName = `Journey${suffix}`;
  const name = `Rosa ${lastName}`;
  const email = uniqueEmail("rosa");

  // ── The application, with a CV.
  await gotoHydrated(page, "/coach-registration");
  await page.getByLabel("First name").fill("Rosa");
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("0412 345 678");
  await page.getByLabel("State or territory").selectOption("VIC");
  await page.getByLabel("Time zone").selectOption("Australia/Melbourne");
  await page.getByLabel("ABN").fill("51 824 753 556");
  await page.locator("#gst-no").check();
  await page.getByLabel("Operational improvement").check();
  await page.getByLabel("Retail and e-commerce").check();
  await page.getByLabel("Years of experience").fill("12");
  await page.getByLabel("Hours available each week").fill("10");
  await page.getByLabel("Qualifications").fill("Graduate Certificate in Executive Coaching");
  await page.getByLabel("A short bio").fill(BIO);
  await page.locator("#field-cv").setInputFiles({ name: "Rosa CV.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByLabel(/I agree to the coach terms/).check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Application received — thank you" })).toBeVisible();

  // ── An admin approves it.
  const admin = await adminPage("/admin/coach-applications");
  await admin.getByLabel("Search by name, email or phone").fill(email);
  await admin.getByRole("button", { name: "Show", exact: true }).click();
  // The unfiltered list is still on screen until the search's answer arrives.
  await expect(admin).toHaveURL(/[?&]q=/);
  await settled(admin);
  await admin.getByRole("link", { name }).click();
  await expect(admin.getByRole("link", { name: /Rosa CV\.pdf/ })).toBeVisible();
  await admin.getByRole("button", { name: "Start review" }).click();
  await expect(admin.getByText("Review started")).toBeVisible();
  await admin.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("Application approved")).toBeVisible();
  await settled(admin);
  await admin.context().close();

  // ── The invitation email: the coach sets a password and lands in the portal.
  const invitation = await outbox(email, "You're invited to ClarityAI Coaching");
  const link = new URL(/(https?:\/\/\S+\/auth\/invite\?\S+)/.exec(invitation.text_body)?.[1] ?? "");
  await gotoHydrated(page, `${link.pathname}${link.search}`);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password and continue" }).click();
  await expect(page).toHaveURL(/\/coach$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Rosa" })).toBeVisible();

  // ── Onboarding: the profile (bio, specialties and industries came with the application) gets a photo.
  await gotoHydrated(page, "/coach/profile");
  await page.getByLabel("Choose a photo").setInputFiles({ name: "rosa.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Upload photo" }).click();
  await expect(page.getByRole("img", { name: `${name}, as clients see you` })).toBeVisible();
  const profile = page.locator("#public-profile");
  await expect(profile.getByLabel("Bio")).toHaveValue(BIO);
  await expect(profile.getByLabel("Operational improvement")).toBeChecked();
  // The ABN from the application, confirmed.
  const tax = page.locator("#tax-details");
  await tax.getByLabel("Legal or business name").fill(`${name} Consulting`);
  await expect(tax.getByLabel("ABN")).toHaveValue(/51 ?824 ?753 ?556/);
  await tax.getByLabel("No, I'm not registered for GST").check();
  await tax.getByLabel("I confirm these details are correct").check();
  await tax.getByRole("button", { name: "Confirm ABN and GST" }).click();
  await expect(page.getByText("Tax details confirmed")).toBeVisible();

  await gotoHydrated(page, "/coach/agreement");
  await page.getByLabel(/I have read and accept the coach agreement/).check();
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page).toHaveURL(/\/coach\/onboarding$/);
  await expect(page.getByText("3 of 5 steps done.")).toBeVisible();

  // Weekly hours: approval left the week empty; the coach works Mondays and Thursdays, 9 to 5.
  await gotoHydrated(page, "/coach/availability");
  await expect(page.getByLabel("Name clients see")).toHaveValue(name);
  for (const day of ["Monday", "Thursday"]) {
    await page.getByRole("button", { name: `Add hours on ${day}` }).click();
    await settled(page);
    await page.getByLabel(`${day} from (block 1)`).fill("09:00");
    await page.getByLabel(`${day} until (block 1)`).fill("17:00");
  }
  await page.getByLabel("Accepting new bookings").check();
  await page.locator("main").getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByText("Schedule saved")).toBeVisible();
  await settled(page);

  // Payouts, through the payments sandbox's stand-in for Stripe's form.
  await gotoHydrated(page, "/coach/payouts");
  await page.getByRole("button", { name: "Set up payouts with Stripe" }).click();
  await expect(page.getByRole("heading", { name: "Set up your payout account" })).toBeVisible();
  await settled(page);
  await page.getByRole("button", { name: "Submit details" }).click();
  await expect(page).toHaveURL(/\/coach\/payouts$/);
  await expect(page.getByTestId("payout-state")).toHaveText("Active");

  await gotoHydrated(page, "/coach/onboarding");
  await expect(page.getByText("You're all set: clients can find and book you on the booking page.")).toBeVisible();

  // ── A client finds the coach by specialty and pays for a session in the sandbox.
  const clientUser = await createUser({ firstName: "Noah", lastName: `Client${suffix}` });
  const client = await contextPage(browser, baseURL, extraHTTPHeaders, clientUser);
  browserLog.watch(client);
  await gotoHydrated(client, "/booking?type=session-60&tz=Australia%2FSydney");
  await client.getByLabel("Specialty").selectOption({ label: "Operational improvement" });
  await client.getByRole("button", { name: "Show coaches" }).click();
  await expect(client).toHaveURL(/specialty=operational-improvement/);
  const card = client.locator(".booking-option", { has: client.getByRole("heading", { name }) });
  await expect(card).toContainText(BIO);
  await card.getByRole("link", { name: `Choose ${name}` }).click();
  // The first day offered is already shown: choosing it again reloads its times, awaited before choosing one.
  await chooseDay(client, 0);
  await settled(client);
  await timeLinks(client).first().click();
  const form = client.locator("main form");
  await expect(form.getByLabel("Email")).toHaveValue(clientUser.email);
  await form.getByLabel("Name").fill(`Noah Client${suffix}`);
  await form.getByRole("button", { name: "Continue to payment" }).click();
  await expect(client).toHaveURL(/\/payments-sandbox\/checkout\//);
  await client.getByRole("button", { name: "Pay A$150.00" }).click();
  await expect(client).toHaveURL(/\/booking-confirmation\?booking=[\w-]+&session_id=/);
  await expect(client.getByRole("heading", { level: 1 })).toContainText("is booked", { timeout: 15_000 });
  const bookingId = new URL(client.url()).searchParams.get("booking")!;

  // The dashboard lists the new booking.
  await gotoHydrated(page, "/coach");
  await expect(page.getByRole("heading", { name: "New bookings" })).toBeVisible();
  await expect(page.getByText(`Noah Client${suffix}`).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // ── The booked day is days away: the session is moved to have started a minute ago, and the two meet.
  const moved = await page.request.patch("/__test/bookings", { data: { id: bookingId, startsInMinutes: -1 } });
  expect(moved.status(), await moved.text()).toBe(204);
  await joinRoom(page, bookingId);
  await joinRoom(client, bookingId);
  await expect.poll(() => remoteVideoWidth(client)).toBeGreaterThan(0);
  await expect.poll(() => remoteVideoWidth(page)).toBeGreaterThan(0);
  await client.getByRole("toolbar", { name: "Call controls" }).getByRole("button", { name: "Leave" }).click();
  await client.context().close();

  // ── The coach marks it completed and writes a private note.
  await gotoHydrated(page, `/meeting/${bookingId}/record`);
  const outcome = page.locator("#outcome");
  await outcome.getByRole("button", { name: "Mark completed" }).click();
  await expect(outcome.getByRole("button", { name: "Mark completed" })).toHaveAttribute("aria-pressed", "true");
  await expect(outcome).toContainText("Completed");
  const notes = page.locator("#notes");
  await notes.getByLabel("Your notes").fill("Wants a stocktake rhythm before Christmas; follow up on the loyalty offer.");
  await notes.getByRole("button", { name: "Save notes" }).click();
  await settled(page);
  await page.reload();
  await expect(page.locator("#notes").getByLabel("Your notes")).toHaveValue(/stocktake rhythm/);

  // ── This month's earnings: A$150 paid, GST A$13.64, fee A$20.45, the 85% share A$115.91.
  await gotoHydrated(page, "/coach/earnings");
  const summary = page.locator(".earnings-summary");
  await expect(summary).toContainText("A$115.91");
  const line = page.getByRole("table").getByRole("row").filter({ hasText: "A$150.00" });
  await expect(line).toHaveCount(1);
  await expect(line.getByRole("cell")).toContainText(["A$150.00", "A$13.64", "A$20.45", "85%", "A$115.91"]);
  await expectNoSeriousA11yViolations(page);
});
