/**
 * What the app answers, page by page, as each kind of user: for checking that a restructuring changes
 * no behaviour. It serves the current build on fresh seeded state, visits every section as a visitor,
 * the demo client, coach and admin, posts every form it finds with only its hidden fields (the no-JS
 * path: each answers its validation message), and writes what came back — status, redirect and the
 * page's text with numbers, ids and dates masked — to a JSON file. Two snapshots compare with --compare.
 *
 *   npm run build && npx tsx scripts/render-snapshot.ts --out before.json [--port 8798]
 *   (change the code)
 *   npm run build && npx tsx scripts/render-snapshot.ts --out after.json
 *   npx tsx scripts/render-snapshot.ts --compare before.json after.json
 */
import { readFileSync, writeFileSync } from "node:fs";
import { freshState, portFlag, signIn, startServer } from "./bench-support";

const PASSWORD = "Demo-Coaching-2026!";
const PERSONAS = {
  visitor: null,
  client: "client@clarityai.test",
  coach: "coach@clarityai.test",
  admin: "admin@clarityai.test",
} as const;
type Persona = keyof typeof PERSONAS;

/** Pages behind sign-in, and public pages the sitemap does not list. The sitemap adds the rest. */
const FIXED_PATHS = [
  "/",
  "/auth",
  "/auth?step=sign-up",
  "/booking",
  "/booking?type=discovery",
  "/booking?type=discovery&coach=any",
  "/booking-confirmation",
  "/booking/checkout-cancelled",
  "/payment-success",
  "/payment-canceled",
  "/unsubscribe",
  "/profile",
  ...["details", "bookings", "billing", "ai-assistant", "security", "privacy"].map((tab) => `/profile?tab=${tab}`),
  "/profile/export.json",
  "/coach",
  "/coach/availability",
  "/admin",
  "/admin/users",
  "/admin/audit",
  "/admin/bookings",
  "/admin/escalations",
  "/admin/jobs",
  "/admin/leads",
  "/admin/leads.csv",
  "/admin/marketing",
  "/admin/marketing.csv",
  "/admin/outbox",
  "/learning",
  "/learning/module/unknown",
  "/learning/lesson/unknown",
  "/meeting/unknown",
  "/ai-coach/status",
  "/blog/rss.xml",
  "/sitemap.xml",
  "/no-such-page",
];

/** Detail pages reached from a list: the first few links of each list, as its persona sees it. */
const DETAIL_LINKS = [/^\/admin\/(bookings|escalations|leads|outbox)\/[^/?#]+$/, /^\/booking\?[^#]*day=/, /^\/profile\/(payments|invoices|credit-notes)\//];
const DETAILS_PER_PATTERN = 3;

type Answer = { status: number; location: string | null; type: string; text: string };
type Snapshot = Record<string, Answer>;

function mask(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<id>")
    .replace(/\b(cs|cus|sub|in|pi|ch|re|evt|price|prod)_[A-Za-z0-9_]+/g, "<stripe-id>")
    .replace(/[A-Za-z0-9_-]{32,}/g, "<token>")
    .replace(/\d+/g, "#")
    .replace(/\s+/g, " ")
    .trim();
}

/** The page as a reader meets it: text, link targets and form fields, without scripts, styles or nonces. */
function normalise(body: string, type: string): string {
  if (!type.includes("html")) return mask(body).slice(0, 20_000);
  const withoutCode = body.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<style\b[\s\S]*?<\/style>/gi, "");
  const marks: string[] = [];
  for (const [, tag, attributes] of withoutCode.matchAll(/<(a|form|input|button|select|textarea|h[1-6]|label)\b([^>]*)>/gi)) {
    const kept = [...attributes!.matchAll(/\b(href|action|method|name|type|value|for|aria-current|disabled|required)="([^"]*)"/g)]
      .filter(([, name, value]) => !(name === "value" && value!.length > 60))
      .map(([, name, value]) => `${name}=${value}`)
      .join(" ");
    marks.push(`<${tag!.toLowerCase()} ${kept}>`);
  }
  const text = withoutCode
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
  return mask(`${marks.join("")} ${text}`);
}

async function visit(origin: string, path: string, cookie: string | null, init: RequestInit = {}): Promise<{ answer: Answer; body: string }> {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("Cookie", cookie);
  headers.set("Origin", origin);
  // A fixed address per run, so per-source rate limits see the same requests in both snapshots.
  headers.set("CF-Connecting-IP", "203.0.113.77");
  const response = await fetch(`${origin}${path}`, { ...init, headers, redirect: "manual" });
  const type = response.headers.get("Content-Type") ?? "";
  const body = await response.text();
  const location = response.headers.get("Location");
  return {
    answer: { status: response.status, location: location ? mask(location.replace(origin, "")) : null, type: type.split(";")[0]!, text: normalise(body, type) },
    body,
  };
}

type FormSpec = { action: string; fields: [string, string][]; submits: [string, string][] };

function formsOf(body: string, path: string): FormSpec[] {
  const forms: FormSpec[] = [];
  for (const [, attributes, inner] of body.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    if (!/method="post"/i.test(attributes!)) continue;
    const action = /action="([^"]*)"/i.exec(attributes!)?.[1]?.replace(/&amp;/g, "&") || path;
    const fields: [string, string][] = [];
    const submits: [string, string][] = [];
    for (const [tag] of inner!.matchAll(/<(input|button)\b[^>]*>/gi)) {
      const name = /\bname="([^"]*)"/.exec(tag)?.[1];
      const value = /\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "";
      if (!name) continue;
      if (/type="hidden"/.test(tag)) fields.push([name, value.replace(/&amp;/g, "&")]);
      else if (/^<button/i.test(tag) || /type="submit"/.test(tag)) submits.push([name, value]);
    }
    forms.push({ action, fields, submits: submits.length ? submits : [["", ""]] });
  }
  return forms;
}

