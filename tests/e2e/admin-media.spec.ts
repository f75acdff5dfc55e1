import sharp from "sharp";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// The media library on a phone: an admin uploads an image with its alt text (a plain multipart form),
// gets its responsive sizes made by the local Images binding, finds it in the list, and a file whose
// name lies about its contents is refused with the reason beside the form.

const PHONE = { width: 390, height: 844 };

test("an admin uploads an image at 390 px, sees its sizes and finds it in the library; a lying file is refused", async ({
  adminPage,
  expectFailedRequests,
}) => {
  expectFailedRequests({ url: /\/admin\/media(\.data)?\?index/, status: 415, method: "POST" });
  const admin = await adminPage("/admin/media");
  await admin.setViewportSize(PHONE);
  await expect(admin.getByRole("heading", { level: 2, name: "Media" })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  const name = `harbour-${Date.now()}.png`;
  const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: "#2bb3a3" } })
    .png()
    .toBuffer();
  await admin.getByLabel("Image or file").setInputFiles({ name, mimeType: "image/png", buffer: png });
  await admin.getByLabel("Alt text (images)").fill("Sydney harbour at dawn");
  await admin.getByRole("button", { name: "Upload" }).click();
  await expect(admin).toHaveURL(/\/admin\/media\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(admin.getByText("Responsive sizes (4)")).toBeVisible();
  await expect(admin.getByRole("img", { name: "Sydney harbour at dawn" })).toBeVisible();
  const size = await admin.request.get(
    await admin
      .getByRole("img", { name: "Sydney harbour at dawn" })
      .getAttribute("src")
      .then((src) => src!),
  );
  expect(size.headers()["content-type"]).toBe("image/webp");
  // (Its caching for visitors is checked in tests/worker/media/library.test.ts: any answer to a request
  // with the session cookie is private, no-store.)
  expect(size.headers()["x-content-type-options"]).toBe("nosniff");
  const width = await admin.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(admin);

  await admin.getByRole("link", { name: "← Media" }).click();
  await admin.getByLabel("Search by name or alt text").fill("harbour");
  await admin.getByRole("button", { name: "Show" }).click();
  await expect(admin.getByRole("link", { name })).toBeVisible();

  // A PDF named like a photo: refused, with the reason announced beside the form.
  await admin.getByLabel("Image or file").setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
  await admin.getByRole("button", { name: "Upload" }).click();
  await expect(admin.getByRole("alert")).toContainText("its contents are a PDF");
});
