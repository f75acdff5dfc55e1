import { z } from "zod";
import { isIllustrationKey, MEDIA_IMAGE_PREFIX } from "../content-image";
import { BLOG_CATEGORIES, CASE_STUDY_INDUSTRIES } from "../types";
import { ILLUSTRATIONS } from "../images";

// What the content admin edits: blog posts, case studies and resources, each with its URL segment
// (/admin/content/<segment>/<id>), its fields' names and the schema a save is checked against. Browser
// safe: the editor pages use the labels and limits too.

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
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const text = (label: string, max: number) =>
  z
    .string({ message: `Enter the ${label.toLowerCase()}.` })
    .trim()
    .min(1, `Enter the ${label.toLowerCase()}.`)
    .max(max, `${label} must be ${max} characters or fewer.`);

const markdown = (label: string) =>
  z
    .string({ message: `Write the ${label.toLowerCase()}.` })
    .transform((value) => value.replace(/\r\n/g, "\n"))
    .refine((value) => value.trim().length > 0, `Write the ${label.toLowerCase()}.`)
    .refine((value) => value.length <= MARKDOWN_MAX_LENGTH, `${label} must be ${MARKDOWN_MAX_LENGTH.toLocaleString("en-AU")} characters or fewer.`);

/** Blank means "from the title" (the server fills it in); otherwise lower-case words joined by single hyphens. */
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .max(SLUG_MAX, `The slug must be ${SLUG_MAX} characters or fewer.`)
  .refine((value) => value === "" || SLUG_PATTERN.test(value), "Use lower-case letters and numbers joined by single hyphens, like cash-flow-basics.")
  .optional()
  .transform((value) => value ?? "");

export const MEDIA_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const image = z
  .string({ message: "Choose an image." })
  .trim()
  .refine(
    (value) => isIllustrationKey(value) || (value.startsWith(MEDIA_IMAGE_PREFIX) && MEDIA_ID_PATTERN.test(value.slice(MEDIA_IMAGE_PREFIX.length))),
    "Choose an illustration or an uploaded image.",
  );

export const ILLUSTRATION_KEYS = Object.keys(ILLUSTRATIONS);

const optional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer.`)
    .optional()
    .transform((value) => (value ? value : null));

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

export const BlogPostSchema = z.object({
  title: text("Title", 150),
  slug,
  description: text("Summary", 300),
  category: z.enum(BLOG_CATEGORIES, { message: "Choose a category." }),
  authorName: text("Author", 100),
  authorRole: text("Author's role", 100),
  image,
  body: markdown("Body"),
});

export const CaseStudySchema = z.object({
  title: text("Title", 150),
  slug,
  industry: z.enum(Object.keys(CASE_STUDY_INDUSTRIES) as [keyof typeof CASE_STUDY_INDUSTRIES, ...(keyof typeof CASE_STUDY_INDUSTRIES)[]], {
    message: "Choose an industry.",
  }),
  description: text("Summary", 300),
  client: text("Client", 120),
  location: text("Location", 120),
  image,
  challenge: markdown("Challenge"),
  approach: markdown("Approach"),
  results: z
    .string()
    .max(4000, "Keep the results to 4,000 characters or fewer.")
    .transform((value, ctx) => {
      const parsed = parseResultLines(value);
      if (!parsed || parsed.length > 8) {
        ctx.addIssue({ code: "custom", message: "Write up to 8 results, one a line, as “Metric | value”." });
        return z.NEVER;
      }
      return parsed;
    }),
  quoteText: optional("Quote", 600),
  quoteAttribution: optional("Quote attribution", 120),
});

export const ResourceSchema = z.object({
  title: text("Title", 150),
  slug,
  description: text("Description", 400),
  filePath: text("File", 300).refine(
    (value) => /^\/[A-Za-z0-9/_.-]+$/.test(value) && !value.includes(".."),
    "Give the file's path on the site, like /resources/cash-flow-template.xlsx.",
  ),
  format: text("Format", 40),
});

export const CONTENT_SCHEMAS = { blog_post: BlogPostSchema, case_study: CaseStudySchema, resource: ResourceSchema } as const;

export type ContentFields = {
  blog_post: z.output<typeof BlogPostSchema>;
  case_study: z.output<typeof CaseStudySchema>;
  resource: z.output<typeof ResourceSchema>;
};

export const ContentIntentSchema = z.enum(["save", "publish", "unpublish", "schedule", "unschedule", "restore"], { message: "Choose what to do." });
export type ContentIntent = z.output<typeof ContentIntentSchema>;

/** What a refused form gets back to show again: the type's own fields (and the intent), never anything else that was posted. */
export function echoedValues(type: AdminContentType, formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of [...Object.keys(FIELD_LABELS[type]), "intent"]) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return values;
}
