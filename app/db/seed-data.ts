// The demo content every local database gets (npm start, the workerd tests and the e2e server).
// Pure data → SQL, no Node APIs, so the workerd tests can apply the same statements.
// Rows are inserted only when missing: local edits are never overwritten.
import { BLOG_POSTS } from "~/content/blog-posts";
import { CASE_STUDIES } from "~/content/case-studies";
import { RESOURCES } from "~/content/resources";
import { allPageCopyPages, defaultPageCopy, pageCopyKey, pageCopyTitle } from "~/content/page-copy";
import { CURRICULUM } from "~/learning/curriculum";
import { curriculumRows } from "~/learning/curriculum/rows";

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
// every column on a fresh machine: a contact form, a booking request with marketing consent the
// address confirmed and an owner, and a Service Assistant conversation from a Google Ads click whose
// request for consent was never confirmed.
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
    marketing_consent_at: "2026-11-10T02:05:00.000Z",
    marketing_consent_source: "Booking form",
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

const DEMO_CONSENT_REQUESTS: Row[] = [
  {
    id: "5eed0000-0000-4000-8000-00000000c001",
    lead_id: "seed-lead-0002",
    source: "Booking form",
    page_path: "/booking",
    requested_at: "2026-11-10T01:40:00.000Z",
    expires_at: "2026-11-17T01:40:00.000Z",
    confirmed_at: "2026-11-10T02:05:00.000Z",
    confirmed_by: "email-link",
  },
  {
    id: "5eed0000-0000-4000-8000-00000000c002",
    lead_id: "seed-lead-0003",
    source: "Service Assistant: Let's connect form",
    page_path: "/services/business-coaching",
    requested_at: "2026-11-14T04:22:00.000Z",
    expires_at: "2026-11-21T04:22:00.000Z",
  },
];

/** A demo request for marketing consent, when its lead is there (another lead may already have the demo address). */
function insertConsentRequestIfMissing(rows: Row[]): string[] {
  return rows.map((row) => {
    const columns = Object.keys(row);
    const values = columns.map((c) => sqlValue(row[c] ?? null)).join(", ");
    return `INSERT OR IGNORE INTO marketing_consent_requests (${columns.join(", ")}) SELECT ${values} WHERE EXISTS (SELECT 1 FROM leads WHERE id = ${sqlValue(row.lead_id ?? null)});`;
  });
}

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

// Booking (app/booking/): what can be booked, the packages, and the coaches' schedules. Prices in
// cents, AUD, GST included; weekly hours in each coach's own time zone (0 = Sunday).
const bookingTypeRows: Row[] = [
  {
    id: "discovery",
    kind: "discovery",
    name: "Free discovery call",
    description: "A free 20-minute video call to talk through your business, your goals and whether coaching is right for you.",
    duration_minutes: 20,
    price_cents: 0,
    min_notice_minutes: 720,
    sort_order: 1,
  },
  {
    id: "session-60",
    kind: "session",
    name: "60-minute virtual session",
    description: "A one-hour video coaching session with your coach: a focused plan for what matters most in your business right now.",
    duration_minutes: 60,
    price_cents: 15000,
    min_notice_minutes: 1440,
    sort_order: 2,
  },
  {
    id: "session-90",
    kind: "session",
    name: "90-minute virtual session",
    description: "A longer video session for deeper work: strategy, a business plan review, or a problem that needs time.",
    duration_minutes: 90,
    price_cents: 22500,
    min_notice_minutes: 1440,
    sort_order: 3,
  },
];

const bookingPackageRows: Row[] = [
  {
    id: "package-4",
    name: "4-session package",
    description: "Four 60-minute virtual sessions at A$140 each: a month of weekly coaching, or a quarter of steady progress.",
    sessions: 4,
    duration_minutes: 60,
    price_cents: 56000,
    validity_months: 12,
    sort_order: 1,
  },
  {
    id: "package-10",
    name: "10-session package",
    description: "Ten 60-minute virtual sessions at A$130 each: ongoing coaching through a year of growth.",
    sessions: 10,
    duration_minutes: 60,
    price_cents: 130000,
    validity_months: 12,
    sort_order: 2,
  },
];

