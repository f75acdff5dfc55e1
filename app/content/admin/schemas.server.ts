import * as z from "zod";
import { isIllustrationKey, MEDIA_IMAGE_PREFIX } from "../content-image";
import { BLOG_CATEGORIES, CASE_STUDY_INDUSTRIES } from "../types";
import { MARKDOWN_MAX_LENGTH, MEDIA_ID_PATTERN, parseResultLines, SLUG_MAX } from "./types";

// The schemas a content save is checked against, used by the actions only: the editor pages get the
// labels and limits from types.ts without zod.

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

const image = z
  .string({ message: "Choose an image." })
  .trim()
  .refine(
    (value) => isIllustrationKey(value) || (value.startsWith(MEDIA_IMAGE_PREFIX) && MEDIA_ID_PATTERN.test(value.slice(MEDIA_IMAGE_PREFIX.length))),
    "Choose an illustration or an uploaded image.",
  );

const optional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer.`)
    .optional()
    .transform((value) => (value ? value : null));

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
