import { readFileSync } from "node:fs";
import { DEMO_ADMIN } from "./factories";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The admins' lead list: reached from the admin navigation, searched, a demo lead opened and
// followed up (status, owner, notes kept after a reload), and the list downloaded as CSV.

test("an admin finds a demo lead, records the follow-up and downloads the leads as CSV", async ({ page, login }) => {
  await login({ ...DEMO_ADMIN, firstName: "Priya", lastName: "Sharma" });
  await gotoHydrated(page, "/admin");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Leads" }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await expect(page.getByRole("heading", { level: 2, name: "Leads" })).toBeVisible();
  // Every column is filled on a fresh machine: the Service Assistant demo lead came from a Google Ads click.
  const table = page.getByRole("table", { name: "Leads", exact: true });
  const chatRow = table.getByRole("row", { name: /Demo: Mei Chen/ });
  await expect(chatRow).toContainText("Service Assistant");
  await expect(chatRow).toContainText("google / cpc");
  await expect(chatRow).toContainText("spring-coaching");
  // Marketing consent is the address's own: the booking lead confirmed it; the assistant's lead never did.
  await expect(chatRow).not.toContainText("Confirmed");
  await expect(table.getByRole("row", { name: /Demo: Luke Papadopoulos/ })).toContainText(/Confirmed \d{1,2} \w+ 2026/);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Search by name, email or company").fill("hannah brooks");
  await page.getByRole("button", { name: "Show leads" }).click();
  await expect(page).toHaveURL(/\/admin\/leads\?q=hannah\+brooks&/);
  await expect(page.getByText("Showing 1–1 of 1 matching")).toBeVisible();
  await expect(table).toHaveCount(0);
  const filtered = page.getByRole("table", { name: /Leads matching the filters/ });
  await expect(filtered.getByRole("row")).toHaveCount(2);
  await filtered.getByRole("link", { name: "Demo: Hannah Brooks" }).click();

  await expect(page.getByRole("heading", { level: 2, name: "Demo: Hannah Brooks" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Enquiries, newest first" })).toContainText("working 70-hour weeks");
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Status", { exact: true }).selectOption("contacted");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText(/Status saved|The lead was already Contacted/)).toBeVisible();

  await page.getByLabel("Owner", { exact: true }).selectOption({ label: "Daniel O'Connor (coach@clarityai.test)" });
  await page.getByRole("button", { name: "Assign owner" }).click();
  await expect(page.getByText(/Owner assigned|The owner is unchanged/)).toBeVisible();

  const notes = `Called ${new Date().toISOString()}: keen on a discovery call next week.`;
  await page.getByLabel("Notes", { exact: true }).fill(notes);
  await page.getByRole("button", { name: "Save notes" }).click();
  await expect(page.getByText("Notes saved")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("contacted");
  await expect(page.getByLabel("Owner", { exact: true }).locator("option:checked")).toHaveText("Daniel O'Connor (coach@clarityai.test)");
  await expect(page.getByLabel("Notes", { exact: true })).toHaveValue(notes);

  // The download keeps the search: one row, with the follow-up just recorded.
  await page.getByRole("link", { name: "← Back to the leads" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Leads" })).toBeVisible();
  await page.getByLabel("Search by name, email or company").fill("hannah brooks");
  await page.getByRole("button", { name: "Show leads" }).click();
  const downloadStarted = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download these leads as CSV" }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean);
  expect(lines[0]).toMatch(/^ID,Name,Email,Company,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain("Demo: Hannah Brooks,hannah.brooks@example.com.au,Brooks Bakehouse");
  expect(lines[1]).toContain(",contacted,Daniel O'Connor,contact,");
  expect(lines[1]).toContain(notes);
});
