import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import {
  ContentError,
  createContent,
  publishContent,
  publishDueContent,
  restoreRevision,
  saveContent,
  scheduleContent,
  unpublishContent,
  unscheduleContent,
  getContentItem,
} from "~/content/admin/content-admin.server";
import type { ContentFields } from "~/content/admin/schemas.server";
import { listRevisionSummaries } from "~/content/revisions.server";
import { readContentVersion } from "~/edge-cache/edge-cache.server";
import { handleScheduled, CONTENT_CRON } from "../../../workers/scheduled";
import { createUser } from "../../factories/users";
import { contextFor, fetchApp } from "../app";

// The content admin's rules end to end through D1 and the public pages: publishing and unpublishing
// (page, list, sitemap, RSS, search index, cache version), scheduled publishing exactly once,
// stable slugs with 301s from old ones, revisions and restore, and an audit entry for each action.

const deps = () => {
  const context = contextFor();
  return { db: context.db, env: context.cloudflare.env };
};

function postFields(overrides: Partial<ContentFields["blog_post"]> = {}): ContentFields["blog_post"] {
  const tag = crypto.randomUUID().slice(0, 8);
  return {
    title: `Quarterly BAS without the panic ${tag}`,
    slug: `bas-without-panic-${tag}`,
    description: "A calm routine for the quarterly Business Activity Statement.",
    category: "Cash flow",
    authorName: "Priya Natarajan",
    authorRole: "Business coach",
    image: "cash-flow",
    body: "## Start early\n\nSet aside GST every week.\n\n## Reconcile monthly\n\nDon't leave it to the last day.",
    ...overrides,
  };
}

async function admin() {
  return createUser({ roles: ["admin"], firstName: "Ada", lastName: "Admin" });
}

async function auditActions(targetId: string) {
  const { results } = await env.DB.prepare("SELECT action, actor_id, detail FROM audit_log WHERE target_id = ? ORDER BY created_at, rowid").bind(targetId).all<{
    action: string;
    actor_id: string | null;
    detail: string;
  }>();
  return results;
}

const text = async (path: string) => (await fetchApp(path)).text();

test("a draft is never public; publishing shows it on its page, the blog, the sitemap, the feed and in search at once, and unpublishing takes it away", async () => {
  const { id: adminId } = await admin();
  const fields = postFields();
  const id = await createContent(deps(), "blog_post", fields, adminId);
  const path = `/blog/${fields.slug}`;

  // Warm the edge cache with the pages as they are now.
  expect((await fetchApp(path)).status).toBe(404);
  expect(await text("/blog")).not.toContain(fields.slug);
  expect(await text("/sitemap.xml")).not.toContain(fields.slug);
  expect(await text("/blog/rss.xml")).not.toContain(fields.slug);
  const versionBefore = await readContentVersion(env);

  expect(await publishContent(deps(), "blog_post", id, adminId)).toBe(true);
  expect(await readContentVersion(env)).not.toBe(versionBefore);
  const page = await fetchApp(path);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(fields.title);
  expect(html).toContain('<h2 id="start-early">Start early</h2>');
  expect(await text("/blog")).toContain(path);
  expect(await text("/sitemap.xml")).toContain(path);
  expect(await text("/blog/rss.xml")).toContain(path);
  const indexed = await env.DB.prepare("SELECT count(*) AS n FROM content_search WHERE path = ?").bind(path).first<{ n: number }>();
  expect(indexed?.n).toBe(1);

  const versionPublished = await readContentVersion(env);
  expect(await unpublishContent(deps(), "blog_post", id, adminId)).toBe(true);
  expect(await readContentVersion(env)).not.toBe(versionPublished);
  expect((await fetchApp(path)).status).toBe(404);
  expect(await text("/blog")).not.toContain(path);
  expect(await text("/sitemap.xml")).not.toContain(path);
  expect(await text("/blog/rss.xml")).not.toContain(path);
  const gone = await env.DB.prepare("SELECT count(*) AS n FROM content_search WHERE path = ?").bind(path).first<{ n: number }>();
  expect(gone?.n).toBe(0);

  expect((await auditActions(id)).map((a) => [a.action, a.actor_id])).toEqual([
    ["content_created", adminId],
    ["content_published", adminId],
    ["content_unpublished", adminId],
  ]);
});

