import { env } from "cloudflare:workers";
import { afterAll, beforeAll, beforeEach, expect, inject, test, vi } from "vitest";
import { answerOf } from "./answer";
import { HEADER_PAYLOADS, ipv4Variants, ipv6NetworkVariants, MARKUP, UNKNOWN_MARKER, type Payload } from "./corpus";
import { buildTargets, createFixtures, REDIRECT_HOSTS, type Fixtures, type LimitedEndpoint, type Probe, type Target } from "./targets";

// The security fuzz suite: replays the corpus (corpus.ts) over every form, query parameter, path
// segment, cookie and auth API field (targets.ts) and checks each answer:
//   - no 5xx, and nothing thrown out of the Worker's fetch handler;
//   - no stack trace or internal error text in any body;
//   - no reflected markup: a <script>/<img onerror> payload never comes back unescaped in HTML;
//   - no redirect to another site, and unknown form or JSON fields never echoed back;
//   - what a target marks unchanged (a lead a stranger writes to) stays so, whatever was accepted;
//   - nothing half-written: a rejected sign-up leaves no users/identities/profiles row and a
//     rejected lead no leads row (each request carries its own marker email and name), a batch of
//     rejected requests leaves the target's state as it was, and no orphan rows appear anywhere;
//   - and, by the console-error guard, no console.error from the app.
// Every finding names the endpoint, the field and the payload; each target is one test that
// collects its findings and fails once with the whole list. Requests in a batch run concurrently,
// each from a client address of its own so per-source rate limits don't cut the fuzz short (a 429
// is still an acceptable answer). The targets are split between fuzz-forms.test.ts and
// fuzz-requests.test.ts, which run side by side, each on a database of its own.

type Finding = { kind: string; probe: Probe; status: number; detail: string };

const STACK_TRACE = [
  /\bat (?:async )?[\w$.<>[\] ]+ \((?:[^()\s]+):\d+:\d+\)/,
  /Error: .*\n\s+at /,
  /node_modules\//,
  /workers\/app\.ts/,
  /build\/server\//,
  /\b(?:D1_ERROR|SQLITE_[A-Z]+|SqliteError)\b/,
  /\b(?:TypeError|RangeError|ReferenceError|SyntaxError): /,
  /Cannot read propert(?:y|ies) of|is not a function|Maximum call stack/,
];

let fixtures: Fixtures;
let logged: string[] = [];
let requests = 0;
let ipSerial = 0;
const statuses = new Map<number, number>();
const started = Date.now();

/** A client address of its own for each request: its own /64, in the documentation range. */
function nextIp() {
  ipSerial++;
  return `2001:db8:f0${(ipSerial >>> 16).toString(16)}:${(ipSerial & 0xffff).toString(16)}::1`;
}

function where(probe: Probe) {
  return `${probe.endpoint} · ${probe.field} · ${probe.label}`;
}