/** More seeded coaches, one per state, so "first available" and time zones have something to show. Same password as the demo accounts. */
export const SEEDED_COACHES = [
  {
    id: "5eed0000-0000-4000-8000-000000000004",
    email: "chloe.nguyen@clarityai.test",
    firstName: "Chloe",
    lastName: "Nguyen",
    company: "Westside Growth Coaching",
  },
  {
    id: "5eed0000-0000-4000-8000-000000000005",
    email: "james.whitfield@clarityai.test",
    firstName: "James",
    lastName: "Whitfield",
    company: "Whitfield Advisory",
  },
  {
    id: "5eed0000-0000-4000-8000-000000000006",
    email: "liam.murphy@clarityai.test",
    firstName: "Liam",
    lastName: "Murphy",
    company: "Sunshine Business Coaching",
  },
  {
    id: "5eed0000-0000-4000-8000-000000000007",
    email: "sophie.bennett@clarityai.test",
    firstName: "Sophie",
    lastName: "Bennett",
    company: "Bennett & Co Coaching",
  },
] as const;

const seededCoachUserRows: Row[] = SEEDED_COACHES.map((coach) => ({
  id: coach.id,
  email: coach.email,
  password_hash: DEMO_PASSWORD_HASH,
  email_confirmed_at: DEMO_CREATED_AT,
  user_metadata: JSON.stringify({ first_name: coach.firstName, last_name: coach.lastName }),
  app_metadata: JSON.stringify({ provider: "email", providers: ["email"] }),
  created_at: DEMO_CREATED_AT,
  updated_at: DEMO_CREATED_AT,
}));

const seededCoachIdentityRows: Row[] = SEEDED_COACHES.map((coach) => ({
  id: coach.id.replace("5eed0000", "5eed1d00"),
  user_id: coach.id,
  provider: "email",
  provider_id: coach.id,
  identity_data: JSON.stringify({ sub: coach.id, email: coach.email, email_verified: true, phone_verified: false }),
  email: coach.email,
  created_at: DEMO_CREATED_AT,
  updated_at: DEMO_CREATED_AT,
}));

const seededCoachProfileRows: Row[] = SEEDED_COACHES.map((coach) => ({
  user_id: coach.id,
  first_name: coach.firstName,
  last_name: coach.lastName,
  company: coach.company,
  created_at: DEMO_CREATED_AT,
  updated_at: DEMO_CREATED_AT,
}));

const seededCoachRoleRows: Row[] = SEEDED_COACHES.map((coach) => ({ user_id: coach.id, role: "coach", created_at: DEMO_CREATED_AT }));

type Interval = [string, string];
const weekdays = (intervals: Interval[], days = [1, 2, 3, 4, 5]): Record<string, Interval[]> =>
  Object.fromEntries(["0", "1", "2", "3", "4", "5", "6"].map((day) => [day, days.includes(Number(day)) ? intervals : []]));