test("a scheduled post stays private until its time, then the cron publishes it exactly once with one version bump", async () => {
  const { id: adminId } = await admin();
  const fields = postFields();
  const id = await createContent(deps(), "blog_post", fields, adminId);
  const now = new Date();
  const at = new Date(now.getTime() + 60_000);
  expect(await scheduleContent(deps(), "blog_post", id, at, adminId, now)).toBe(true);
  const path = `/blog/${fields.slug}`;
  expect((await fetchApp(path)).status).toBe(404);
  expect(await text("/blog")).not.toContain(path);
  expect(await text("/sitemap.xml")).not.toContain(path);
  expect(await text("/blog/rss.xml")).not.toContain(path);

  // Before its time: nothing happens, the version stays.
  const version = await readContentVersion(env);
  expect(await publishDueContent(deps(), new Date(at.getTime() - 1000))).toBe(0);
  expect(await readContentVersion(env)).toBe(version);

  // At its time, through the cron's own handler; then a second run (and a concurrent one) finds nothing.
  const context = contextFor();
  const runs = await Promise.all([
    publishDueContent(deps(), at),
    handleScheduled({ cron: CONTENT_CRON, scheduledTime: at.getTime() }, context).then(() => null),
  ]);
  const afterFirst = await readContentVersion(env);
  expect(afterFirst).not.toBe(version);
  expect(await publishDueContent(deps(), new Date(at.getTime() + 60_000))).toBe(0);
  expect(await readContentVersion(env)).toBe(afterFirst);
  expect(runs[0]).toBeLessThanOrEqual(1);

  const row = await env.DB.prepare("SELECT status, published_at, scheduled_at FROM blog_posts WHERE id = ?").bind(id).first();
  expect(row).toEqual({ status: "published", published_at: at.toISOString(), scheduled_at: null });
  expect((await fetchApp(path)).status).toBe(200);
  expect(await text("/blog")).toContain(path);
  expect(await text("/sitemap.xml")).toContain(path);
  const published = (await auditActions(id)).filter((a) => a.action === "content_published");
  expect(published).toHaveLength(1);
  expect(published[0]!.actor_id).toBeNull();
  expect(JSON.parse(published[0]!.detail)).toMatchObject({ targetType: "blog_post", by: "schedule", scheduledAt: at.toISOString() });
});

test("unscheduling returns a scheduled item to draft, and the cron then leaves it alone", async () => {
  const { id: adminId } = await admin();
  const fields = postFields();
  const id = await createContent(deps(), "blog_post", fields, adminId);
  const at = new Date(Date.now() + 60_000);
  await scheduleContent(deps(), "blog_post", id, at, adminId);
  expect(await unscheduleContent(deps(), "blog_post", id, adminId)).toBe(true);
  await publishDueContent(deps(), new Date(at.getTime() + 1000));
  const row = await env.DB.prepare("SELECT status, scheduled_at FROM blog_posts WHERE id = ?").bind(id).first();
  expect(row).toEqual({ status: "draft", scheduled_at: null });
  expect((await auditActions(id)).map((a) => a.action)).toEqual(["content_created", "content_scheduled", "content_unscheduled"]);
});

test("a time in the past can't be scheduled, and a published item must be unpublished first", async () => {
  const { id: adminId } = await admin();
  const id = await createContent(deps(), "blog_post", postFields(), adminId);
  await expect(scheduleContent(deps(), "blog_post", id, new Date(Date.now() - 1000), adminId)).rejects.toMatchObject({ status: 400 });
  await publishContent(deps(), "blog_post", id, adminId);
  await expect(scheduleContent(deps(), "blog_post", id, new Date(Date.now() + 60_000), adminId)).rejects.toMatchObject({ status: 409 });
});

test("a published post's changed slug answers 301 from the old address; a never-published draft's doesn't keep one", async () => {
  const { id: adminId } = await admin();
  const fields = postFields();
  const id = await createContent(deps(), "blog_post", fields, adminId);
  const draftSlug = fields.slug;
  const firstPublic = `${fields.slug}-v1`;
  await saveContent(deps(), "blog_post", id, { ...fields, slug: firstPublic }, adminId);
  await publishContent(deps(), "blog_post", id, adminId);
  const renamed = `${fields.slug}-v2`;
  const outcome = await saveContent(deps(), "blog_post", id, { ...fields, slug: renamed }, adminId);
  expect(outcome).toEqual({ changed: true, slugChanged: true, public: true });

  const moved = await fetchApp(`/blog/${firstPublic}`);
  expect(moved.status).toBe(301);
  expect(new URL(moved.headers.get("Location")!, "http://localhost").pathname).toBe(`/blog/${renamed}`);
  expect((await fetchApp(`/blog/${renamed}`)).status).toBe(200);
  expect((await fetchApp(`/blog/${draftSlug}`)).status).toBe(404);

  // Once unpublished, the old address is gone too (no redirect to a page that isn't there).
  await unpublishContent(deps(), "blog_post", id, adminId);
  expect((await fetchApp(`/blog/${firstPublic}`)).status).toBe(404);
});

