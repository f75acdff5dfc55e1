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

// Demo leads with their enquiries (lead activities), so the team's lead list (/admin/leads) shows
// every column on a fresh machine: a contact form, a booking request with marketing consent and an
// owner, and a Service Assistant conversation from a Google Ads click.
/** The demo coach (DEMO_ACCOUNTS below). */
const DEMO_COACH_ID = "5eed0000-0000-4000-8000-000000000002";

const DEMO_LEADS: Row[] = [
  {
    id: "seed-lead-0001",
    source: "contact",
    status: "new",
    name: "Demo: Hannah Brooks",
    email: "hannah.brooks@example.com.au",
    company: "Brooks Bakehouse",
    phone: "0400 000 001",
    business_type: "Hospitality and food",
    created_at: "2026-11-02T23:15:00.000Z",
    updated_at: "2026-11-02T23:15:00.000Z",
    last_activity_at: "2026-11-02T23:15:00.000Z",
  },
  {
    id: "seed-lead-0002",
    source: "booking",
    status: "contacted",
    owner_id: DEMO_COACH_ID,
    notes: "Called 11 Nov: wants help with quoting. Discovery call booked for next week.",
    name: "Demo: Luke Papadopoulos",
    email: "luke@example.com.au",
    company: "LP Plumbing & Gas",
    phone: null,
    business_type: "Trades and construction",
    marketing_consent_at: "2026-11-10T01:40:00.000Z",
    marketing_consent_source: "booking",
    created_at: "2026-11-10T01:40:00.000Z",
    updated_at: "2026-11-11T00:30:00.000Z",
    last_activity_at: "2026-11-10T01:40:00.000Z",
  },
  {
    id: "seed-lead-0003",
    source: "service-chat",
    status: "new",
    name: "Demo: Mei Chen",
    email: "mei.chen@example.com.au",
    company: "Chen Physio Studio",
    phone: "0400 000 003",
    business_type: "Health and wellbeing",
    marketing_consent_at: "2026-11-14T04:22:00.000Z",
    marketing_consent_source: "service-chat",
    created_at: "2026-11-14T04:20:00.000Z",
    updated_at: "2026-11-14T04:22:00.000Z",
    last_activity_at: "2026-11-14T04:22:00.000Z",
  },
];

const DEMO_ADS_ATTRIBUTION = JSON.stringify({
  v: 1,
  sessionId: "seed-session-0003",
  first: {
    source: "google",
    medium: "cpc",
    campaign: "spring-coaching",
    gclid: "seed-gclid-0003",
    landingPage: "/services/business-coaching",
    at: "2026-11-14T04:12:00.000Z",
  },
  last: {
    source: "google",
    medium: "cpc",
    campaign: "spring-coaching",
    gclid: "seed-gclid-0003",
    landingPage: "/services/business-coaching",
    at: "2026-11-14T04:12:00.000Z",
  },
  touches: 1,
  gpc: false,
});

const DEMO_TRANSCRIPT = JSON.stringify([
  { role: "user", content: "Do you work with allied health clinics? I run a physio studio with four staff." },
  {
    role: "assistant",
    content:
      "**Offline assistant:** Yes — our business coaching works with health and wellbeing practices, usually on scheduling, pricing and building a team that runs without you. A free 20-minute discovery call is the best next step.",
  },
  { role: "user", content: "Great, please get in touch. Afternoons suit me best." },
]);

const DEMO_LEAD_ACTIVITIES: Row[] = [
  {
    id: "seed-lead-activity-0001",
    lead_id: "seed-lead-0001",
    source: "contact",
    message: "We've opened a second store and I'm working 70-hour weeks. Can coaching help me step back?",
    page_path: "/contact",
    created_at: "2026-11-02T23:15:00.000Z",
    updated_at: "2026-11-02T23:15:00.000Z",
  },
  {
    id: "seed-lead-activity-0002",
    lead_id: "seed-lead-0002",
    source: "booking",
    message: "Quoting and job scheduling are a mess. Keen for a discovery call.",
    page_path: "/booking",
    created_at: "2026-11-10T01:40:00.000Z",
    updated_at: "2026-11-10T01:40:00.000Z",
  },
  {
    id: "seed-lead-activity-0003",
    lead_id: "seed-lead-0003",
    source: "service-chat",
    conversation_key: "seed-conversation-0003",
    transcript: DEMO_TRANSCRIPT,
    page_path: "/services/business-coaching",
    attribution: DEMO_ADS_ATTRIBUTION,
    created_at: "2026-11-14T04:20:00.000Z",
    updated_at: "2026-11-14T04:22:00.000Z",
  },
];

