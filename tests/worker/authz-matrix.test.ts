import type { ServerBuild } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { createPortalUrl } from "~/billing/account.server";
import { createAiCheckout } from "~/billing/checkout.server";
import { expect, test } from "vitest";
// @ts-ignore -- the server build exists only after `npm run build`; the Worker under test serves this same build.
import * as serverBuild from "../../build/server/index.js";
import { ROUTE_ACCESS, type RouteAccess } from "~/auth/route-access";
import { BLOG_POSTS } from "~/content/blog-posts";
import { CASE_STUDIES } from "~/content/case-studies";
import { CLARITYAI_TOPIC_SLUGS } from "~/content/clarityai-pages";
import { LOCATION_PATH_SUFFIX, LOCATION_SLUGS } from "~/content/locations";
import { SERVICE_SLUGS } from "~/content/services";
import type { Role } from "~/db/schema";
import { issueCertificate } from "~/learning/certificates.server";
import { onboardingLink } from "~/coach-network/payout-accounts.server";
import { sweepCoachPayouts } from "~/coach-network/payouts.server";
import { createBooking, createPayment, createRefund, daysFromNow, ensureCatalogue } from "../factories/bookings";
import { createLearningModule } from "../factories/learning";
import { createStatement } from "../factories/payouts";
import { chatToEnd, createSubscriber } from "../factories/conversations";
import { createUser, signInOnWeb, webSession } from "../factories/users";
import { contextFor, countRows, fetchApp, testClientIp } from "./app";

// SPEC §6 as a table, generated from the route manifest of the real server build: every route ×
// visitor, client, coach and admin, checked against its class in app/auth/route-access.ts. Not
// signed in → /auth remembering the page; missing admin → /; missing another role → /auth;
// allowed → the route's own answer (200 unless noted below). Guards are checked on the server for
// whole documents, for each route's own data request (Remix runs nested loaders in parallel, so
// every child must guard itself) and for every action. A route added without a classification,
// or a classification left behind by a renamed route, fails the first test.

type Persona = "visitor" | "client" | "coach" | "admin";
const PERSONAS: Persona[] = ["visitor", "client", "coach", "admin"];
/** Each signed-in persona holds exactly the role it is named after. */
const PERSONA_ROLE: Record<Exclude<Persona, "visitor">, Role> = { client: "client", coach: "coach", admin: "admin" };

type ManifestRoute = ServerBuild["routes"][string];
const MANIFEST = (serverBuild as unknown as ServerBuild).routes;
const ROUTES: ManifestRoute[] = Object.values(MANIFEST).sort((a, b) => a.id.localeCompare(b.id));

// ---------------------------------------------------------------------------------------------
// How to reach each route. Routes not named here are visited at their own path with PLACEHOLDER
// for every param; those (and only those) may answer 404 to an allowed persona instead of 200.

/** The answer a route gives: a status (no redirect), or a redirect to this location. */
type Outcome = { status: number[] } | { location: string };
const OK: Outcome = { status: [200] };
const PLACEHOLDER = "authz-sample";

type GetProbe = {
  /** Real values (seeded rows) for the route's params, so an allowed persona gets exactly 200. */
  params?: (samples: Samples) => Record<string, string>;
  /** More URLs this route serves (query variants), checked the same way. */
  moreUrls?: () => string[];
  /** What an allowed persona gets, when it is not 200. */
  allowed?: (persona: Persona, samples: Samples) => Outcome;
  /** What a visitor gets, when it is not the sign-in redirect (an endpoint for scripts answers 401). */
  visitor?: Outcome;
};

const [firstPost] = BLOG_POSTS;
const [firstStudy] = CASE_STUDIES;