const coachScheduleRows: Row[] = [
  {
    coach_id: DEMO_COACH_ID,
    slug: "daniel-oconnor",
    display_name: "Daniel O'Connor",
    headline: "Cash flow, pricing and growing a team for trades and service businesses",
    time_zone: "Australia/Sydney",
    state: "NSW",
    weekly_hours: JSON.stringify(
      weekdays([
        ["09:00", "12:30"],
        ["13:30", "17:00"],
      ]),
    ),
  },
  {
    coach_id: SEEDED_COACHES[0].id,
    slug: "chloe-nguyen",
    display_name: "Chloe Nguyen",
    headline: "Retail, e-commerce and marketing that brings customers back",
    time_zone: "Australia/Perth",
    state: "WA",
    weekly_hours: JSON.stringify(
      weekdays([
        ["08:00", "12:00"],
        ["13:00", "16:30"],
      ]),
    ),
  },
  {
    coach_id: SEEDED_COACHES[1].id,
    slug: "james-whitfield",
    display_name: "James Whitfield",
    headline: "Business plans, finance and systems for growing firms",
    time_zone: "Australia/Adelaide",
    state: "SA",
    weekly_hours: JSON.stringify(
      weekdays(
        [
          ["09:30", "12:30"],
          ["13:30", "17:30"],
        ],
        [2, 3, 4, 5, 6],
      ),
    ),
  },
  {
    coach_id: SEEDED_COACHES[2].id,
    slug: "liam-murphy",
    display_name: "Liam Murphy",
    headline: "Hospitality and tourism operators: rosters, margins and service",
    time_zone: "Australia/Brisbane",
    state: "QLD",
    weekly_hours: JSON.stringify(
      weekdays(
        [
          ["10:00", "13:00"],
          ["14:00", "18:00"],
        ],
        [1, 2, 3, 4],
      ),
    ),
  },
  {
    coach_id: SEEDED_COACHES[3].id,
    slug: "sophie-bennett",
    display_name: "Sophie Bennett",
    headline: "Health, wellbeing and creative practices: a business that runs without you",
    time_zone: "Australia/Hobart",
    state: "TAS",
    weekly_hours: JSON.stringify(
      weekdays(
        [
          ["09:00", "12:00"],
          ["12:45", "15:30"],
        ],
        [1, 3, 5],
      ),
    ),
  },
].map((row) => ({ ...row, buffer_minutes: 15, daily_max: 6, horizon_days: 60, updated_at: DEMO_CREATED_AT }));

// A demo discovery call in the past (Wednesday 25 November 2026, 10 am in Sydney) between the demo
// client and the demo coach, still confirmed: the admins' bookings list has a session whose outcome
// is to be recorded, and the demo client's Bookings tab a past call.
const demoBookingRows: Row[] = [
  {
    id: "5eedb00c-0000-4000-8000-000000000001",
    reference: "CA-DEMO01",
    coach_id: DEMO_COACH_ID,
    client_id: DEMO_ACCOUNTS[2].id,
    booking_type_id: "discovery",
    starts_at: "2026-11-24T23:00:00.000Z",
    ends_at: "2026-11-24T23:20:00.000Z",
    status: "confirmed",
    name: `${DEMO_ACCOUNTS[2].firstName} ${DEMO_ACCOUNTS[2].lastName}`,
    email: DEMO_ACCOUNTS[2].email,
    company: DEMO_ACCOUNTS[2].company,
    business_type: "Trades and construction",
    notes: "Quoting jobs and keeping cash coming in over winter.",
    client_time_zone: "Australia/Sydney",
    payment_method: "free",
    price_cents: 0,
    created_at: "2026-11-18T02:10:00.000Z",
    updated_at: "2026-11-18T02:10:00.000Z",
  },
];

// The demo client's learning: the cash-flow module started, its first two lessons done and the
// forecast lesson part-read (so /learning offers "Continue"), and the pricing lesson the demo coach
// assigned after the discovery call above (so the hub shows an assignment and the coach's client
// page its progress).
const DEMO_LEARNING_STARTED_AT = "2026-11-25T08:30:00.000Z";
const demoEnrolmentRows: Row[] = [
  {
    user_id: DEMO_ACCOUNTS[2].id,
    module_id: "cash-flow",
    started_at: DEMO_LEARNING_STARTED_AT,
    last_lesson_id: "cash-flow-13-week-forecast",
    last_visited_at: "2026-11-26T09:10:00.000Z",
    completed_at: null,
  },
];
const demoLessonProgressRows: Row[] = (
  [
    ["cash-flow-profit-is-not-cash", "2026-11-25T08:30:00.000Z", "2026-11-25T08:45:00.000Z", 1],
    ["cash-flow-get-paid-faster", "2026-11-25T08:46:00.000Z", "2026-11-25T09:05:00.000Z", 1],
    ["cash-flow-13-week-forecast", "2026-11-26T09:00:00.000Z", null, 0.3],
  ] as const
).map(([lessonId, startedAt, completedAt, position]) => ({
  user_id: DEMO_ACCOUNTS[2].id,
  lesson_id: lessonId,
  module_id: "cash-flow",
  started_at: startedAt,
  completed_at: completedAt,
  reading_position: position,
  updated_at: completedAt ?? startedAt,
}));
const demoAssignmentRows: Row[] = [
  {
    id: "5eed1ea0-0000-4000-8000-000000000001",
    coach_id: DEMO_COACH_ID,
    client_id: DEMO_ACCOUNTS[2].id,
    lesson_id: "pricing-margins-gst-inclusive-price",
    booking_id: "5eedb00c-0000-4000-8000-000000000001",
    due_on: "2026-12-04",
    note: "Before our next session, run your three most common jobs through the pricing calculator and bring the numbers.",
    created_at: "2026-11-25T00:05:00.000Z",
    updated_at: "2026-11-25T00:05:00.000Z",
  },
];

