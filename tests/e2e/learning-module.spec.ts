import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// A module from start to certificate, on a phone and on a desktop: the module page lists its
// lessons, each is marked complete on its lesson page, the quiz is taken (a first attempt, its
// feedback, and a retake with the right answers), the certificate is downloaded as a PDF, and its
// public verification page checks out for a visitor. On the phone the owner also fills the
// forecast worksheet and downloads it, leaves before the last lesson, and comes back through
// "Continue where you left off". A locked module shows the way to unlock it.

const VIEWPORTS = [
  { name: "390 px", size: { width: 390, height: 844 } },
  { name: "desktop", size: { width: 1280, height: 800 } },
];
const MODULE = "/learning/module/cash-flow";

async function expectNoSideScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** On the forecast lesson: a few weeks of the owner's figures, saved, then the workbook downloaded and opened. */
async function fillForecastAndDownload(page: Page) {
  const worksheet = page.locator("#worksheet");
  await expect(worksheet.getByRole("button", { name: "Add a receipt line" })).toBeVisible();
  await worksheet.getByLabel("Opening bank balance").fill("12,000");
  for (let week = 1; week <= 3; week++) {
    await worksheet.getByLabel(`Sales paid on the day (cash, card), Week ${week}`, { exact: true }).fill("5000");
    await worksheet.getByLabel(`Wages and super, Week ${week}`, { exact: true }).fill("3000");
  }
  await worksheet.getByLabel("BAS (GST and PAYG withholding), Week 2", { exact: true }).fill("9000");
  // 12,000 + 2,000 = 14,000 after week 1; week 2 pays the BAS: 7,000, the lowest.
  await expect(worksheet.getByTestId("forecast-lowest")).toHaveText("$7,000.00 in Week 2");
  await worksheet.getByRole("button", { name: "Save worksheet" }).click();
  await expect(worksheet.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), worksheet.getByRole("link", { name: "Download Excel (.xlsx)" }).click()]);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(strFromU8(files["xl/worksheets/sheet1.xml"]!)).toMatch(/<f>MIN\(B\d+:N\d+\)<\/f><v>7000<\/v>/);
}

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.name}: a learner completes the lessons${viewport.size.width < 500 ? " (filling and downloading the forecast, and coming back through Continue)" : ""}, passes the quiz on a retake and downloads their certificate`, async ({
    page,
    browser,
    login,
  }) => {
    // Every lesson of the module, the quiz twice and axe on five pages: a long journey.
    test.setTimeout(120_000);
    await page.setViewportSize(viewport.size);
    await login({ firstName: "Ruby", lastName: "Tran" });
    await gotoHydrated(page, MODULE);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    await expect(page.getByText(/^0 of \d+ lessons? complete$/)).toBeVisible();
    await expectNoSideScroll(page, viewport.size.width);
    await expectNoSeriousA11yViolations(page);

    const lessons = page.getByRole("region", { name: "Lessons" }).getByRole("link");
    const hrefs = await lessons.evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    expect(hrefs.length).toBeGreaterThan(1);
    const phone = viewport.size.width < 500;
    for (const [index, href] of hrefs.entries()) {
      await gotoHydrated(page, href);
      if (phone && href.endsWith("/cash-flow-13-week-forecast")) await fillForecastAndDownload(page);
      // On the phone the owner leaves before the last lesson and comes back to it through the hub.
      if (phone && index === hrefs.length - 1) {
        await gotoHydrated(page, "/");
        await gotoHydrated(page, "/learning");
        const resume = page.getByRole("region", { name: "Continue where you left off" });
        await expect(resume).toContainText("Cash flow and a 13-week forecast");
        await resume.getByRole("link", { name: /^Continue lesson/ }).click();
        await expect(page).toHaveURL(new RegExp(`${escapeRegExp(href)}$`));
        await expect(page.getByRole("button", { name: "Mark complete" })).toBeVisible();
      }
      await page.getByRole("button", { name: "Mark complete" }).click();
      await expect(page.getByText(/^Marked complete\./)).toBeVisible();
    }

    await gotoHydrated(page, MODULE);
    await expect(page.getByText(`${hrefs.length} of ${hrefs.length} ${hrefs.length === 1 ? "lesson" : "lessons"} complete`)).toBeVisible();
    await page.getByRole("link", { name: "Take the quiz" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Quiz: /);
    await expectNoSideScroll(page, viewport.size.width);
    await expectNoSeriousA11yViolations(page);

    // A first attempt with the last option of every question: the result explains each answer.
    const questions = page.locator("main fieldset");
    const count = await questions.count();
    for (let i = 0; i < count; i += 1) await questions.nth(i).getByRole("radio").last().check();
    await page.getByRole("button", { name: "Submit my answers" }).click();
    await expect(page.getByRole("heading", { name: /^(You passed the quiz|Not quite — you can try again)$/ })).toBeFocused();
    await expect(page.getByText(/^You scored \d+ out of \d+ \(\d+%\)\. The pass mark is \d+%\.$/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    if (await page.getByRole("heading", { name: "Not quite — you can try again" }).isVisible()) {
      const feedback = page.locator("main .course-feedback > li");
      const rightAnswers = await feedback.evaluateAll((items) =>
        items.map((item) =>
          item.getAttribute("data-correct") === "true" ? null : (/Right answer: (.*)$/m.exec((item as HTMLElement).innerText)?.[1] ?? null),
        ),
      );
      await page.getByRole("link", { name: "Retake the quiz" }).click();
      await expect(page.getByRole("button", { name: "Submit my answers" })).toBeVisible();
      for (let i = 0; i < count; i += 1) {
        const right = rightAnswers[i];
        const question = questions.nth(i);
        if (right === null || right === undefined) await question.getByRole("radio").last().check();
        else await question.getByRole("radio", { name: new RegExp(`^[A-J]\\. ${escapeRegExp(right.trim())}$`) }).check();
      }
      await page.getByRole("button", { name: "Submit my answers" }).click();
    }
    await expect(page.getByRole("heading", { name: "You passed the quiz" })).toBeVisible();
    await expect(page.getByText("You've completed the module and earned your certificate.")).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download your certificate (PDF)" }).click()]);
    expect(download.suggestedFilename()).toBe("certificate-cash-flow.pdf");
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("(Ruby Tran) Tj");

    await gotoHydrated(page, MODULE);
    await expect(page.getByText("Passed.")).toBeVisible();
    const verify = page.getByRole("region", { name: "Certificate of completion" }).getByRole("link", { name: /\/certificates\// });
    const verifyUrl = new URL((await verify.getAttribute("href"))!);
    await expectNoSideScroll(page, viewport.size.width);
    await expectNoSeriousA11yViolations(page);

    // Anyone holding the link can check it, signed in or not.
    const visitorContext = await browser.newContext({ viewport: viewport.size });
    const visitor = await visitorContext.newPage();
    await gotoHydrated(visitor, verifyUrl.pathname);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("This certificate is valid");
    await expect(visitor.getByText("Ruby Tran")).toBeVisible();
    await expectNoSideScroll(visitor, viewport.size.width);
    await expectNoSeriousA11yViolations(visitor);
    await visitorContext.close();
  });
}

test("a module for subscribers shows what it covers and the way to the ClarityAI plans", async ({ page, login }) => {
  await login();
  await gotoHydrated(page, "/learning/module/pricing-margins");
  await expect(page.getByRole("heading", { name: "This module is part of ClarityAI" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Lessons" }).getByRole("listitem").first()).toContainText("Locked");
  await expect(page.getByRole("region", { name: "Lessons" }).getByRole("link")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "See the ClarityAI plans" }).first().click();
  await expect(page).toHaveURL(/\/services\/clarityai#plans$/);
});