const GET_PROBES: Record<string, GetProbe> = {
  "routes/$": { allowed: () => ({ status: [404] }) },
  // Shows one booking, named in the query with its signed token: without one there is nothing to show.
  "routes/booking-confirmation": { allowed: () => ({ status: [404] }) },
  "routes/auth": {
    // Sign-in is for visitors: a signed-in user is sent to their profile, never back to redirectTo.
    allowed: (persona) => (persona === "visitor" ? OK : { location: "/profile" }),
  },
  // An invitation's link: without a token there is no invitation, for anyone (the page says so).
  "routes/auth_.invite": { allowed: () => ({ status: [404] }) },
  // Signing out is a POST; a GET only goes home.
  "routes/sign-out": { allowed: () => ({ location: "/" }) },
  "routes/blog.$slug": { params: () => ({ slug: firstPost!.slug }) },
  "routes/case-studies.$industry._index": { params: () => ({ industry: firstStudy!.industry }) },
  "routes/case-studies.$industry.$slug": { params: () => ({ industry: firstStudy!.industry, slug: firstStudy!.slug }) },
  "routes/clarityai.$slug": { params: () => ({ slug: CLARITYAI_TOPIC_SLUGS[0] }) },
  "routes/locations.$slug": { params: () => ({ slug: `${LOCATION_SLUGS[0]}${LOCATION_PATH_SUFFIX}` }) },
  "routes/services.$slug": { params: () => ({ slug: SERVICE_SLUGS[0] }) },
  "routes/admin.outbox.$id": { params: (samples) => ({ id: samples.outboxId }) },
  // An upload that doesn't exist (the placeholder id): the 404 after the guard.
  "routes/admin.media.$id": { allowed: () => ({ status: [404] }) },
  // A public upload's address naming no upload: not found for anyone.
  "routes/media.$id.$file": { allowed: () => ({ status: [404] }) },
  // The seeded free module, one of its lessons and a service page's copy.
  "routes/admin.learning.$moduleId": { params: () => ({ moduleId: "cash-flow" }) },
  "routes/admin.learning.lessons.$lessonId": { params: (samples) => ({ lessonId: samples.lessonId }) },
  "routes/admin.pages.$kind.$slug": { params: () => ({ kind: "service", slug: SERVICE_SLUGS[0] }) },
  // The seeded free module: open to every signed-in persona.
  "routes/learning.module.$moduleId": { params: () => ({ moduleId: "cash-flow" }) },
  // The seeded free module's quiz; its certificate is nobody's yet (404 until earned).
  "routes/learning.module.$moduleId_.quiz": { params: () => ({ moduleId: "cash-flow" }) },
  "routes/learning.module.$moduleId_.certificate[.]pdf": { params: () => ({ moduleId: "cash-flow" }), allowed: () => ({ status: [404] }) },
  // A lesson of the seeded free module: open to every signed-in persona. It has no video, captions or
  // transcript, so its files are the 404 after the guard let the persona through.
  "routes/learning.lesson.$lessonId": { params: (samples) => ({ lessonId: samples.lessonId }) },
  "routes/learning.lesson.$lessonId.video": { params: (samples) => ({ lessonId: samples.lessonId }), allowed: () => ({ status: [404] }) },
  "routes/learning.lesson.$lessonId.captions[.]vtt": { params: (samples) => ({ lessonId: samples.lessonId }), allowed: () => ({ status: [404] }) },
  "routes/learning.lesson.$lessonId.transcript[.]txt": { params: (samples) => ({ lessonId: samples.lessonId }), allowed: () => ({ status: [404] }) },
  // POST only (its empty form is the 400); named here for the lesson it posts to.
  "routes/learning.lesson.$lessonId.position": { params: (samples) => ({ lessonId: samples.lessonId }) },
  // "Ask ClarityAI about this lesson" is a form's POST; a GET goes back to the lesson.
  "routes/learning.lesson.$lessonId_.ask": { params: () => ({ lessonId: "x" }), allowed: () => ({ location: "/learning/lesson/x" }) },
  // The lesson's worksheet: a GET goes back to the lesson's panel (the action saves and shares; its
  // empty form is the 400); a format the worksheet doesn't export is the 404 after the guard.
  "routes/learning.lesson.$lessonId_.worksheet": {
    params: (samples) => ({ lessonId: samples.lessonId }),
    allowed: (_persona, samples) => ({ location: `/learning/lesson/${samples.lessonId}#worksheet` }),
  },
  "routes/learning.lesson.$lessonId_.worksheet_.$format": {
    params: (samples) => ({ lessonId: samples.lessonId, format: "none" }),
    allowed: () => ({ status: [404] }),
  },
  // A worksheet the sample client shared with the sample coach: there is none, so the 404 after the guard.
  "routes/coach.clients.$clientId_.artefacts.$artefactId.$format": {
    params: (samples) => ({ clientId: samples.ids.client!, artefactId: "none", format: "csv" }),
    allowed: () => ({ status: [404] }),
  },
  // /meeting itself is no page; a meeting is its booking's client's and coach's only.
  "routes/meeting": { allowed: () => ({ status: [404] }) },
  "routes/meeting._index": { allowed: () => ({ status: [404] }) },
  "routes/meeting.$meetingId": {
    params: (samples) => ({ meetingId: samples.meetingId }),
    // An admin is sent to the session's record; they never join the call.
    allowed: (persona, samples) =>
      persona === "admin" ? { location: `/meeting/${samples.meetingId}/record` } : { status: persona === "client" || persona === "coach" ? [200] : [404] },
  },
  // The room's endpoints, for the call's script: the sample meeting's room is not open yet (403), and
  // the socket needs a WebSocket upgrade first (426).
  "routes/meeting.$meetingId.socket": {
    params: (samples) => ({ meetingId: samples.meetingId }),
    allowed: (persona) => ({ status: persona === "client" || persona === "coach" ? [426] : [404] }),
    visitor: { status: [401] },
  },
  "routes/meeting.$meetingId.ice-servers": {
    params: (samples) => ({ meetingId: samples.meetingId }),
    allowed: (persona) => ({ status: persona === "client" || persona === "coach" ? [403] : [404] }),
    visitor: { status: [401] },
  },
  // A session's record: its client and coach, and admins (who read it; they never join the call).
  "routes/meeting.$meetingId_.record": {
    params: (samples) => ({ meetingId: samples.meetingId }),
    allowed: (persona) => ({ status: persona === "client" || persona === "coach" || persona === "admin" ? [200] : [404] }),
  },
  // The coach's own photo: the sample coach has uploaded none (404); others never reach it.
  "routes/coach.photo": { allowed: () => ({ status: [404] }) },
  "routes/profile": { moreUrls: () => ["/profile?tab=security", "/profile?tab=privacy", "/profile?tab=ai-assistant"] },
  // Stripe Connect's refresh_url and return_url: a coach who has no payout account yet is sent back to /coach/payouts.
  "routes/coach.payouts_.refresh": { allowed: () => ({ location: "/coach/payouts" }) },
  "routes/coach.payouts_.return": { allowed: () => ({ location: "/coach/payouts" }) },
  "routes/admin.users": { moreUrls: () => ["/admin/users?q=example&page=1"] },
  // The editors' live preview is POST only: an admin's GET is told so (405).
  "routes/admin.content.preview": { allowed: () => ({ status: [405] }) },
  // A seeded post's editor; the list and the new-item page with their query forms.
  "routes/admin.content.$type.$id": { params: () => ({ type: "post", id: "seed-post-13-week-cash-flow-forecast" }) },
  "routes/admin.content._index": { moreUrls: () => ["/admin/content?q=cash&type=blog_post&status=published&sort=title&dir=asc&page=1"] },
  "routes/admin.content.new": { moreUrls: () => ["/admin/content/new?type=case-study"] },
};

type PostProbe = {
  /** Where to post; the route's own URL (with ?index for an index route) when left out. */
  path?: string;
  fields: Record<string, string>;
  /** What an allowed persona gets; 400 (an incomplete form, refused with nothing changed) when left out. */
  allowed?: (persona: Persona) => Outcome;
  /** Sign in afresh for this post, because it ends the session it is sent with. */
  freshSession?: true;
};

/** Routes with an action get one empty-form post unless they are named here. */
const POST_PROBES: Record<string, PostProbe[]> = {
  "routes/profile": [
    { path: "/profile", fields: { intent: "update-details", firstName: "" } },
    { path: "/profile?tab=security", fields: { intent: "remove-factor", factorId: "not-a-uuid" } },
    { path: "/profile?tab=privacy", fields: { intent: "delete-account", confirm: "nope" } },
  ],
  "routes/admin.users": [{ path: "/admin/users", fields: { intent: "grant-role", role: "admin" } }],
  // The editors' preview saves nothing: an admin's text is rendered (200).
  "routes/admin.content.preview": [{ fields: { markdown: "**Cash flow**" }, allowed: () => ({ status: [200] }) }],
  // The form is refused (400) for a visitor; a signed-in user's document POST then meets the page's
  // loader, which sends them to their profile as GET does.
  "routes/auth": [{ fields: {}, allowed: (persona) => (persona === "visitor" ? { status: [400] } : { location: "/profile" }) }],
  // Choosing a password without an invitation's token: the page for a link that can't be used, for anyone.
  "routes/auth_.invite": [{ fields: {}, allowed: () => ({ status: [404] }) }],
  // Only the Software Solutions page has a form (its inquiry); the other service pages answer 405.
  "routes/services.$slug": [{ path: "/services/software-solutions", fields: {} }],
  // Global sign-out, signed in or not, always lands on /auth.
  "routes/sign-out": [{ fields: {}, allowed: () => ({ location: "/auth" }), freshSession: true }],
  // Without a Stripe key the sandbox applies its events in-process, so the public endpoint is not
  // there (404) for anyone, signed in or not.
  "routes/webhooks.stripe": [{ fields: {}, allowed: () => ({ status: [404] }) }],
  // A coach's admin page for no coach (the placeholder id) is the 404 before any form is read.
  "routes/admin.coaches.$coachId": [{ fields: {}, allowed: () => ({ status: [404] }) }],
  // The page copy editor finds its page before it reads the form: the sample page's empty form is the 400.
  "routes/admin.pages.$kind.$slug": [{ path: `/admin/pages/service/${SERVICE_SLUGS[0]}`, fields: {} }],
  // A user's account page and an attention item for nobody (the placeholder ids): the 404 before any form is read.
  "routes/admin.users_.$id": [{ fields: {}, allowed: () => ({ status: [404] }) }],
  "routes/admin.attention.$kind.$id": [{ fields: {}, allowed: () => ({ status: [404] }) }],
  // A coach payout for nobody (the placeholder id): the 404 before any form is read.
  "routes/admin.payouts.$id": [{ fields: {}, allowed: () => ({ status: [404] }) }],
  // The sandbox's Connect onboarding form: the sample link is nobody's, so it is not found.
  "routes/payments-sandbox.connect.$linkId": [{ fields: {}, allowed: () => ({ status: [404] }) }],
  // Withdrawing a coach application needs its signed link: without it, not found for anyone.
  "routes/coach-registration_.$token": [{ fields: {}, allowed: () => ({ status: [404] }) }],
  // A client's page for nobody (the placeholder id) is the 404 before any form is read.
  "routes/coach.clients.$clientId": [{ fields: {}, allowed: () => ({ status: [404] }) }],
  // Asking about no lesson (the sample id names none): not found for anyone signed in.
  "routes/learning.lesson.$lessonId_.ask": [{ fields: {}, allowed: () => ({ status: [404] }) }],
  // A recording's parts are PUT, not posted.
  "routes/meeting.$meetingId.recordings.$recordingId.parts.$n": [{ fields: {}, allowed: () => ({ status: [405] }) }],
};

