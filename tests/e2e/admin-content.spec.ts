import sharp from "sharp";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The content admin's journey, on a phone: an admin writes a blog post with an image uploaded through
// the editor's media picker, schedules it for the next minute and it goes live at its time (the
// minute cron, fired here as the server's own schedule would) on /blog, in the sitemap and the RSS
// feed; then a changed slug answers the old address with a 301 to the new one.

const PHONE = { width: 390, height: 844 };
const ZONE = "Australia/Sydney";

/** The datetime-local value of an instant in Sydney ("2026-11-28T21:07"). */
function sydneyLocal(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-AU", {
      timeZone: ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test("an admin writes a post with an image, schedules it and it goes live on time; a new slug redirects the old one", async ({ adminPage, request }) => {
  test.setTimeout(150_000);
  const admin = await adminPage("/admin/content/new?type=post");
  await admin.setViewportSize(PHONE);
  const title = `Cash flow before Christmas ${Date.now()}`;
  const slug = `cash-flow-before-christmas-${Date.now()}`;
  const imageName = `christmas-${Date.now()}.png`;

  await admin.getByLabel("Title").fill(title);
  await admin.getByLabel("Slug").fill(slug);
  await admin.getByLabel("Summary").fill("How a café in Newtown planned its December wages and BAS.");
  await admin.getByLabel("Category").selectOption("Cash flow");
  await admin.getByRole("textbox", { name: "Body" }).fill("## Plan the quiet weeks\n\nList every bill due before **31 January** and the cash you expect in.");
  await expect(admin.locator(".markdown-editor-preview").getByRole("heading", { name: "Plan the quiet weeks" })).toBeVisible();

  // The image: uploaded from the editor's media picker and chosen in one step.
  await admin.getByRole("button", { name: "Choose from the library" }).click();
  const dialog = admin.getByRole("dialog");
  const png = await sharp({ create: { width: 1200, height: 675, channels: 3, background: "#f5a524" } })
    .png()
    .toBuffer();
  await dialog.getByLabel("Image", { exact: true }).setInputFiles({ name: imageName, mimeType: "image/png", buffer: png });
  await dialog.getByRole("textbox", { name: "Alt text" }).fill("A café counter with a Christmas wreath");
  await dialog.getByRole("button", { name: "Upload and use" }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.locator('input[name="image"]')).toHaveValue(/^media:[0-9a-f-]{36}$/);

  await admin.getByRole("button", { name: "Save draft" }).click();
  await expect(admin).toHaveURL(/\/admin\/content\/posts?\/[^/?]+$/);
  // The editor shows the chosen upload (fetched from the library once the page is interactive).
  const chosenImage = admin.locator(".media-picker-current").getByText(imageName);
  await expect(chosenImage).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // A draft is not public.
  expect((await request.get(`/blog/${slug}`)).status()).toBe(404);

  // Scheduled for the next whole minute at least 15 s away: it is listed as scheduled, and still not public.
  const at = Math.ceil((Date.now() + 15_000) / 60_000) * 60_000;
  await admin.getByLabel(/^Publish at/).fill(sydneyLocal(at));
  await admin.getByRole("button", { name: "Schedule" }).click();
  await expect(admin.getByText("It will be published at")).toBeVisible();
  await expect(chosenImage).toBeVisible();
  expect((await request.get(`/blog/${slug}`)).status()).toBe(404);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(`/blog/${slug}`);

  await gotoHydrated(admin, "/admin/content?status=scheduled");
  await expect(admin.getByRole("link", { name: title })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  // At its time the minute cron publishes it (fired here too, which changes nothing if it already ran).
  await expect
    .poll(
      async () => {
        if (Date.now() >= at) await request.get(`/__scheduled?cron=${encodeURIComponent("* * * * *")}`);
        return (await request.get(`/blog/${slug}`)).status();
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(200);
  expect(Date.now()).toBeGreaterThanOrEqual(at);
  const blog = await (await request.get("/blog")).text();
  expect(blog).toContain(title);
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/blog/${slug}`);
  expect(await (await request.get("/blog/rss.xml")).text()).toContain(title);
  const post = await (await request.get(`/blog/${slug}`)).text();
  expect(post).toMatch(/\/media\/[0-9a-f-]{36}\/\d+\.webp/);

  // A new slug: the old address answers 301 to the new one, and the sitemap lists only the new.
  await admin.goBack();
  await admin.waitForURL(/\/admin\/content\/posts?\/[^/?]+$/);
  await admin.reload();
  await expect(chosenImage).toBeVisible();
  await admin.getByLabel("Slug").fill(`${slug}-nsw`);
  await admin.getByRole("button", { name: "Save", exact: true }).click();
  await expect(admin.getByText("The site shows the change now.")).toBeVisible();
  await expect(chosenImage).toBeVisible();
  const old = await request.get(`/blog/${slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(new URL(old.headers()["location"]!, "http://localhost").pathname).toBe(`/blog/${slug}-nsw`);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/blog/${slug}-nsw`);
  expect(sitemap).not.toContain(`/blog/${slug}<`);
});
