import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

const robots = readFileSync(new URL("../../public/robots.txt", import.meta.url), "utf8");

test("robots.txt points to the sitemap", () => {
  expect(robots).toContain("Sitemap: https://clarityai.com.au/sitemap.xml");
});

test("robots.txt keeps crawlers out of private areas without blocking public coach pages", () => {
  for (const rule of ["/admin", "/coach$", "/coach/", "/profile", "/learning", "/meeting"]) expect(robots).toContain(`Disallow: ${rule}\n`);
  // Prefix rules would also hide /coach-registration from search engines.
  expect(robots).not.toMatch(/^Disallow: \/coach\s*$/m);
});