// ---------------------------------------------------------------------------------------------

/** A fresh user with these roles, signed in through /auth as a browser does. */
async function signInAs(roles: Role[]) {
  const user = await createUser({ roles });
  return { id: user.id, cookie: await webSession(user) };
}

/**
 * What a test visits with: a fresh signed-in user per role (the visitor has none), a sample outbox
 * email, and a booking of the client persona's with the coach persona (its meeting).
 */
type Samples = { cookies: Partial<Record<Persona, string>>; ids: Partial<Record<Persona, string>>; outboxId: string; meetingId: string; lessonId: string };

async function personas(): Promise<Samples> {
  const samples: Samples = { cookies: {}, ids: {}, outboxId: crypto.randomUUID(), meetingId: "", lessonId: "" };
  for (const persona of ["client", "coach", "admin"] as const) {
    const { id, cookie } = await signInAs([PERSONA_ROLE[persona]]);
    samples.cookies[persona] = cookie;
    samples.ids[persona] = id;
  }
  await env.DB.prepare("INSERT INTO email_outbox (id, dedupe_key, to_address, subject, text_body, status, provider) VALUES (?, ?, ?, ?, ?, 'stored', 'outbox')")
    .bind(samples.outboxId, `authz-${samples.outboxId}`, "someone@example.com.au", "Matrix test email", "Hello from the matrix test.")
    .run();
  await ensureCatalogue();
  const booking = await createBooking({ coachId: samples.ids.coach!, clientId: samples.ids.client!, startsAt: daysFromNow(4, 1) });
  samples.meetingId = booking.id;
  samples.lessonId =
    (await env.DB.prepare("SELECT id FROM learning_lessons WHERE module_id = 'cash-flow' AND status = 'published' ORDER BY position LIMIT 1").first<string>(
      "id",
    )) ?? "";
  return samples;
}

const signIn = (path: string) => `/auth?redirectTo=${encodeURIComponent(path)}`;

/** SPEC §6: what `persona` gets from a route of this class at `path`, given what an allowed persona gets. */
function expected(access: RouteAccess, persona: Persona, path: string, allowed: Outcome): Outcome {
  if (access === "public") return allowed;
  if (persona === "visitor") return { location: signIn(path) };
  if (access === "signed-in" || PERSONA_ROLE[persona] === access.role) return allowed;
  // A missing role other than admin is marked, so /auth can say why (tests/worker/auth-role-denied.test.ts).
  return access.role === "admin" ? { location: "/" } : { location: `${signIn(path)}&denied=${access.role}` };
}

function accessOf(route: ManifestRoute): RouteAccess {
  const access = ROUTE_ACCESS[route.id];
  if (!access) throw new Error(`${route.id} is not classified in app/auth/route-access.ts`);
  return access;
}

/** The route's URL pattern, from its own path and its ancestors' ("/admin/outbox/:id"). */
function pattern(route: ManifestRoute): string {
  const segments: string[] = [];
  for (let current: ManifestRoute | undefined = route; current; current = current.parentId ? MANIFEST[current.parentId] : undefined) {
    if (current.path) segments.unshift(current.path);
  }
  return `/${segments.join("/")}`.replace(/\/+/g, "/");
}

/** A concrete URL for the route, and whether it had to use PLACEHOLDER for a param. */
function sampleUrl(route: ManifestRoute, samples: Samples): { path: string; placeholder: boolean } {
  const values = GET_PROBES[route.id]?.params?.(samples) ?? {};
  let placeholder = false;
  const path = pattern(route)
    .split("/")
    .map((segment) => {
      if (segment === "*") return values["*"] ?? "no-such-page-authz";
      if (!segment.startsWith(":")) return segment.replace(/\?$/, "");
      const value = values[segment.slice(1).replace(/\?$/, "")];
      if (value === undefined) placeholder = true;
      return encodeURIComponent(value ?? PLACEHOLDER);
    })
    .join("/");
  return { path, placeholder };
}

function allowedGet(route: ManifestRoute, persona: Persona, placeholder: boolean, samples: Samples): Outcome {
  const own = GET_PROBES[route.id]?.allowed;
  if (own) return own(persona, samples);
  // A made-up id may be refused as missing, but only after the guard let the persona through.
  return placeholder ? { status: [200, 404] } : OK;
}

function describe(outcome: Outcome) {
  return "location" in outcome ? `redirect to ${outcome.location}` : `status ${outcome.status.join(" or ")}`;
}

/** Every URL the GET tests visit for a route, with what an allowed persona gets there. */
function getTargets(route: ManifestRoute, samples: Samples) {
  const { path, placeholder } = sampleUrl(route, samples);
  const more = GET_PROBES[route.id]?.moreUrls?.() ?? [];
  return [path, ...more].map((url) => ({ url, placeholder }));
}

// Routes with a loader or a page answer GET; routes with an action answer POST.
const GET_ROUTES = ROUTES.filter((route) => route.module.loader !== undefined || route.module.default !== undefined);
const POST_ROUTES = ROUTES.filter((route) => route.module.action !== undefined);
// A route's own data request exists only for routes that render a page and load data for it.
const DATA_ROUTES = ROUTES.filter((route) => route.module.loader !== undefined && route.module.default !== undefined);