test("slugs are unique, and a slug another item had before stays reserved for its redirect", async () => {
  const { id: adminId } = await admin();
  const a = postFields();
  const aId = await createContent(deps(), "blog_post", a, adminId);
  await expect(createContent(deps(), "blog_post", postFields({ slug: a.slug }), adminId)).rejects.toMatchObject({ status: 409, field: "slug" });
  await publishContent(deps(), "blog_post", aId, adminId);
  await saveContent(deps(), "blog_post", aId, { ...a, slug: `${a.slug}-new` }, adminId);
  await expect(createContent(deps(), "blog_post", postFields({ slug: a.slug }), adminId)).rejects.toBeInstanceOf(ContentError);
  // The item itself may go back to its old slug: the redirect is dropped and its page answers there.
  await saveContent(deps(), "blog_post", aId, { ...a }, adminId);
  expect((await fetchApp(`/blog/${a.slug}`)).status).toBe(200);
  const moved = await fetchApp(`/blog/${a.slug}-new`);
  expect(moved.status).toBe(301);
});

test("a blank slug is made from the title", async () => {
  const { id: adminId } = await admin();
  const tag = crypto.randomUUID().slice(0, 8);
  const id = await createContent(deps(), "blog_post", postFields({ title: `Hiring your first employee ${tag}`, slug: "" }), adminId);
  const item = await getContentItem(deps().db, "blog_post", id);
  expect(item?.fields.slug).toBe(`hiring-your-first-employee-${tag}`);
});

test("every save is a revision; restoring an old one copies it back as a new revision and is audited", async () => {
  const { id: adminId } = await admin();
  const fields = postFields();
  const id = await createContent(deps(), "blog_post", fields, adminId);
  await saveContent(deps(), "blog_post", id, { ...fields, title: `${fields.title} (edited)`, body: `${fields.body}\n\nA new paragraph.` }, adminId);
  // Saving unchanged fields makes no revision.
  expect(
    (await saveContent(deps(), "blog_post", id, { ...fields, title: `${fields.title} (edited)`, body: `${fields.body}\n\nA new paragraph.` }, adminId)).changed,
  ).toBe(false);
  await restoreRevision(deps(), "blog_post", id, 1, adminId);

  const item = await getContentItem(deps().db, "blog_post", id);
  expect(item?.fields.title).toBe(fields.title);
  expect(item?.fields.body).toBe(fields.body);
  const revisions = await listRevisionSummaries(deps().db, "blog_post", id);
  expect(revisions.map((r) => [r.number, r.note, r.authorName])).toEqual([
    [3, "Restored revision 1", "Ada Admin"],
    [2, "", "Ada Admin"],
    [1, "Created", "Ada Admin"],
  ]);
  const audit = await auditActions(id);
  expect(audit.map((a) => a.action)).toEqual(["content_created", "content_updated", "content_restored"]);
  expect(JSON.parse(audit[2]!.detail).changes.title).toEqual({ from: `${fields.title} (edited)`, to: fields.title });
  await expect(restoreRevision(deps(), "blog_post", id, 99, adminId)).rejects.toMatchObject({ status: 404 });
});

test("a save over someone else's newer one is refused with nothing written", async () => {
  const { id: adminId } = await admin();
  const fields = postFields();
  const id = await createContent(deps(), "blog_post", fields, adminId);
  await expect(
    saveContent(deps(), "blog_post", id, { ...fields, title: "Mine" }, adminId, { expectedUpdatedAt: "2000-01-01T00:00:00.000Z" }),
  ).rejects.toMatchObject({
    status: 409,
  });
  expect((await getContentItem(deps().db, "blog_post", id))?.fields.title).toBe(fields.title);
  expect(await listRevisionSummaries(deps().db, "blog_post", id)).toHaveLength(1);
});

test("a case study moved to another industry or slug answers 301 from its old address", async () => {
  const { id: adminId } = await admin();
  const tag = crypto.randomUUID().slice(0, 8);
  const study: ContentFields["case_study"] = {
    title: `Plumber doubles margin ${tag}`,
    slug: `plumber-margin-${tag}`,
    industry: "trades",
    description: "How a Geelong plumber priced for profit.",
    client: "A plumbing business",
    location: "Geelong, VIC",
    image: "operations",
    challenge: "Jobs were busy but unprofitable.",
    approach: "Job costing and a price review.",
    results: [{ metric: "Gross margin", value: "+12 points" }],
    quoteText: null,
    quoteAttribution: null,
  };
  const id = await createContent(deps(), "case_study", study, adminId);
  await publishContent(deps(), "case_study", id, adminId);
  expect((await fetchApp(`/case-studies/trades/${study.slug}`)).status).toBe(200);
  await saveContent(deps(), "case_study", id, { ...study, industry: "professional-services", slug: `${study.slug}-2` }, adminId);
  const moved = await fetchApp(`/case-studies/trades/${study.slug}`);
  expect(moved.status).toBe(301);
  expect(new URL(moved.headers.get("Location")!, "http://localhost").pathname).toBe(`/case-studies/professional-services/${study.slug}-2`);
  const sameSlug = await fetchApp(`/case-studies/health/${study.slug}-2`);
  expect(sameSlug.status).toBe(301);
});
