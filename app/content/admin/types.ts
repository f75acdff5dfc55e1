import { ILLUSTRATIONS } from "../images";

// What the content admin edits: blog posts, case studies and resources, each with its URL segment
// (/admin/content/<segment>/<id>) and its fields' names and limits. Browser safe: the editor pages use
// the labels and limits; the schemas a save is checked against are in schemas.server.ts.

/** The longest markdown a field accepts (the editors, their schemas and the preview route share it). */
export const MARKDOWN_MAX_LENGTH = 100_000;

export const ADMIN_CONTENT_TYPES = ["blog_post", "case_study", "resource"] as const;
export type AdminContentType = (typeof ADMIN_CONTENT_TYPES)[number];

export const TYPE_SEGMENTS: Record<AdminContentType, string> = { blog_post: "post", case_study: "case-study", resource: "resource" };
export const TYPE_LABELS: Record<AdminContentType, string> = { blog_post: "Blog post", case_study: "Case study", resource: "Resource" };

export function typeOfSegment(segment: string | undefined): AdminContentType | null {
  return ADMIN_CONTENT_TYPES.find((type) => TYPE_SEGMENTS[type] === segment) ?? null;
}

export function editorPath(type: AdminContentType, id: string): string {
  return `/admin/content/${TYPE_SEGMENTS[type]}/${encodeURIComponent(id)}`;
}

/** The content list's sorts and filters (readTableQuery). */
export const CONTENT_SORTS = ["updated", "title", "status", "published"] as const;
export const CONTENT_FILTERS = { type: ["blog_post", "case_study", "resource"], status: ["draft", "scheduled", "published"] } as const;

export const STATUS_LABELS = { draft: "Draft", scheduled: "Scheduled", published: "Published" } as const;

/** The editable fields of each type, in the editor's order, with the names the revisions panel shows. */
export const FIELD_LABELS: Record<AdminContentType, Record<string, string>> = {
  blog_post: {
    title: "Title",
    slug: "Slug",
    description: "Summary",
    category: "Category",
    authorName: "Author",
    authorRole: "Author's role",
    image: "Image",
    body: "Body",
  },
  case_study: {
    title: "Title",
    slug: "Slug",
    industry: "Industry",
    description: "Summary",
    client: "Client",
    location: "Location",
    image: "Image",
    challenge: "The challenge",
    approach: "The approach",
    results: "Results",
    quoteText: "Quote",
    quoteAttribution: "Quote attribution",
  },
  resource: { title: "Title", slug: "Slug", description: "Description", filePath: "File", format: "Format" },
};

export const SLUG_MAX = 80;
export const MEDIA_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const ILLUSTRATION_KEYS = Object.keys(ILLUSTRATIONS);

export type CaseStudyResult = { metric: string; value: string };

/** Results as typed in the editor: one a line, "Metric | value" (e.g. "Cash on hand | +$48k"). */
export function parseResultLines(input: string): CaseStudyResult[] | null {
  const lines = input
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const results: CaseStudyResult[] = [];
  for (const line of lines) {
    const at = line.lastIndexOf("|");
    if (at <= 0) return null;
    const metric = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    if (!metric || !value) return null;
    results.push({ metric, value });
  }
  return results;
}

export function resultLines(results: CaseStudyResult[]): string {
  return results.map((r) => `${r.metric} | ${r.value}`).join("\n");
}

/** What a refused form gets back to show again: the type's own fields (and the intent), never anything else that was posted. */
export function echoedValues(type: AdminContentType, formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of [...Object.keys(FIELD_LABELS[type]), "intent"]) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return values;
}