test("route-access.ts classifies exactly the routes in the server build", () => {
  const manifestIds = ROUTES.map((route) => route.id);
  const unclassified = manifestIds.filter((id) => !(id in ROUTE_ACCESS));
  const stale = Object.keys(ROUTE_ACCESS).filter((id) => !(id in MANIFEST));
  expect({ unclassified, stale }, "add the unclassified ids to app/auth/route-access.ts and remove the stale ones").toEqual({ unclassified: [], stale: [] });
  // The probes above belong to real routes too: a renamed route must not silently lose its samples.
  const staleProbes = [...Object.keys(GET_PROBES), ...Object.keys(POST_PROBES)].filter((id) => !(id in MANIFEST));
  expect(staleProbes, "GET_PROBES / POST_PROBES name routes the build no longer has").toEqual([]);
  // Every route is reachable by at least one of the request kinds checked below.
  expect(manifestIds.filter((id) => !GET_ROUTES.some((r) => r.id === id) && !POST_ROUTES.some((r) => r.id === id))).toEqual([]);
  // The build this file reads is the one that must know the SPEC §6 sections.
  expect(manifestIds).toEqual(expect.arrayContaining(["root", "routes/profile", "routes/coach", "routes/admin", "routes/admin.users"]));
});

// Several hundred requests (every route × every persona): longer than the suite's default per test.
test("GET: every route answers each persona as SPEC §6 says", { timeout: 60_000 }, async () => {
  const samples = await personas();
  const failures: string[] = [];
  let checked = 0;
  for (const route of GET_ROUTES) {
    const access = accessOf(route);
    for (const { url, placeholder } of getTargets(route, samples)) {
      for (const persona of PERSONAS) {
        const visitor = persona === "visitor" ? GET_PROBES[route.id]?.visitor : undefined;
        const want = visitor ?? expected(access, persona, url, allowedGet(route, persona, placeholder, samples));
        const response = await fetchApp(url, { cookie: samples?.cookies[persona] });
        const got = { status: response.status, location: response.headers.get("Location") };
        await response.body?.cancel();
        const ok = "location" in want ? got.status === 302 && got.location === want.location : want.status.includes(got.status) && got.location === null;
        if (!ok) failures.push(`${persona} GET ${url} (${route.id}): expected ${describe(want)}, got ${JSON.stringify(got)}`);
        checked += 1;
      }
    }
  }
  expect(failures).toEqual([]);
  // Each persona saw every route, the guarded ones of SPEC §6 included.
  expect(checked).toBeGreaterThanOrEqual(GET_ROUTES.length * PERSONAS.length);
});

/** The single-fetch data URL that asks for one route's loader only, as client navigations do. */
function dataUrl(path: string, routeId: string) {
  const [pathname = "/", search = ""] = path.split("?");
  const params = new URLSearchParams(search);
  params.set("_routes", routeId);
  return `${pathname === "/" ? "/_root" : pathname.replace(/\/$/, "")}.data?${params}`;
}

test("data requests: each route's own loader refuses on its own, not only through its parent", async () => {
  const samples = await personas();
  const failures: string[] = [];
  for (const route of DATA_ROUTES) {
    const access = accessOf(route);
    for (const { url, placeholder } of getTargets(route, samples)) {
      for (const persona of PERSONAS) {
        const want = expected(access, persona, url, allowedGet(route, persona, placeholder, samples));
        const response = await fetchApp(dataUrl(url, route.id), { cookie: samples?.cookies[persona] });
        const body = await response.text();
        // Single fetch answers a redirect thrown during a data request with 202 and an encoded redirect.
        const got = { status: response.status, location: response.headers.get("Location"), encoded: body.includes("SingleFetchRedirect") };
        const ok = "location" in want ? got.status === 202 && got.encoded && got.location === want.location : want.status.includes(got.status) && !got.encoded;
        if (!ok) failures.push(`${persona} data ${route.id} ${url}: expected ${describe(want)}, got ${JSON.stringify(got)}`);
      }
    }
  }
  expect(failures).toEqual([]);
  // The SPEC §6 sections are among the routes checked here.
  expect(DATA_ROUTES.map((route) => route.id)).toEqual(
    expect.arrayContaining(["routes/profile", "routes/coach._index", "routes/admin", "routes/admin._index", "routes/learning._index"]),
  );
});

// Every action route times four personas: more than the default 20 s on a busy machine.
test("POST: every action refuses visitors and missing roles the same way, before reading the form", { timeout: 60_000 }, async () => {
  const samples = await personas();
  const failures: string[] = [];
  for (const route of POST_ROUTES) {
    const access = accessOf(route);
    const probes = POST_PROBES[route.id] ?? [{ fields: {} }];
    for (const probe of probes) {
      const path = probe.path ?? `${sampleUrl(route, samples).path}${route.index ? "?index" : ""}`;
      for (const persona of PERSONAS) {
        const cookie = probe.freshSession && persona !== "visitor" ? (await signInAs([PERSONA_ROLE[persona]])).cookie : samples.cookies[persona];
        const response = await fetchApp(path, { form: probe.fields, cookie });
        await response.body?.cancel();
        // Remix hands an index route's action its URL without "?index": sign-in leads back to the page itself.
        const want = expected(access, persona, path.replace(/\?index$/, ""), probe.allowed?.(persona) ?? { status: [400] });
        const got = { status: response.status, location: response.headers.get("Location") };
        const ok = "location" in want ? got.status === 302 && got.location === want.location : want.status.includes(got.status) && got.location === null;
        if (!ok) failures.push(`${persona} POST ${path} (${route.id}): expected ${describe(want)}, got ${JSON.stringify(got)}`);
      }
    }
  }
  expect(failures).toEqual([]);
  expect(POST_ROUTES.map((route) => route.id)).toEqual(expect.arrayContaining(["routes/profile", "routes/admin.users", "routes/sign-out"]));
});

test("signing out ends the session it was sent with: its cookie is a visitor's afterwards", async () => {
  const { cookie } = await signInAs(["client"]);
  const out = await fetchApp("/sign-out", { form: {}, cookie });
  expect(out.status).toBe(302);
  expect(out.headers.get("Location")).toBe("/auth");
  const after = await fetchApp("/profile", { cookie });
  expect(after.status).toBe(302);
  expect(after.headers.get("Location")).toBe(signIn("/profile"));
});

test("a client or coach cannot grant themselves the admin role by posting the admin form", async () => {
  const { cookies, ids } = await personas();
  for (const persona of ["client", "coach"] as const) {
    const response = await fetchApp("/admin/users", { form: { intent: "grant-role", userId: ids[persona]!, role: "admin" }, cookie: cookies[persona] });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await countRows("user_roles", "user_id = ? AND role = 'admin'", ids[persona])).toBe(0);
    expect(await countRows("audit_log", "action = 'role_granted' AND target_id = ?", ids[persona])).toBe(0);
  }
});

test("a visitor cannot delete an account or download anyone's data", async () => {
  const { ids } = await personas();
  const exported = await fetchApp("/profile/export.json");
  expect(exported.status).toBe(302);
  expect(exported.headers.get("Content-Disposition")).toBeNull();
  const deleted = await fetchApp("/profile?tab=privacy", { form: { intent: "delete-account", confirm: "DELETE" } });
  expect(deleted.status).toBe(302);
  expect(deleted.headers.get("Location")).toBe(signIn("/profile?tab=privacy"));
  expect(await countRows("users", "id IN (?, ?, ?)", ids.client, ids.coach, ids.admin)).toBe(3);
});

