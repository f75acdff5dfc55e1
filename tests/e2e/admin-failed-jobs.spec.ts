import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// The failed-jobs page of the admin area: reached from the admin navigation, readable and
// accessible when nothing has failed, and filterable by status.

test("an admin opens Failed jobs from the admin navigation and filters the list", async ({ adminPage }) => {
  const admin = await adminPage("/admin/jobs");
  const adminNav = admin.getByRole("navigation", { name: "Admin sections" });
  await expect(adminNav.getByRole("link", { name: "Failed jobs" })).toHaveAttribute("aria-current", "page");
  await expect(admin.getByRole("heading", { level: 2, name: "Failed jobs" })).toBeVisible();
  await expect(admin.getByText(/No failed jobs are waiting for review\.|Showing \d+–\d+ of \d+/)).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  await admin.getByLabel("Show").selectOption("all");
  await admin.getByRole("button", { name: "Show", exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/jobs\?(q=&)?status=all(&|$)/);
  await expect(admin.getByText(/No jobs to show\.|Showing \d+–\d+ of \d+/)).toBeVisible();
  await expect(admin.getByLabel("Show")).toHaveValue("all");
});