// Posts that would end the persona's session or change what later pages show for every persona.
const SKIPPED_POSTS = /sign-out|signout|delete-account|revoke|sign-out-everywhere/i;

async function snapshotOf(origin: string): Promise<Snapshot> {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const publicPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => new URL(url!).pathname);
  const paths = [...new Set([...FIXED_PATHS, ...publicPaths])];
  const snapshot: Snapshot = {};
  for (const [persona, email] of Object.entries(PERSONAS) as [Persona, string | null][]) {
    const cookie = email ? await signIn(origin, { email, password: PASSWORD }, "/") : null;
    const queue = [...paths];
    const seen = new Set<string>();
    const detailCounts = new Map<RegExp, number>();
    while (queue.length) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const { answer, body } = await visit(origin, path, cookie);
      snapshot[`${persona} GET ${mask(path)}`] = answer;
      if (!answer.type.includes("html") || answer.status !== 200) continue;
      for (const [, href] of body.matchAll(/href="([^"#]+)"/g)) {
        const link = href!.replace(/&amp;/g, "&");
        const pattern = DETAIL_LINKS.find((candidate) => candidate.test(link));
        if (!pattern || seen.has(link)) continue;
        const count = detailCounts.get(pattern) ?? 0;
        if (count >= DETAILS_PER_PATTERN) continue;
        detailCounts.set(pattern, count + 1);
        queue.push(link);
      }
      for (const form of formsOf(body, path)) {
        for (const [name, value] of form.submits) {
          if (SKIPPED_POSTS.test(`${form.action} ${name} ${value}`)) continue;
          const fields = new URLSearchParams(form.fields);
          if (name) fields.set(name, value);
          const posted = await visit(origin, form.action, cookie, { method: "POST", body: fields });
          snapshot[`${persona} POST ${mask(form.action)} ${name}=${value} (from ${mask(path)})`] = posted.answer;
        }
      }
    }
  }
  return snapshot;
}

function compare(before: Snapshot, after: Snapshot): number {
  let differences = 0;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    differences += 1;
    if (!a || !b) {
      console.log(`${a ? "only before" : "only after"}: ${key}`);
      continue;
    }
    const changed = (["status", "location", "type"] as const).filter((field) => a[field] !== b[field]).map((field) => `${field} ${a[field]} → ${b[field]}`);
    if (a.text !== b.text) {
      let at = 0;
      while (at < a.text.length && a.text[at] === b.text[at]) at += 1;
      changed.push(`text differs at ${at}: «${a.text.slice(Math.max(0, at - 40), at + 80)}» → «${b.text.slice(Math.max(0, at - 40), at + 80)}»`);
    }
    console.log(`${key}\n  ${changed.join("\n  ")}`);
  }
  console.log(`${differences} of ${new Set([...Object.keys(before), ...Object.keys(after)]).size} answers differ`);
  return differences;
}

const compareAt = process.argv.indexOf("--compare");
if (compareAt > -1) {
  const [first, second] = process.argv.slice(compareAt + 1, compareAt + 3);
  if (!first || !second) throw new Error("usage: --compare before.json after.json");
  const differences = compare(JSON.parse(readFileSync(first, "utf8")) as Snapshot, JSON.parse(readFileSync(second, "utf8")) as Snapshot);
  process.exit(differences ? 1 : 0);
} else {
  const outAt = process.argv.indexOf("--out");
  const out = outAt > -1 ? process.argv[outAt + 1] : undefined;
  if (!out) throw new Error("usage: --out snapshot.json");
  const port = portFlag(8798);
  const state = freshState("render-snapshot-");
  const server = await startServer({ port, state });
  try {
    const snapshot = await snapshotOf(`http://127.0.0.1:${port}`);
    writeFileSync(out, `${JSON.stringify(snapshot, null, 1)}\n`);
    console.log(`${Object.keys(snapshot).length} answers written to ${out}`);
  } finally {
    server.stop();
    state.remove();
  }
}