test("a revoked session is a visitor again, even with its old cookie", async () => {
  const { id, cookie } = await signInAs(["admin"]);
  const before = await fetchApp("/admin", { cookie });
  expect(before.status).toBe(200);
  await env.DB.prepare("UPDATE auth_sessions SET revoked_at = ? WHERE user_id = ?").bind(new Date().toISOString(), id).run();
  const after = await fetchApp("/admin", { cookie });
  expect(after.status).toBe(302);
  expect(after.headers.get("Location")).toBe(signIn("/admin"));
});

// ---------------------------------------------------------------------------------------------
// Ownership: one user asking for another's row by its id. Every route whose URL carries an id
// (a param named "id" or "…Id") names here how its rows are owned: a probe, in which the first of
// two users of the same role owns a row that shows a marker, and the second asks for it by its id
// and gets the 404 with nothing of it in the answer; or, for rows no user owns, why. A route with
// an id and neither fails the first test below, so a new id route cannot be added without one.

type ProbeUser = { id: string; email: string; cookie: string };

type OwnedRow = {
  /** The URL that reaches the owner's row, and how it is asked for (a GET unless told). */
  path: string;
  method?: "GET" | "POST" | "PUT";
  body?: unknown;
  /** Text the owner's answer shows of the row; the other user's must not contain it. */
  marker: string;
  /** Whether the owner's own answer shows the marker (a placeholder page shows nothing of the row yet). */
  ownerSees: boolean;
  /** The owner's status (200 unless told): the id is real, so the other user's 404 is the guard's. */
  ownerStatus?: number;
};

type OwnershipFixture =
  { roles: Role[]; user?: (role: Role) => Promise<ProbeUser>; create: (owner: ProbeUser, role: Role) => Promise<OwnedRow> } | { shared: string };

/**
 * A fresh signed-in user with one role, as the web does it: each from their own address, as the
 * probes are many people signing in, not one source the /auth form's rate limit would stop.
 */
async function probeUser(role: Role): Promise<ProbeUser> {
  const user = await createUser({ roles: [role] });
  return { id: user.id, email: user.email, cookie: await signInOnWeb(user, testClientIp(user.email)) };
}

/** A ClarityAI Pro subscriber: the AI coach's routes need a subscription before they look at a conversation. */
async function proSubscriber(role: Role): Promise<ProbeUser> {
  const user = await createSubscriber("pro", { roles: [role] });
  return { id: user.id, email: user.email, cookie: user.cookie };
}

/** A conversation of the owner's whose first message carries the marker. */
async function ownConversation(owner: ProbeUser) {
  const marker = `authz-marker-${crypto.randomUUID()}`;
  const { conversationId } = await chatToEnd(owner.cookie, `How do I price my services? ${marker}`);
  return { conversationId, marker };
}

/** A paid session booked by the owner (by account), with its payment, and a refund of it. */
async function ownPaidBooking(owner: ProbeUser) {
  await ensureCatalogue();
  const coach = await createUser({ roles: ["coach"] });
  const booking = await createBooking({
    coachId: coach.id,
    clientId: owner.id,
    email: owner.email,
    name: `Owner ${owner.id.slice(0, 8)}`,
    startsAt: daysFromNow(3, 1),
  });
  const payment = await createPayment({ userId: owner.id, bookingId: booking.id, email: owner.email });
  return { booking, payment };
}

/** A session of the owner's (as its client or its coach) with another user, whose room is open now. */
async function openMeetingOf(owner: ProbeUser, role: Role) {
  await ensureCatalogue();
  const other = await createUser({ roles: [role === "client" ? "coach" : "client"] });
  const [coachId, clientId] = role === "coach" ? [owner.id, other.id] : [other.id, owner.id];
  return createBooking({ coachId, clientId, startsAt: new Date(Date.now() - 5 * 60_000).toISOString() });
}

/** A user signed in by a session made directly (the /auth form's rate limit is the other probes'). */
async function sessionUser(role: Role): Promise<ProbeUser> {
  const user = await createUser({ roles: [role] });
  return { id: user.id, email: user.email, cookie: await webSession(user) };
}

/**
 * A recording of a meeting (open now) between the owner, in `role`, and another user, uploaded by
 * its coach: complete (its file holds the marker) or still uploading (a real multipart upload).
 */
async function ownRecording(owner: ProbeUser, role: Role, status: "complete" | "uploading") {
  await ensureCatalogue();
  const other = await createUser({ roles: [role === "client" ? "coach" : "client"] });
  const [coachId, clientId] = role === "coach" ? [owner.id, other.id] : [other.id, owner.id];
  const booking = await createBooking({ coachId, clientId, startsAt: new Date(Date.now() - 5 * 60_000).toISOString() });
  const recordingId = crypto.randomUUID();
  const key = `meetings/${booking.id}/${recordingId}.webm`;
  const marker = `authz-marker-${recordingId}`;
  const uploadId = status === "uploading" ? (await env.RECORDINGS.createMultipartUpload(key)).uploadId : null;
  if (status === "complete") await env.RECORDINGS.put(key, marker, { httpMetadata: { contentType: "video/webm" } });
  const now = new Date().toISOString();
  await env.DB.prepare(
    `INSERT INTO meeting_recordings (id, booking_id, uploaded_by, r2_key, upload_id, status, part_size, size_bytes, content_type, started_at, completed_at, delete_after)
     VALUES (?, ?, ?, ?, ?, ?, 5242880, ?, 'video/webm', ?, ?, ?)`,
  )
    .bind(
      recordingId,
      booking.id,
      coachId,
      key,
      uploadId,
      status,
      status === "complete" ? marker.length : 0,
      now,
      status === "complete" ? now : null,
      daysFromNow(90),
    )
    .run();
  return { base: `/meeting/${booking.id}/recordings`, recordingId, marker };
}

