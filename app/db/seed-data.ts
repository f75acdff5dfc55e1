// The demo content every local database gets (npm start, the workerd tests and the e2e server).
// Pure data → SQL, no Node APIs, so the workerd tests can apply the same statements.
// Rows are inserted only when missing: local edits are never overwritten.
import { BLOG_POSTS } from "~/content/blog-posts";
import { CASE_STUDIES } from "~/content/case-studies";
import { RESOURCES } from "~/content/resources";

type Row = Record<string, string | number | null>;

function sqlValue(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${value.replaceAll("'", "''")}'`;
}

function insertIfMissing(table: string, rows: Row[]): string[] {
  return rows.map((row) => {
    const columns = Object.keys(row);
    return `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => sqlValue(row[c] ?? null)).join(", ")});`;
  });
}

// Demo enquiries, so the team's lead list is not empty on a fresh machine.
const DEMO_LEADS: Row[] = [
  {
    id: "seed-lead-0001",
    source: "contact",
    name: "Demo: Hannah Brooks",
    email: "hannah.brooks@example.com.au",
    company: "Brooks Bakehouse",
    phone: "0400 000 001",
    business_type: "Hospitality and food",
    message: "We've opened a second store and I'm working 70-hour weeks. Can coaching help me step back?",
    created_at: "2026-11-02T23:15:00.000Z",
  },
  {
    id: "seed-lead-0002",
    source: "booking",
    name: "Demo: Luke Papadopoulos",
    email: "luke@example.com.au",
    company: "LP Plumbing & Gas",
    phone: null,
    business_type: "Trades and construction",
    message: "Quoting and job scheduling are a mess. Keen for a discovery call.",
    created_at: "2026-11-10T01:40:00.000Z",
  },
];

const blogRows: Row[] = BLOG_POSTS.map((post) => ({
  id: `seed-post-${post.slug}`,
  slug: post.slug,
  title: post.title,
  description: post.description,
  category: post.category,
  author_name: post.author.name,
  author_role: post.author.role,
  body: post.body,
  image: post.image,
  status: "published",
  published_at: post.publishedAt,
  created_at: post.publishedAt,
  updated_at: post.updatedAt,
}));

const caseStudyRows: Row[] = CASE_STUDIES.map((study) => ({
  id: `seed-case-${study.slug}`,
  slug: study.slug,
  industry: study.industry,
  title: study.title,
  description: study.description,
  client: study.client,
  location: study.location,
  challenge: study.challenge,
  approach: study.approach,
  results: JSON.stringify(study.results),
  quote_text: study.quote?.text ?? null,
  quote_attribution: study.quote?.attribution ?? null,
  image: study.image,
  status: "published",
  published_at: study.publishedAt,
  created_at: study.publishedAt,
  updated_at: study.updatedAt,
}));

const resourceRows: Row[] = RESOURCES.map((resource) => ({
  id: `seed-resource-${resource.slug}`,
  slug: resource.slug,
  title: resource.title,
  description: resource.description,
  file_path: resource.file,
  format: resource.format,
  status: "published",
  published_at: resource.publishedAt,
  created_at: resource.publishedAt,
  updated_at: resource.updatedAt,
}));

export const SEED_STATEMENTS: string[] = [
  ...insertIfMissing("leads", DEMO_LEADS),
  ...insertIfMissing("blog_posts", blogRows),
  ...insertIfMissing("case_studies", caseStudyRows),
  ...insertIfMissing("resources", resourceRows),
];