/**
 * A demo lead's activity, when its lead is there (another lead may already have the demo address)
 * and has not got it yet: databases made before leads had activities turned each old lead row into
 * an activity with the lead's own id.
 */
function insertActivityIfMissing(rows: Row[]): string[] {
  return rows.map((row) => {
    const columns = Object.keys(row);
    const values = columns.map((c) => sqlValue(row[c] ?? null)).join(", ");
    const leadId = sqlValue(row.lead_id ?? null);
    return `INSERT OR IGNORE INTO lead_activities (${columns.join(", ")}) SELECT ${values} WHERE EXISTS (SELECT 1 FROM leads WHERE id = ${leadId}) AND NOT EXISTS (SELECT 1 FROM lead_activities WHERE id = ${leadId});`;
  });
}

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

// Demo accounts (README "Demo accounts"), one per role, all with the password "Demo-Coaching-2026!".
// The seed is plain SQL with no Node APIs, so the hash is computed once and kept here: scrypt
// N=2^15, r=8, p=3 in the format of app/auth/password.server.ts hashPassword, made with
//   node -e 'const c=require("node:crypto"),s=c.randomBytes(16);console.log(`$scrypt$ln=15,r=8,p=3$${s.toString("base64url")}$${c.scryptSync("Demo-Coaching-2026!".normalize("NFKC"),s,32,{N:2**15,r:8,p:3,maxmem:2**26}).toString("base64url")}`)'
// The accounts are old enough that signing in never sends them the new-user onboarding email.
export const DEMO_PASSWORD = "Demo-Coaching-2026!";
const DEMO_PASSWORD_HASH = "$scrypt$ln=15,r=8,p=3$QpfvA0KZiwobsFcaPPIEXw$G1YTVMxG3Ft4Y-ifU64VF6HVla_UzziBmMqU6gCaJnk";
const DEMO_CREATED_AT = "2026-01-05T22:00:00.000Z";

export const DEMO_ACCOUNTS = [
  {
    id: "5eed0000-0000-4000-8000-000000000001",
    email: "admin@clarityai.test",
    role: "admin",
    firstName: "Priya",
    lastName: "Sharma",
    company: "ClarityAI Coaching",
  },
  {
    id: "5eed0000-0000-4000-8000-000000000002",
    email: "coach@clarityai.test",
    role: "coach",
    firstName: "Daniel",
    lastName: "O'Connor",
    company: "O'Connor Business Coaching",
  },
  {
    id: "5eed0000-0000-4000-8000-000000000003",
    email: "client@clarityai.test",
    role: "client",
    firstName: "Sam",
    lastName: "Taylor",
    company: "Taylor's Tiling",
  },
] as const;

const demoUserRows: Row[] = DEMO_ACCOUNTS.map((account) => ({
  id: account.id,
  email: account.email,
  password_hash: DEMO_PASSWORD_HASH,
  email_confirmed_at: DEMO_CREATED_AT,
  user_metadata: JSON.stringify({ first_name: account.firstName, last_name: account.lastName }),
  app_metadata: JSON.stringify({ provider: "email", providers: ["email"] }),
  created_at: DEMO_CREATED_AT,
  updated_at: DEMO_CREATED_AT,
}));

const demoIdentityRows: Row[] = DEMO_ACCOUNTS.map((account) => ({
  id: account.id.replace("5eed0000", "5eed1d00"),
  user_id: account.id,
  provider: "email",
  provider_id: account.id,
  identity_data: JSON.stringify({ sub: account.id, email: account.email, email_verified: true, phone_verified: false }),
  email: account.email,
  created_at: DEMO_CREATED_AT,
  updated_at: DEMO_CREATED_AT,
}));

const demoProfileRows: Row[] = DEMO_ACCOUNTS.map((account) => ({
  user_id: account.id,
  first_name: account.firstName,
  last_name: account.lastName,
  company: account.company,
  created_at: DEMO_CREATED_AT,
  updated_at: DEMO_CREATED_AT,
}));

const demoRoleRows: Row[] = DEMO_ACCOUNTS.map((account) => ({ user_id: account.id, role: account.role, created_at: DEMO_CREATED_AT }));

export const SEED_STATEMENTS: string[] = [
  ...insertIfMissing("blog_posts", blogRows),
  ...insertIfMissing("case_studies", caseStudyRows),
  ...insertIfMissing("resources", resourceRows),
  ...insertIfMissing("users", demoUserRows),
  ...insertIfMissing("identities", demoIdentityRows),
  ...insertIfMissing("profiles", demoProfileRows),
  ...insertIfMissing("user_roles", demoRoleRows),
  // After the demo accounts: a lead's owner is one of them.
  ...insertIfMissing("leads", DEMO_LEADS),
  ...insertActivityIfMissing(DEMO_LEAD_ACTIVITIES),
];