/** An issued statement of the owner (a coach) with one session line; its number is the marker. */
async function ownStatement(owner: ProbeUser) {
  await ensureCatalogue();
  const booking = await createBooking({ coachId: owner.id, startsAt: daysFromNow(-10, 1), status: "completed" });
  const id = crypto.randomUUID();
  const number = `CS-A${id.slice(0, 8).toUpperCase()}`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO coach_statements (id, number, coach_id, period, kind, supplier_name, recipient_name, recipient_abn, line_count, gross_cents, gst_cents, fee_cents, share_cents, total_cents, issued_at)
       VALUES (?, ?, ?, '2026-10', 'payment_statement', 'Authz Coach', 'ClarityAI Coaching', '52674318905', 1, 15000, 1364, 2045, 11591, 11591, '2026-10-31T16:00:00.000Z')`,
    ).bind(id, number, owner.id),
    env.DB.prepare(
      `INSERT INTO coach_earnings (id, coach_id, booking_id, kind, occurred_at, gross_cents, gst_cents, fee_cents, share_cents, share_rate_bp, session_ordinal, statement_id)
       VALUES (?, ?, ?, 'session', '2026-10-20T00:00:00.000Z', 15000, 1364, 2045, 11591, 8500, 1, ?)`,
    ).bind(crypto.randomUUID(), owner.id, booking.id, id),
  ]);
  return { id, number };
}

const ADMINS_SHARE = "every admin works on every row of the admin area: none is one admin's own (SPEC §6)";

const OWNERSHIP: Record<string, OwnershipFixture> = {
  // A coach's earnings statement and its downloads: another coach's statement is the 404.
  ...Object.fromEntries(
    (
      [
        ["routes/coach.statements.$id", ""],
        ["routes/coach.statements.$id[.]pdf", ".pdf"],
        ["routes/coach.statements.$id[.]csv", ".csv"],
        ["routes/coach.statements.$id_.xero[.]csv", "/xero.csv"],
        ["routes/coach.statements.$id_.myob[.]txt", "/myob.txt"],
      ] as const
    ).map(([id, suffix]) => [
      id,
      {
        roles: ["coach"],
        create: async (owner: ProbeUser) => {
          const statement = await ownStatement(owner);
          return { path: `/coach/statements/${statement.id}${suffix}`, marker: statement.number, ownerSees: true };
        },
      } satisfies OwnershipFixture,
    ]),
  ),
  "routes/admin.bookings.$id": { shared: ADMINS_SHARE },
  "routes/admin.coach-applications.$id": { shared: ADMINS_SHARE },
  "routes/admin.coach-applications.$id.cv": { shared: ADMINS_SHARE },
  "routes/admin.escalations.$id": { shared: ADMINS_SHARE },
  "routes/admin.media.$id": { shared: ADMINS_SHARE },
  "routes/media.$id.$file": { shared: "public by design: an uploaded image or file is shown on public pages, at an address that can't be guessed" },
  "routes/admin.coaches.$coachId": { shared: ADMINS_SHARE },
  "routes/admin.payouts.$id": { shared: ADMINS_SHARE },
  "routes/coach.clients.$clientId": {
    // A coach's client: another coach gets the 404 (tests/worker/coach-network/ownership.test.ts covers every /coach id route).
    roles: ["coach"],
    create: async (owner) => {
      await ensureCatalogue();
      const client = await createUser({ roles: ["client"] });
      const booking = await createBooking({
        coachId: owner.id,
        clientId: client.id,
        startsAt: daysFromNow(-2, 1),
        status: "completed",
        name: `Client ${owner.id.slice(0, 8)}`,
      });
      return { path: `/coach/clients/${client.id}`, marker: booking.name, ownerSees: true };
    },
  },

  "routes/admin.leads.$id": { shared: ADMINS_SHARE },
  "routes/admin.learning.$moduleId": { shared: ADMINS_SHARE },
  "routes/admin.learning.lessons.$lessonId": { shared: ADMINS_SHARE },
  "routes/admin.outbox.$id": { shared: ADMINS_SHARE },
  "routes/admin.users_.$id": { shared: ADMINS_SHARE },
  "routes/admin.attention.$kind.$id": { shared: ADMINS_SHARE },
  "routes/admin.outbox.$id.preview": { shared: ADMINS_SHARE },
  "routes/admin.content.$type.$id": { shared: ADMINS_SHARE },
  "routes/booking_.$bookingId.calendar.$provider": {
    shared: "the signed key of the booking's email is what opens it, not who is signed in: without the key every viewer gets the 404",
  },
  "routes/learning.module.$moduleId": { shared: "course content: every member sees the same modules" },
  "routes/learning.lesson.$lessonId": { shared: "course content: every member sees the same lessons" },
  "routes/learning.module.$moduleId_.quiz": { shared: "course content: every member sees the same quiz (an attempt is shown to its owner only)" },
  // A certificate's public check: its unguessable code is what its holder shares so anyone can verify it.
  "routes/certificates.$certificateId": { shared: "public by design: the holder shares the code for anyone to check" },
  "routes/learning.module.$moduleId_.certificate[.]pdf": {
    // The viewer's own certificate of the module: someone who hasn't earned it gets the 404, never the owner's.
    roles: ["client"],
    create: async (owner) => {
      const module = await createLearningModule({ lessons: [{}], quiz: [] });
      const at = new Date().toISOString();
      await env.DB.prepare(
        "INSERT INTO learning_lesson_progress (user_id, lesson_id, module_id, started_at, completed_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
        .bind(owner.id, module.lessonIds[0], module.id, at, at, at)
        .run();
      const issued = await issueCertificate(contextFor().db, owner.id, module.id, new Date());
      if (issued.status !== "issued") throw new Error(`certificate not issued: ${issued.status}`);
      return { path: `/learning/module/${module.id}/certificate.pdf`, marker: issued.certificate.id, ownerSees: true };
    },
  },
  "routes/learning.lesson.$lessonId.video": { shared: "course content: every member with access sees the same lesson video" },
  "routes/learning.lesson.$lessonId.captions[.]vtt": { shared: "course content: every member with access sees the same captions" },
  "routes/learning.lesson.$lessonId.transcript[.]txt": { shared: "course content: every member with access sees the same transcript" },
  "routes/learning.lesson.$lessonId.position": { shared: "course content: the lesson is everyone's; the position saved is the viewer's own" },
  "routes/learning.lesson.$lessonId_.ask": {
    shared: "course content: every member may ask about the same lessons; the conversation it starts is the asker's own",
  },
  "routes/learning.lesson.$lessonId_.worksheet": { shared: "course content: the lesson is everyone's; the answers saved and shared are the viewer's own" },
  "routes/learning.lesson.$lessonId_.worksheet_.$format": {
    shared: "course content: the lesson is everyone's; the file is made from the viewer's own answers",
  },
  "routes/coach.clients.$clientId_.artefacts.$artefactId.$format": {
    // A worksheet a client shared with their coach: another coach gets the 404.
    roles: ["coach"],
    create: async (owner) => {
      await ensureCatalogue();
      const client = await createUser({ roles: ["client"] });
      await createBooking({ coachId: owner.id, clientId: client.id, startsAt: daysFromNow(-2, 1), status: "completed" });
      const { lessonIds } = await createLearningModule({ lessons: [{ worksheet: { kind: "pricing-calculator", title: "Price it" } }] });
      const marker = `Authz item ${owner.id.slice(0, 8)}`;
      const id = crypto.randomUUID();
      const answers = JSON.stringify({ item: marker, costs: [{ label: "Labour", amount: 60 }], targetMarginPercent: 40, gstRegistered: true });
      await env.DB.prepare(
        "INSERT INTO learning_shared_artefacts (id, user_id, coach_id, lesson_id, kind, title, answers, shared_at) VALUES (?, ?, ?, ?, 'pricing-calculator', 'Price it', ?, '2026-11-01T00:00:00.000Z')",
      )
        .bind(id, client.id, owner.id, lessonIds[0], answers)
        .run();
      return { path: `/coach/clients/${client.id}/artefacts/${id}/csv`, marker, ownerSees: true };
    },
  },
  "routes/ai-coach.conversations.$id": {
    roles: ["client"],
    user: proSubscriber,
    create: async (owner) => {
      const { conversationId, marker } = await ownConversation(owner);
      return { path: `/ai-coach/conversations/${conversationId}`, marker, ownerSees: true };
    },
  },
  "routes/ai-coach.conversations.$id.stream": {
    roles: ["client"],
    user: proSubscriber,
    create: async (owner) => {
      const { conversationId, marker } = await ownConversation(owner);
      return { path: `/ai-coach/conversations/${conversationId}/stream`, marker, ownerSees: true };
    },
  },
  "routes/ai-coach.conversations.$id.export[.]md": {
    roles: ["client"],
    user: proSubscriber,
    create: async (owner) => {
      const { conversationId, marker } = await ownConversation(owner);
      return { path: `/ai-coach/conversations/${conversationId}/export.md`, marker, ownerSees: true };
    },
  },
  "routes/ai-coach.conversations.$id.stop": {
    roles: ["client"],
    user: proSubscriber,
    create: async (owner) => {
      const { conversationId, marker } = await ownConversation(owner);
      return { path: `/ai-coach/conversations/${conversationId}/stop`, method: "POST", marker, ownerSees: false, ownerStatus: 204 };
    },
  },
  "routes/ai-coach.conversations.$id.escalate": {
    roles: ["client"],
    user: proSubscriber,
    create: async (owner) => {
      const { conversationId, marker } = await ownConversation(owner);
      return { path: `/ai-coach/conversations/${conversationId}/escalate`, method: "POST", body: {}, marker, ownerSees: false };
    },
  },
  "routes/booking_.$bookingId[.]ics": {
    roles: ["client"],
    create: async (owner) => {
      const { booking } = await ownPaidBooking(owner);
      return { path: `/booking/${booking.id}.ics`, marker: booking.name, ownerSees: true };
    },
  },
  "routes/meeting.$meetingId": {
    // A meeting is its booking's client's and coach's: each is compared with another of their role.
    roles: ["client", "coach"],
    create: async (owner, role) => {
      await ensureCatalogue();
      const other = await createUser({ roles: [role === "client" ? "coach" : "client"] });
      const [coachId, clientId] = role === "coach" ? [owner.id, other.id] : [other.id, owner.id];
      const booking = await createBooking({ coachId, clientId, startsAt: daysFromNow(2, 1), name: `Meeting ${owner.id.slice(0, 8)}` });
      // The page names the other participant: the coach sees the client's name.
      return { path: `/meeting/${booking.id}`, marker: booking.name, ownerSees: role === "coach" };
    },
  },
  "routes/meeting.$meetingId_.join": {
    // A guest's one-time sign-in link: without its token nobody gets anything of the meeting; its own
    // client, already signed in, is sent on to the meeting.
    roles: ["client"],
    create: async (owner) => {
      await ensureCatalogue();
      const coach = await createUser({ roles: ["coach"] });
      const booking = await createBooking({ coachId: coach.id, clientId: owner.id, startsAt: daysFromNow(2, 1), name: `Join ${owner.id.slice(0, 8)}` });
      return { path: `/meeting/${booking.id}/join`, marker: booking.name, ownerSees: false, ownerStatus: 302 };
    },
  },
  // The room's endpoints: the owner's room is open, so the owner gets the ICE servers (200) and, without
  // a WebSocket upgrade, the socket's 426; the other user of the same role gets the 404.
  "routes/meeting.$meetingId.socket": {
    roles: ["client", "coach"],
    create: async (owner, role) => {
      const booking = await openMeetingOf(owner, role);
      return { path: `/meeting/${booking.id}/socket`, marker: booking.id, ownerSees: false, ownerStatus: 426 };
    },
  },
  "routes/meeting.$meetingId.ice-servers": {
    roles: ["client", "coach"],
    create: async (owner, role) => {
      const booking = await openMeetingOf(owner, role);
      return { path: `/meeting/${booking.id}/ice-servers`, marker: '"iceServers"', ownerSees: true };
    },
  },
  "routes/meeting.$meetingId_.record": {
    // A session's record is its booking's client's and coach's: each is compared with another of their role.
    roles: ["client", "coach"],
    create: async (owner, role) => {
      await ensureCatalogue();
      const other = await createUser({ roles: [role === "client" ? "coach" : "client"] });
      const [coachId, clientId] = role === "coach" ? [owner.id, other.id] : [other.id, owner.id];
      const booking = await createBooking({ coachId, clientId, startsAt: daysFromNow(-2, 1), name: `Record ${owner.id.slice(0, 8)}` });
      return { path: `/meeting/${booking.id}/record`, marker: booking.reference, ownerSees: true };
    },
  },
  "routes/payments-sandbox.checkout.$id": {
    roles: ["client"],
    create: async (owner) => {
      const { url } = await createAiCheckout(contextFor(env), { id: owner.id, email: owner.email }, { tier: "pro", interval: "month" });
      return { path: new URL(url).pathname, marker: owner.email, ownerSees: true };
    },
  },
  "routes/payments-sandbox.portal.$id": {
    roles: ["client"],
    create: async (owner) => {
      const { url } = await createAiCheckout(contextFor(env), { id: owner.id, email: owner.email }, { tier: "pro", interval: "month" });
      await fetchApp(new URL(url).pathname, { form: { intent: "pay" }, cookie: owner.cookie });
      const portal = await createPortalUrl(contextFor(env), owner.id, "/profile?tab=billing");
      return { path: new URL(portal.url).pathname, marker: owner.email, ownerSees: false };
    },
  },
  "routes/coach.payouts_.$payoutId": {
    roles: ["coach"],
    create: async (owner) => {
      const statement = await createStatement(owner.id, { totalCents: 4_321 });
      await sweepCoachPayouts(contextFor(env), { coachId: owner.id });
      const row = await env.DB.prepare("SELECT id FROM coach_payouts WHERE statement_id = ?").bind(statement.id).first<{ id: string }>();
      return { path: `/coach/payouts/${row!.id}`, marker: statement.number, ownerSees: true };
    },
  },
  "routes/payments-sandbox.connect.$linkId": {
    roles: ["coach"],
    create: async (owner) => {
      const url = await onboardingLink(contextFor(env), { id: owner.id, email: owner.email });
      return { path: new URL(url).pathname, marker: owner.email, ownerSees: true };
    },
  },
  "routes/profile_.invoices.$invoiceId": {
    roles: ["client"],
    create: async (owner) => {
      const id = `in_authz_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
      await env.DB.prepare("INSERT INTO billing_customers (user_id, stripe_customer_id) VALUES (?, ?)")
        .bind(owner.id, `cus_authz_${owner.id.slice(0, 12)}`)
        .run();
      await env.DB.prepare(
        "INSERT INTO billing_invoices (id, user_id, stripe_customer_id, number, status, currency, total_cents, tax_cents, description, paid_at, created_at) VALUES (?, ?, ?, ?, 'paid', 'aud', 14900, 1355, 'ClarityAI Pro (monthly)', ?, ?)",
      )
        .bind(id, owner.id, `cus_authz_${owner.id.slice(0, 12)}`, `CAI-${id.slice(-6).toUpperCase()}`, "2031-02-15T02:01:00.000Z", "2031-02-15T02:00:00.000Z")
        .run();
      return { path: `/profile/invoices/${id}`, marker: owner.email, ownerSees: true };
    },
  },
  "routes/profile_.payments.$paymentId": {
    roles: ["client"],
    create: async (owner) => {
      const { payment } = await ownPaidBooking(owner);
      return { path: `/profile/payments/${payment.id}`, marker: owner.email, ownerSees: true };
    },
  },
  "routes/profile_.payments.$paymentId[.]pdf": {
    roles: ["client"],
    create: async (owner) => {
      const { payment } = await ownPaidBooking(owner);
      return { path: `/profile/payments/${payment.id}.pdf`, marker: owner.email, ownerSees: true };
    },
  },
  "routes/profile_.credit-notes.$refundId": {
    roles: ["client"],
    create: async (owner) => {
      const refund = await createRefund((await ownPaidBooking(owner)).payment.id);
      return { path: `/profile/credit-notes/${refund.id}`, marker: owner.email, ownerSees: true };
    },
  },
  // A meeting's recordings are its coach's and client's (played by both, uploaded by the coach).
  "routes/meeting.$meetingId.recordings": {
    roles: ["client", "coach"],
    user: sessionUser,
    create: async (owner, role) => {
      const { base, recordingId } = await ownRecording(owner, role, "complete");
      return { path: base, marker: recordingId, ownerSees: true };
    },
  },
  "routes/meeting.$meetingId.recordings.$recordingId": {
    roles: ["client", "coach"],
    user: sessionUser,
    create: async (owner, role) => {
      const { base, recordingId, marker } = await ownRecording(owner, role, "complete");
      return { path: `${base}/${recordingId}`, marker, ownerSees: true };
    },
  },
  "routes/meeting.$meetingId.recordings.$recordingId.complete": {
    roles: ["coach"],
    user: sessionUser,
    create: async (owner, role) => {
      const { base, recordingId } = await ownRecording(owner, role, "complete");
      return { path: `${base}/${recordingId}/complete`, method: "POST", marker: recordingId, ownerSees: true };
    },
  },
  "routes/meeting.$meetingId.recordings.$recordingId.parts": {
    roles: ["coach"],
    user: sessionUser,
    create: async (owner, role) => {
      const { base, recordingId } = await ownRecording(owner, role, "uploading");
      return { path: `${base}/${recordingId}/parts`, marker: recordingId, ownerSees: false };
    },
  },
  "routes/meeting.$meetingId.recordings.$recordingId.parts.$n": {
    roles: ["coach"],
    user: sessionUser,
    create: async (owner, role) => {
      const { base, recordingId } = await ownRecording(owner, role, "uploading");
      return { path: `${base}/${recordingId}/parts/1`, method: "PUT", body: "part", marker: recordingId, ownerSees: false };
    },
  },
  "routes/profile_.credit-notes.$refundId[.]pdf": {
    roles: ["client"],
    create: async (owner) => {
      const refund = await createRefund((await ownPaidBooking(owner)).payment.id);
      return { path: `/profile/credit-notes/${refund.id}.pdf`, marker: owner.email, ownerSees: true };
    },
  },
};

