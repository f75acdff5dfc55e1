import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import PUBLIC_HEADERS from "../../public/_headers?raw";
import { enquiriesByEmail } from "../factories/leads";
import { fetchApp, pageText } from "./app";

async function firstResource() {
  return (await env.DB.prepare("SELECT slug, file_path FROM resources WHERE status = 'published' ORDER BY slug LIMIT 1").first<{
    slug: string;
    file_path: string;
  }>())!;
}

const uniqueEmail = (name: string) => `${name}.${crypto.randomUUID().slice(0, 8)}@example.com.au`;

// Static files are served by the platform in front of the Worker, not by the Worker under test, so
// the files themselves are read from public/ (by Vite, when this test is loaded), keyed by URL path.
// They are binary: read as text, their first bytes still show what kind of file each is.
const PUBLIC_DOWNLOADS: Record<string, string> = Object.fromEntries(
  Object.entries(import.meta.glob<string>("../../public/downloads/*", { query: "?raw", import: "default", eager: true })).map(([file, text]) => [
    file.replace("../../public", ""),
    text,
  ]),
);

// The format each resource card shows, and how the file starts, by the file's extension.
const FORMAT_BY_EXTENSION: Record<string, string> = { pdf: "PDF", xlsx: "Excel spreadsheet (.xlsx)" };
const MAGIC_BY_EXTENSION: Record<string, string> = { pdf: "%PDF-", xlsx: "PK\x03\x04" };

test("the resources page lists at least four real downloads", async () => {
  const html = await pageText(await fetchApp("/resources"));
  const { results } = await env.DB.prepare("SELECT slug, title FROM resources WHERE status = 'published'").all<{ slug: string; title: string }>();
  expect(results.length).toBeGreaterThanOrEqual(4);
  for (const resource of results) expect(html).toContain(resource.title);
});

test("each resource card shows a preview of the file, sized to avoid layout shift, with its format and size", async () => {
  const html = await pageText(await fetchApp("/resources"));
  const { results } = await env.DB.prepare("SELECT slug, format FROM resources WHERE status = 'published'").all<{ slug: string; format: string }>();
  for (const { slug, format } of results) {
    const img = html.match(new RegExp(`<img class="resource-preview" src="/images/resources/${slug}\\.webp"[^>]*>`))?.[0];
    expect(img, slug).toBeDefined();
    expect(img).toMatch(/ width="320" height="200"/);
    expect(img).toMatch(/ alt="Preview of the [^"]{30,}"/);
    expect(env.TEST_PUBLIC_FILES, slug).toContain(`/images/resources/${slug}.webp`);
    expect(html).toMatch(new RegExp(`<p class="badge">${format.replace(/[.()]/g, "\\$&")}, \\d+ kB</p>`));
  }
});

test("a valid download request stores the lead with its resource and asks the address to confirm consent, then hands over the file", async () => {
  const resource = await firstResource();
  const email = uniqueEmail("ari");
  const response = await fetchApp("/resources", { form: { resource: resource.slug, name: "Ari Jones", email, marketingConsent: "yes" } });

  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(resource.file_path);
  expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
  const [lead] = await enquiriesByEmail(email);
  // Consent waits for the address to confirm it (tests/worker/leads/merge-and-consent.test.ts).
  expect(lead).toMatchObject({ source: "resource", name: "Ari Jones", resource_slug: resource.slug, marketing_consent_at: null });
  const request = await env.DB.prepare("SELECT source, confirmed_at FROM marketing_consent_requests WHERE lead_id = ?").bind(lead!.lead_id).first();
  expect(request).toEqual({ source: `resources page download form: ${resource.slug}`, confirmed_at: null });
});

test("without the consent tick the download still works and no consent is recorded", async () => {
  const resource = await firstResource();
  const email = uniqueEmail("noor");
  const response = await fetchApp("/resources", { form: { resource: resource.slug, name: "Noor", email } });
  expect(response.status).toBe(302);
  expect(await enquiriesByEmail(email)).toEqual([expect.objectContaining({ marketing_consent_at: null, marketing_consent_source: null })]);
});

test("invalid download requests get 400 with field errors and store nothing", async () => {
  const resource = await firstResource();
  const email = uniqueEmail("bad");
  const cases: [Record<string, string>, string][] = [
    [{ resource: resource.slug, name: "", email }, "Please enter your name"],
    [{ resource: resource.slug, name: "Bad", email: "bad@" }, "Please enter a valid email address"],
    [{ resource: resource.slug, name: "Bad", email, marketingConsent: "on-by-default" }, "Consent must be given by ticking the box"],
    [{ resource: "no-such-resource", name: "Bad", email }, "That resource is no longer available."],
    [{ name: "Bad", email }, "Please choose a resource"],
  ];
  for (const [fields, message] of cases) {
    const response = await fetchApp("/resources", { form: fields });
    expect(response.status, JSON.stringify(fields)).toBe(400);
    expect(await pageText(response)).toContain(message);
  }
  expect(await enquiriesByEmail(email)).toEqual([]);
});

test("every published resource's download hands over a real file in public/, served as an attachment", async () => {
  const { results } = await env.DB.prepare("SELECT slug, file_path, format FROM resources WHERE status = 'published' ORDER BY slug").all<{
    slug: string;
    file_path: string;
    format: string;
  }>();
  expect(results.length).toBeGreaterThanOrEqual(4);
  for (const { slug, file_path, format } of results) {
    const response = await fetchApp("/resources", { form: { resource: slug, name: "Robin File", email: uniqueEmail(`file-${slug}`) } });
    expect(response.status, slug).toBe(302);
    expect(response.headers.get("Location"), slug).toBe(file_path);
    const extension = file_path.match(/^\/downloads\/[a-z0-9-]+\.(pdf|xlsx)$/)?.[1];
    expect(FORMAT_BY_EXTENSION[extension ?? ""], `${slug}: ${file_path} is shown as ${format}`).toBe(format);
    // A file missing from public/ would be a 404 for whoever submitted the form.
    expect(env.TEST_PUBLIC_FILES, slug).toContain(file_path);
    // Built by scripts/build-resources.ts (content is checked in tests/unit/resources-build.test.ts).
    const text = PUBLIC_DOWNLOADS[file_path] ?? "";
    expect(text.length, `${file_path} has real content`).toBeGreaterThan(10_000);
    expect(text.startsWith(MAGIC_BY_EXTENSION[extension ?? ""] ?? "?"), `${file_path} is a real ${format} file`).toBe(true);
  }
  // The platform sends every /downloads/ file as an attachment (public/_headers), so the browser saves it.
  expect(PUBLIC_HEADERS).toMatch(/^\/downloads\/\*\n(?:[ \t]+\S.*\n)*?[ \t]+Content-Disposition: attachment$/m);
});
