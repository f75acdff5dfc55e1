import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

test("bad input shows inline errors; good input shows a success toast that auto-dismisses", async ({ page, expectFailedRequests }) => {
  await page.clock.install();
  await gotoHydrated(page, "/contact");
  const form = page.locator("main form");
  // The bad input is answered with 400 and the field errors.
  expectFailedRequests({ method: "POST", url: /\/contact\.data$/, status: 400 });

  await form.getByLabel("Email").fill("not-an-email");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("Please enter your name")).toBeVisible();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await expect(form.getByLabel("Name")).toBeFocused();
  await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("status")).toHaveCount(0);

  await form.getByLabel("Name").fill("Jamie Walker");
  await form.getByLabel("Email").fill(`jamie.${Date.now()}@example.com.au`);
  await form.getByLabel("Company").fill("Walker Electrical");
  await form.getByLabel("Business type").selectOption("Trades and construction");
  await form.getByRole("button", { name: "Send message" }).click();

  const region = page.getByRole("region", { name: "Notifications (F8)" });
  const toast = region.getByRole("status");
  await expect(toast).toContainText("Thanks — your message is with us");
  await expect(form.getByText("Please enter your name")).toHaveCount(0);
  // The notification region itself passes the accessibility check while a toast is showing.
  await expectNoSeriousA11yViolations(page);

  // The toast sits bottom-right, 356 px wide.
  const box = (await region.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.width).toBe(356);
  expect(viewport.width - (box.x + box.width)).toBeLessThan(40);
  expect(viewport.height - (box.y + box.height)).toBeLessThan(40);

  await page.clock.runFor(5100);
  await expect(toast).toHaveCount(0);
});

test("a toast can be swiped away", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  const form = page.locator("main form");
  await form.getByLabel("Name").fill("Morgan Ellis");
  await form.getByLabel("Email").fill(`morgan.${Date.now()}@example.com.au`);
  await form.getByRole("button", { name: "Send message" }).click();

  const toast = page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");
  await expect(toast).toContainText("Thanks — your message is with us");
  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  // A short drag snaps back; one past 50 px dismisses.
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 50, y, { steps: 5 });
  await page.mouse.up();
  await expect(toast).toBeVisible();
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 90, y, { steps: 5 });
  await page.mouse.up();
  await expect(toast).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form still validates on the server and keeps what was typed", async ({ page, expectFailedRequests }) => {
    expectFailedRequests({ method: "POST", url: /\/contact$/, status: 400 });
    await page.goto("/contact");
    const form = page.locator("main form");
    await form.getByLabel("Name").fill("Robin");
    await form.getByLabel("Email").fill("robin@");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: "Send message" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.locator("main form").getByLabel("Name")).toHaveValue("Robin");
  });
});