/** Routes whose URL carries a row's id: a param named "id" or ending in "Id". */
const ID_ROUTES = ROUTES.filter((route) => /(^|\/):(id|\w+Id)\b/.test(pattern(route)));

function ask(row: OwnedRow, cookie: string, path = row.path) {
  const headers: Record<string, string> = { Cookie: cookie };
  if (row.method === "POST" || row.method === "PUT") {
    headers.Origin = "http://localhost";
    if (row.body !== undefined) headers["Content-Type"] = "application/json";
  }
  return fetchApp(
    new Request(`http://localhost${path}`, {
      method: row.method ?? "GET",
      headers,
      body: (row.method === "POST" || row.method === "PUT") && row.body !== undefined ? JSON.stringify(row.body) : undefined,
      redirect: "manual",
    }),
  );
}

test("every route with an id names how its rows are owned: a probe of two users of one role, or why no user owns them", () => {
  const ids = ID_ROUTES.map((route) => route.id);
  const missing = ids.filter((id) => !(id in OWNERSHIP));
  const stale = Object.keys(OWNERSHIP).filter((id) => !ids.includes(id));
  expect({ missing, stale }, "add an ownership probe (or the reason none applies) for each route with an id, in OWNERSHIP above").toEqual({
    missing: [],
    stale: [],
  });
  // The id routes of the profile, the AI coach, bookings and meetings are among those probed.
  const probed = ids.filter((id) => !("shared" in OWNERSHIP[id]!));
  expect(probed).toEqual(
    expect.arrayContaining([
      "routes/meeting.$meetingId",
      "routes/profile_.payments.$paymentId",
      "routes/ai-coach.conversations.$id",
      "routes/booking_.$bookingId[.]ics",
    ]),
  );
});