function snippet(text: string, length = 240) {
  // eslint-disable-next-line no-control-regex -- make control characters visible in the report
  const flat = text.replace(/[\u0000-\u001f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

async function send(probe: Probe, ip = nextIp()): Promise<{ status: number; findings: Finding[] }> {
  requests++;
  let response: Response;
  let body: string;
  try {
    [response, body] = await answerOf(await probe.request(ip), async (answer) => [answer, await answer.text()] as const, probe.bindings ?? env);
  } catch (error) {
    return { status: 0, findings: [{ kind: "threw", probe, status: 0, detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }] };
  }
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  return { status: response.status, findings: inspect(probe, response, body) };
}

/** Everything wrong with one answer, by the rules at the top of this file. */
export function inspect(probe: Probe, response: Response, body: string): Finding[] {
  const findings: Finding[] = [];
  const status = response.status;
  const found = (kind: string, detail: string) => findings.push({ kind, probe, status, detail });
  const around = (index: number) => `…${snippet(body.slice(Math.max(0, index - 120), index + 60))}`;

  if (status >= 500) {
    // An error page says little beyond its title; the console.error finding of the batch names the cause.
    const title = /<title>([^<]*)<\/title>/.exec(body)?.[1];
    found("5xx", title ? `HTML page "${title}"` : snippet(body));
  }
  const trace = STACK_TRACE.find((pattern) => pattern.test(body));
  if (trace) found("stack-trace", `${trace}: ${around(body.search(trace))}`);
  if ((response.headers.get("Content-Type") ?? "").includes("text/html")) {
    const reflected = MARKUP.find((markup) => body.includes(markup));
    if (reflected) found("reflected-markup", `${reflected} at ${around(body.indexOf(reflected))}`);
  }
  if (probe.label.startsWith("unknown-fields") && body.includes(UNKNOWN_MARKER)) found("echoed-unknown-field", around(body.indexOf(UNKNOWN_MARKER)));
  const location = response.headers.get("Location");
  if (location) {
    let target: URL | null = null;
    try {
      target = new URL(location, "http://localhost/");
    } catch {
      found("bad-redirect", `unparseable Location ${snippet(location)}`);
    }
    if (target && (!["http:", "https:"].includes(target.protocol) || !REDIRECT_HOSTS.has(target.hostname)))
      found("open-redirect", `Location ${snippet(location)}`);
  }
  return findings;
}

/** A rejected request's marker rows: there must be none. */
export async function leftovers(probe: Probe): Promise<string | null> {
  const tag = probe.tag!;
  if (tag.table === "leads") {
    const n = await env.DB.prepare("SELECT count(*) AS n FROM leads WHERE email = ?1 OR name = ?2").bind(tag.email, tag.name).first<number>("n");
    return n ? `${n} leads row(s) for ${tag.email} / ${tag.name}` : null;
  }
  const row = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM users WHERE email = ?1) AS users, (SELECT count(*) FROM identities WHERE email = ?1) AS identities,
            (SELECT count(*) FROM profiles WHERE first_name = ?2) AS profiles`,
  )
    .bind(tag.email, tag.name)
    .first<{ users: number; identities: number; profiles: number }>();
  return row && row.users + row.identities + row.profiles > 0
    ? `users ${row.users}, identities ${row.identities}, profiles ${row.profiles} for ${tag.email} / ${tag.name}`
    : null;
}

/** Rows that point at nothing, or accounts missing their identity or profile: counted once, then must not grow. */
async function orphans() {
  return env.DB.prepare(
    `SELECT (SELECT count(*) FROM identities WHERE user_id NOT IN (SELECT id FROM users)) AS identities_without_user,
            (SELECT count(*) FROM profiles WHERE user_id NOT IN (SELECT id FROM users)) AS profiles_without_user,
            (SELECT count(*) FROM user_roles WHERE user_id NOT IN (SELECT id FROM users)) AS roles_without_user,
            (SELECT count(*) FROM users WHERE id NOT IN (SELECT user_id FROM identities)) AS users_without_identity,
            (SELECT count(*) FROM users WHERE id NOT IN (SELECT user_id FROM profiles)) AS users_without_profile`,
  ).first<Record<string, number>>();
}

/** "a.b: x → y" for each leaf that differs between two snapshots. */
function differences(before: unknown, after: unknown, path = ""): string {
  if (JSON.stringify(before) === JSON.stringify(after)) return "";
  if (before && after && typeof before === "object" && typeof after === "object") {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys]
      .map((key) => differences((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], path ? `${path}.${key}` : key))
      .filter(Boolean)
      .join("; ");
  }
  return `${path}: ${snippet(JSON.stringify(before) ?? "undefined", 80)} → ${snippet(JSON.stringify(after) ?? "undefined", 80)}`;
}

async function run(target: Target) {
  const findings: Finding[] = [];
  const orphansBefore = await orphans();
  for (let i = 0; i < target.probes.length; i += target.concurrency) {
    const batch = target.probes.slice(i, i + target.concurrency);
    const before = target.snapshot ? JSON.stringify(await target.snapshot()) : null;
    const fixed = target.unchanged ? JSON.stringify(await target.unchanged()) : null;
    const errorsBefore = logged.length;
    const outcomes = await Promise.all(batch.map((probe) => send(probe)));
    outcomes.forEach((outcome) => findings.push(...outcome.findings));

    // Whatever the app logged with console.error during this batch, next to the requests that failed.
    const errors = logged.slice(errorsBefore);
    if (errors.length) {
      const failed = batch.filter((_, n) => outcomes[n]!.status >= 500 || outcomes[n]!.status === 0);
      const suspect = failed[0] ?? batch[0]!;
      findings.push({
        kind: "console.error",
        probe: suspect,
        status: failed.length ? outcomes[batch.indexOf(suspect)]!.status : 0,
        detail: `${errors.map((line) => snippet(line, 200)).join(" | ")}${failed.length === 1 ? "" : ` (batch of ${batch.length}, ${failed.length} failed)`}`,
      });
    }

    // Nothing half-written: a rejected request's own marker rows, and the target's state.
    for (const [n, probe] of batch.entries()) {
      const status = outcomes[n]!.status;
      if (!probe.tag || (status < 400 && !probe.tag.noWrite)) continue;
      const left = await leftovers(probe);
      if (left) findings.push({ kind: "half-written", probe, status, detail: left });
    }
    if (before !== null && outcomes.every((outcome) => outcome.status >= 400)) {
      const after = JSON.stringify(await target.snapshot!());
      if (after !== before) {
        const changes = differences(JSON.parse(before), JSON.parse(after));
        findings.push({ kind: "half-written", probe: batch[0]!, status: outcomes[0]!.status, detail: `batch of ${batch.length} all rejected, yet ${changes}` });
      }
    }
    if (fixed !== null) {
      const after = JSON.stringify(await target.unchanged!());
      if (after !== fixed) {
        const changes = differences(JSON.parse(fixed), JSON.parse(after));
        const sent = batch.map((probe, n) => `${probe.field} · ${probe.label} → ${outcomes[n]!.status}`).join(", ");
        findings.push({ kind: "overwritten", probe: batch[0]!, status: outcomes[0]!.status, detail: `${changes} (batch: ${sent})` });
      }
    }
    await target.afterBatch?.();
  }
  const orphansAfter = await orphans();
  for (const [name, count] of Object.entries(orphansAfter ?? {})) {
    if (count > (orphansBefore?.[name] ?? 0)) {
      findings.push({
        kind: "half-written",
        probe: target.probes[0]!,
        status: 0,
        detail: `${name}: ${orphansBefore?.[name] ?? 0} → ${count} during "${target.name}"`,
      });
    }
  }
  return findings;
}

function report(findings: Finding[]) {
  return findings.map((f) => `[${f.kind}] ${where(f.probe)} → ${f.status || "-"}: ${f.detail}`).join("\n");
}

export async function fuzz(target: Target) {
  const findings = await run(target);
  expect(findings.length, `${findings.length} finding(s) in "${target.name}" (${target.probes.length} requests):\n${report(findings)}`).toBe(0);
}

/**
 * One source's spellings against a limited endpoint: its first `limit` requests (sent 16 at a time,
 * each spelled another way) are answered, the next one is refused with 429 and stores nothing, and
 * a neighbouring source is still answered. What goes wrong is returned as findings.
 */
async function oneSource(endpoint: LimitedEndpoint, spellings: readonly Payload[], neighbour: Payload): Promise<Finding[]> {
  const findings: Finding[] = [];
  const sendAs = async (spelling: Payload) => {
    const probe = endpoint.probe(spelling.label);
    const outcome = await send(probe, spelling.value);
    findings.push(...outcome.findings);
    return { probe, status: outcome.status };
  };
  for (let i = 0; i < endpoint.rule.limit; i += 16) {
    const answers = await Promise.all(spellings.slice(i, Math.min(i + 16, endpoint.rule.limit)).map(sendAs));
    for (const { probe, status } of answers) {
      if (status === 429)
        findings.push({ kind: "refused-under-limit", probe, status, detail: `refused before ${endpoint.rule.limit} requests came from this source` });
    }
  }
  const over = await sendAs(spellings[endpoint.rule.limit]!);
  if (over.status !== 429) {
    findings.push({
      kind: "not-one-source",
      probe: over.probe,
      status: over.status,
      detail: `request ${endpoint.rule.limit + 1} from one source (${spellings[endpoint.rule.limit]!.value}) was not refused: its spellings were not counted as one source`,
    });
  } else if (over.probe.tag) {
    const left = await leftovers(over.probe);
    if (left) findings.push({ kind: "half-written", probe: over.probe, status: over.status, detail: left });
  }
  const other = await sendAs(neighbour);
  if (other.status === 429) {
    findings.push({ kind: "neighbour-refused", probe: other.probe, status: 429, detail: `${neighbour.value} is another source, yet it was refused` });
  }
  return findings;
}

const compressedNetwork = (groups: number[]) => groups.map((group) => group.toString(16)).join(":");

/**
 * Runs a family of spellings once, and once more from other sources if the limit's fixed window
 * ended meanwhile (a count that restarts halfway is not a finding).
 */
async function inOneWindow(endpoint: LimitedEndpoint, family: (attempt: number) => [Payload[], Payload]) {
  for (let attempt = 0; ; attempt++) {
    const window = Math.floor(Date.now() / endpoint.rule.windowMs);
    const findings = await oneSource(endpoint, ...family(attempt));
    if (findings.length === 0 || attempt === 1 || Math.floor(Date.now() / endpoint.rule.windowMs) === window) return findings;
  }
}

/**
 * The IPv6 /64 variants (corpus.ts) against one limited endpoint: many addresses inside one /64,
 * and one IPv4 address plain and IPv4-mapped, each family counted as one source. `index` gives the
 * endpoint a /64 and an IPv4 address of its own.
 */
export async function fuzzOneSource(endpoint: LimitedEndpoint, index: number) {
  const count = endpoint.rule.limit + 1;
  const findings = [
    ...(await inOneWindow(endpoint, (attempt) => {
      const network = [0x2001, 0xdb8, 0x5000 + index, 0x64 + 2 * attempt];
      const neighbour = compressedNetwork([...network.slice(0, 3), network[3]! + 1]);
      return [ipv6NetworkVariants(network, count), { label: "ipv6-next-network", value: `${neighbour}::1` }];
    })),
    ...(await inOneWindow(endpoint, (attempt) => {
      const prefix = attempt ? [198, 51, 100] : [203, 0, 113];
      return [
        ipv4Variants([...prefix, 10 + index] as [number, number, number, number], count),
        { label: "ipv4-mapped-next-address", value: `::ffff:${prefix.join(".")}.${110 + index}` },
      ];
    })),
  ];
  expect(findings.length, `${findings.length} finding(s) for "${endpoint.endpoint}":\n${report(findings)}`).toBe(0);
}

/**
 * Values that are not client addresses at all (the header corpus) against one limited endpoint:
 * never an error, and all of them one source, so junk can't buy a fresh count per request.
 */
export async function fuzzJunkSources(endpoint: LimitedEndpoint) {
  const junk = HEADER_PAYLOADS.slice(0, endpoint.rule.limit + 1);
  expect(junk, "enough header payloads for the limit").toHaveLength(endpoint.rule.limit + 1);
  const findings = await inOneWindow(endpoint, () => [junk, { label: "ipv4", value: "192.0.2.200" }]);
  expect(findings.length, `${findings.length} finding(s) for "${endpoint.endpoint}":\n${report(findings)}`).toBe(0);
}

/** The form targets: fuzz-forms.test.ts. */
export const FORM_TARGET_NAMES = [
  "form /contact",
  "form /booking",
  "form /booking/manage (signed link: reschedule, cancel)",
  "form /booking/checkout-cancelled (signed return: resume, release)",
  "form /services/software-solutions (software inquiry)",
  "form /resources (download)",
  "form /auth (signed out: every intent)",
  "form /auth (signed in: new-password and mfa)",
  "form /sign-out",
  "concurrent sign-ups with one address",
  "form /profile details (signed in)",
  "form /learning/module/{id}/quiz (signed in)",
  "form /learning/lesson (signed in: mark complete, knowledge check, reading position)",
  "form /learning/lesson worksheet (signed in: save and share)",
  "form /profile security and privacy (signed in)",
  "form /profile factors and sessions (signed in)",
  "form /billing/checkout and the Billing tab",
  "form /admin/users role changes (admin)",
  "form /admin/users/{id} account actions (admin)",
  "form /admin/attention and /admin/outbox resend (admin)",
  "form /admin/jobs (admin)",
  "form /admin/media (admin)",
  "form /admin/escalations (admin)",
  "form /admin/content (admin)",
  "form /admin/learning and /admin/pages (admin)",
  "form /admin/leads (admin)",
  "form /coach/profile and /coach/agreement (coach)",
  "form /coach/payouts and the sandbox's Connect onboarding form (coach)",
  "form /admin/payouts (admin)",
  "form /admin/coach-applications (admin)",
  "form /coach-registration (the application and the applicant's signed link)",
  "form /coach/availability and /admin/bookings (coach, admin)",
  "forms needing a session, signed out",
  "form /unsubscribe (signed link and RFC 8058 one-click)",
  "form /subscribe (signed consent confirmation link)",
  "payments: sandbox checkout and portal forms, POST /webhooks/stripe, payment pages",
] as const;

/** Query parameters, paths, cookies and the APIs: fuzz-requests.test.ts. */
export const REQUEST_TARGET_NAMES = [
  "query parameters of public pages",
  "query parameters of signed-in and admin pages",
  "query parameters of /admin/marketing and its CSV (admin)",
  "path segments",
  "cookies and headers the site reads",
  "API POST /signup",
  "API POST /token (every grant)",
  "API POST /otp, /verify, /resend, /recover and GET /verify",
  "API /user, /logout, /reauthenticate (bearer)",
  "API /factors (bearer)",
  "API external sign-in: /authorize, /callback, /sso, identities",
  "API /sales-chat and service-discovery-chat (anyone, JSON)",
  "the sales-chat contact merge: an existing lead's email with hostile details (/sales-chat, service-discovery-chat, /contact)",
  "API /ai-coach (signed in, JSON)",
  "API /meeting/:id/recordings (coach, JSON and parts)",
  "API /rest/v1 and /functions/v1 (bearer)",
  "API POST /webhooks/stripe: signed events about objects that do not exist",
] as const;

/**
 * Declares one fuzz test per target named, with the hooks every fuzz file needs: the fixtures, no
 * network, the console.error copy, and a closing line with the request count per status.
 */
export function fuzzSuite(names: readonly string[]) {
  beforeAll(async () => {
    fixtures = await createFixtures();
  }, 60_000);

  beforeEach(() => {
    // No network: the OpenID Connect provider's JWKS (id_token grant with OIDC on) answers with no keys,
    // and only the fake Stripe on loopback (the webhook target's lookups) is reached.
    const loopback = globalThis.fetch;
    const fakeStripe = `${inject("fakeStripeUrl")}/`;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new Request(input).url;
      if (url.startsWith(fakeStripe)) return loopback(input, init);
      if (url.endsWith("/.well-known/jwks.json")) return Response.json({ keys: [] });
      return new Response("not found", { status: 404 });
    });
    // What the app logs with console.error, in order: the console-error guard still sees every call
    // (and fails the test); this copy only lets a finding say which requests were in flight.
    logged = [];
    const guarded = console.error;
    console.error = (...args: unknown[]) => {
      logged.push(args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(" "));
      guarded.apply(console, args);
    };
  });

  for (const name of names) {
    test(`fuzz: ${name}`, { timeout: 180_000 }, async () => {
      const target = buildTargets(fixtures).find((t) => t.name === name);
      expect(target, `target "${name}" in targets.ts`).toBeDefined();
      await fuzz(target!);
    });
  }

  afterAll(() => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    console.log(`security fuzz: ${requests} requests in ${seconds} s (${byStatus.join(", ")})`);
  });

  return {
    fixtures: () => fixtures,
    requests: () => requests,
  };
}