// A demo session whose meeting room is open now, so anyone can try a video call straight after
// `npm start` (README "Try a video call"): the demo client with the demo coach. Unlike the rows
// above it moves: every start puts it at the current time again (the same booking, never a second
// one), confirmed, with a long enough session that its room stays open for about three hours.
export const DEMO_MEETING_ID = "5eedb00c-0000-4000-8000-000000000002";
const DEMO_MEETING_MINUTES = 150;

/** The statements that (re)place the demo session at `now`: its room opens at once and stays open about three hours. */
export function demoMeetingStatements(now: Date): string[] {
  // Started on the last 5-minute mark, so the room (open from 10 minutes before) is open already.
  const startsAt = new Date(Math.floor(now.getTime() / 300_000) * 300_000);
  const endsAt = new Date(startsAt.getTime() + DEMO_MEETING_MINUTES * 60_000);
  const client = DEMO_ACCOUNTS[2];
  const row: Row = {
    id: DEMO_MEETING_ID,
    reference: "CA-DEMO02",
    coach_id: DEMO_COACH_ID,
    client_id: client.id,
    booking_type_id: "discovery",
    starts_at: startsAt.toISOString(),
    ends_at: endsAt.toISOString(),
    status: "confirmed",
    name: `${client.firstName} ${client.lastName}`,
    email: client.email,
    company: client.company,
    business_type: "Trades and construction",
    notes: "Demo session for trying a video call: every npm start moves it to the current time.",
    client_time_zone: "Australia/Sydney",
    payment_method: "free",
    price_cents: 0,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  const at = sqlValue(now.toISOString());
  return [
    ...insertIfMissing("bookings", [row]),
    `UPDATE bookings SET starts_at = ${sqlValue(row.starts_at!)}, ends_at = ${sqlValue(row.ends_at!)}, status = 'confirmed', cancelled_at = NULL, cancelled_by = NULL, cancel_reason = NULL, updated_at = ${at} WHERE id = ${sqlValue(DEMO_MEETING_ID)};`,
    // Its confirmation counts as sent: the demo accounts get no email about it at each start.
    `INSERT OR IGNORE INTO booking_notices (booking_id, kind, sent_at) VALUES (${sqlValue(DEMO_MEETING_ID)}, 'confirmation:0', ${at});`,
  ];
}

// Each seeded coach's public profile on the booking page (no photo: the page shows their initials).
const COACH_PUBLIC_PROFILES: Record<string, { bio: string; specialties: string[]; industries: string[] }> = {
  "daniel-oconnor": {
    bio: "Daniel ran a Sydney electrical contracting business for twelve years before he started coaching. He helps trades and service businesses price jobs properly, keep cash coming in between big projects and build a team that can run the tools without the owner on every site.",
    specialties: ["strategic-planning", "operational-improvement"],
    industries: ["Trades and construction", "Professional services"],
  },
  "chloe-nguyen": {
    bio: "Chloe built and sold a Perth homewares brand with shops and an online store. She coaches retailers and online sellers on the numbers behind their marketing, stock that turns over, and the systems that let a small team handle a busy season without burning out.",
    specialties: ["digital-systems", "strategic-planning"],
    industries: ["Retail and e-commerce", "Creative and marketing"],
  },
  "james-whitfield": {
    bio: "James is a chartered accountant who spent fifteen years advising growing firms in Adelaide. He works with owners on business plans they actually use, monthly reporting they can read in ten minutes, and choosing software that fits how the business already works.",
    specialties: ["strategic-planning", "software-solutions"],
    industries: ["Professional services", "Manufacturing", "Agriculture"],
  },
  "liam-murphy": {
    bio: "Liam managed restaurants and tour operations across Queensland before coaching hospitality owners. He helps cafés, pubs and tourism operators fix rosters and margins, tighten their service routines and get through the quiet months with cash in the bank.",
    specialties: ["operational-improvement", "digital-systems"],
    industries: ["Hospitality and food", "Retail and e-commerce"],
  },
  "sophie-bennett": {
    bio: "Sophie ran a Melbourne allied-health clinic with three locations. She coaches health, wellbeing and creative practices on building a business that runs without them: clear processes, the right booking and practice software, and a plan for the next three years.",
    specialties: ["operational-improvement", "software-solutions", "strategic-planning"],
    industries: ["Health and wellbeing", "Creative and marketing"],
  },
};

// Every seeded coach has finished onboarding, so each is bookable from the first start.
const coachProfileRows: Row[] = coachScheduleRows.map((schedule) => ({
  coach_id: schedule.coach_id as string,
  bio: COACH_PUBLIC_PROFILES[schedule.slug as string]?.bio ?? "",
  specialties: JSON.stringify(COACH_PUBLIC_PROFILES[schedule.slug as string]?.specialties ?? []),
  industries: JSON.stringify(COACH_PUBLIC_PROFILES[schedule.slug as string]?.industries ?? []),
  onboarding_completed_at: DEMO_CREATED_AT,
  created_at: DEMO_CREATED_AT,
  updated_at: DEMO_CREATED_AT,
}));

const curriculum = curriculumRows(CURRICULUM);

// The service and location pages' copy, first written in code (app/content/page-copy.ts): published
// as it is, so the pages read the same before and after their first edit.
const pageCopyRows: Row[] = allPageCopyPages().map(({ kind, slug }) => {
  const fields = JSON.stringify(defaultPageCopy(kind, slug));
  return {
    key: pageCopyKey(kind, slug),
    kind,
    slug,
    title: pageCopyTitle(kind, slug),
    fields,
    draft: fields,
    status: "published",
    published_at: "2026-11-01T00:00:00.000Z",
  };
});

export const SEED_STATEMENTS: string[] = [
  ...insertIfMissing("blog_posts", blogRows),
  ...insertIfMissing("case_studies", caseStudyRows),
  ...insertIfMissing("resources", resourceRows),
  ...insertIfMissing("users", demoUserRows),
  ...insertIfMissing("identities", demoIdentityRows),
  ...insertIfMissing("profiles", demoProfileRows),
  ...insertIfMissing("user_roles", demoRoleRows),
  ...insertIfMissing("users", seededCoachUserRows),
  ...insertIfMissing("identities", seededCoachIdentityRows),
  ...insertIfMissing("profiles", seededCoachProfileRows),
  ...insertIfMissing("user_roles", seededCoachRoleRows),
  ...insertIfMissing("booking_types", bookingTypeRows),
  ...insertIfMissing("booking_packages", bookingPackageRows),
  ...insertIfMissing("coach_schedules", coachScheduleRows),
  ...insertIfMissing("coach_profiles", coachProfileRows),
  ...insertIfMissing("bookings", demoBookingRows),
  // After the demo accounts: a lead's owner is one of them.
  ...insertIfMissing("leads", DEMO_LEADS),
  ...insertActivityIfMissing(DEMO_LEAD_ACTIVITIES),
  ...insertConsentRequestIfMissing(DEMO_CONSENT_REQUESTS),
  ...insertIfMissing("page_copy", pageCopyRows),
  ...insertIfMissing("learning_modules", curriculum.modules),
  ...insertIfMissing("learning_lessons", curriculum.lessons),
  ...insertIfMissing("learning_questions", curriculum.questions),
  ...insertIfMissing("learning_enrolments", demoEnrolmentRows),
  ...insertIfMissing("learning_lesson_progress", demoLessonProgressRows),
  ...insertIfMissing("learning_assignments", demoAssignmentRows),
];