test(
  "ownership: another user of the same role asking for the first user's row by its id gets the 404, with nothing of the row in it",
  { timeout: 120_000 },
  async () => {
    const failures: string[] = [];
    let probes = 0;
    for (const route of ID_ROUTES) {
      const fixture = OWNERSHIP[route.id];
      if (!fixture || "shared" in fixture) continue;
      for (const role of fixture.roles) {
        const makeUser = fixture.user ?? probeUser;
        const [owner, other] = [await makeUser(role), await makeUser(role)];
        const row = await fixture.create(owner, role);
        const label = `${route.id} as ${role}`;
        // The other user first, so nothing the owner does can explain their answer.
        const asked = await ask(row, other.cookie);
        const askedBody = await asked.text();
        if (asked.status !== 404) failures.push(`${label}: the other user got ${asked.status}, not 404`);
        if (askedBody.includes(row.marker)) failures.push(`${label}: the other user's answer shows the owner's row`);
        if ((row.method ?? "GET") === "GET" && DATA_ROUTES.includes(route)) {
          const data = await ask(row, other.cookie, dataUrl(row.path, route.id));
          const dataBody = await data.text();
          if (data.status !== 404) failures.push(`${label}: the other user's data request got ${data.status}, not 404`);
          if (dataBody.includes(row.marker)) failures.push(`${label}: the other user's data request shows the owner's row`);
        }
        const own = await ask(row, owner.cookie);
        const ownBody = await own.text();
        if (own.status !== (row.ownerStatus ?? 200)) failures.push(`${label}: the owner got ${own.status}, not ${row.ownerStatus ?? 200}`);
        if (row.ownerSees && !ownBody.includes(row.marker)) failures.push(`${label}: the owner's answer doesn't show the marker, so the probe proves nothing`);
        probes += 1;
      }
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThanOrEqual(Object.values(OWNERSHIP).filter((fixture) => !("shared" in fixture)).length);
  },
);
