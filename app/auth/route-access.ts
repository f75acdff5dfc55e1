import type { Role } from "~/db/schema";

// Who may reach each route (SPEC §6), in one place. Keys are Remix route ids as the server build
// names them ("routes/admin.users" for app/routes/admin.users.tsx or app/routes/admin.users/route.tsx).
// tests/worker/authz-matrix.test.ts reads the route ids from the build and fails when a route is
// missing here or an id here no longer exists, then visits every route as each persona and checks
// the outcome against this table. Plain data and a pure rule: safe to import in the browser.

/**
 * "public": anyone, signed in or not. "signed-in": any signed-in user. `{ role }`: a signed-in user
 * holding that role. Resource routes (XML feeds, JSON downloads) and action-only routes are
 * classified the same way as pages.
 */
export type RouteAccess = "public" | "signed-in" | { readonly role: Role };

const ADMIN = { role: "admin" } as const;
const COACH = { role: "coach" } as const;

export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // The root layout serves every page, so it reads the viewer but never requires one.
  root: "public",
  "routes/$": "public",
  "routes/_index": "public",
  "routes/about": "public",
  "routes/become-coach": "public",
  "routes/blog._index": "public",
  "routes/blog.$slug": "public",
  "routes/blog.rss[.]xml": "public",
  "routes/booking": "public",
  // A bookable coach's photo on the booking page (404 for a coach who isn't bookable).
  "routes/coaches.$slug.photo": "public",
  // A booking's own pages: each checks on the server that the viewer owns it, holds its signed link
  // (or, just after paying, its checkout session) and answers 404 otherwise.
  "routes/booking-confirmation": "public",
  "routes/booking_.$bookingId[.]ics": "public",
  "routes/booking_.$bookingId.calendar.$provider": "public",
  "routes/booking_.manage.$token": "public",
  "routes/booking_.checkout-cancelled": "public",
  "routes/case-studies._index": "public",
  "routes/case-studies.$industry._index": "public",
  "routes/case-studies.$industry.$slug": "public",
  "routes/clarityai.$slug": "public",
  "routes/contact": "public",
  // The coach application, and an applicant's own application from its signed link (404 without it).
  "routes/coach-registration": "public",
  "routes/coach-registration_.$token": "public",
  "routes/locations._index": "public",
  "routes/locations.$slug": "public",
  "routes/payment-canceled": "public",
  "routes/payment-success": "public",
  "routes/privacy": "public",
  "routes/resources": "public",
  // Uploaded images and files (app/content/media.server.ts): public at unguessable addresses.
  "routes/media.$id.$file": "public",
  "routes/sales-chat": "public",
  "routes/services._index": "public",
  "routes/services.$slug": "public",
  "routes/services.clarityai": "public",
  "routes/sitemap[.]xml": "public",
  "routes/terms": "public",
  // Sign-in and sign-up are for visitors; a signed-in user is sent on to their profile.
  "routes/auth": "public",
  // An invitation's link: the token decides whose account it is, signed in or not.
  "routes/auth_.invite": "public",
  // Signing out works (and lands on /auth) whether or not a session is still live.
  "routes/sign-out": "public",
  // Unsubscribing from marketing email works from the emailed link, signed in or not.
  "routes/unsubscribe": "public",
  // Confirming marketing email (double opt-in) works from the emailed link, signed in or not.
  "routes/subscribe": "public",
  // Subscribe, from the cached public plan cards: the action itself sends a visitor to sign in and
  // back to the plans they were looking at (a guard would send them back to this action instead).
  "routes/billing.checkout": "public",
  // Stripe's events: no session, verified by their signature instead (app/billing/webhooks.server.ts).
  "routes/webhooks.stripe": "public",

  "routes/profile": "signed-in",
  "routes/profile.export[.]json": "signed-in",
  "routes/profile_.invoices.$invoiceId": "signed-in",
  // A booking payment's tax invoice and a refund's credit note (HTML and PDF): the owner only, 404 for anyone else.
  "routes/profile_.payments.$paymentId": "signed-in",
  "routes/profile_.payments.$paymentId[.]pdf": "signed-in",
  "routes/profile_.credit-notes.$refundId": "signed-in",
  "routes/profile_.credit-notes.$refundId[.]pdf": "signed-in",
  // The learning hub's and the meetings' frames: each page below guards itself.
  "routes/learning": "signed-in",
  "routes/learning._index": "signed-in",
  "routes/learning.module.$moduleId": "signed-in",
  "routes/learning.lesson.$lessonId": "signed-in",
  // A module's quiz and the learner's own certificate (404 until earned).
  "routes/learning.module.$moduleId_.quiz": "signed-in",
  "routes/learning.module.$moduleId_.certificate[.]pdf": "signed-in",
  // A certificate's public check: anyone with its code (404 for an unknown code); noindex.
  "routes/certificates.$certificateId": "public",
  // A lesson's files and its reading position: whoever may open the lesson (its module's rule and drip).
  "routes/learning.lesson.$lessonId.video": "signed-in",
  "routes/learning.lesson.$lessonId.captions[.]vtt": "signed-in",
  "routes/learning.lesson.$lessonId.transcript[.]txt": "signed-in",
  "routes/learning.lesson.$lessonId.position": "signed-in",
  // A lesson's worksheet: saving and sharing (action) and its files; the lesson's own access rules apply.
  "routes/learning.lesson.$lessonId_.worksheet": "signed-in",
  "routes/learning.lesson.$lessonId_.ask": "signed-in",
  "routes/learning.lesson.$lessonId_.worksheet_.$format": "signed-in",
  // /meeting itself is no page: a 404 for everyone, as any unknown address. A meeting is its
  // participants' only (the booking's client and coach), 404 for anyone else.
  "routes/meeting": "public",
  "routes/meeting._index": "public",
  "routes/meeting.$meetingId": "signed-in",
  // A guest's one-time sign-in link into their meeting (from the booking's emails): it signs them in.
  "routes/meeting.$meetingId_.join": "public",
  // The room's endpoints answer a script, not a person: a visitor gets 401 rather than the sign-in page.
  "routes/meeting.$meetingId.socket": "signed-in",
  "routes/meeting.$meetingId.ice-servers": "signed-in",
  // A session's record after the call: its participants and admins, 404 for anyone else.
  "routes/meeting.$meetingId_.record": "signed-in",
  // Its recordings' API: the coach records (with both people's consent); participants and admins play them.
  "routes/meeting.$meetingId.recordings": "signed-in",
  "routes/meeting.$meetingId.recordings.$recordingId": "signed-in",
  "routes/meeting.$meetingId.recordings.$recordingId.parts": "signed-in",
  "routes/meeting.$meetingId.recordings.$recordingId.parts.$n": "signed-in",
  "routes/meeting.$meetingId.recordings.$recordingId.complete": "signed-in",
  // The AI coach's JSON and event-stream API for the web UI: signed in; each answers 402 without a
  // subscription where one is needed, and 404 for a conversation that isn't the viewer's.
  "routes/ai-coach.chat": "signed-in",
  "routes/ai-coach.status": "signed-in",
  "routes/ai-coach.prompt-packs": "signed-in",
  "routes/ai-coach.conversations._index": "signed-in",
  "routes/ai-coach.conversations.$id": "signed-in",
  "routes/ai-coach.conversations.$id.stream": "signed-in",
  "routes/ai-coach.conversations.$id.stop": "signed-in",
  "routes/ai-coach.conversations.$id.escalate": "signed-in",
  "routes/ai-coach.conversations.$id.export[.]md": "signed-in",
  // The local payments sandbox's hosted pages: the session's owner only; 404 unless the sandbox runs.
  // A guest's one-off payment (no customer) opens from its unguessable link, as Stripe Checkout's does;
  // a customer's session still sends a visitor to sign in (app/billing/sandbox/pages.server.ts).
  "routes/payments-sandbox.checkout.$id": "public",
  "routes/payments-sandbox.portal.$id": "signed-in",
  // Its Connect onboarding form: the coach whose account the link is for only, 404 for anyone else.
  "routes/payments-sandbox.connect.$linkId": "signed-in",

  // The portal's frame and each page guard themselves.
  "routes/coach": COACH,
  "routes/coach._index": COACH,
  "routes/coach.availability": COACH,
  // Onboarding: the checklist, the profile (photo, bio, tax details), the agreements and the coach's own photo.
  "routes/coach.onboarding": COACH,
  "routes/coach.profile": COACH,
  "routes/coach.agreement": COACH,
  "routes/coach.photo": COACH,
  // Payouts: the account's onboarding (Stripe's refresh_url and return_url come back to the two
  // below) and the coach's own payouts; another coach's payout is not found.
  "routes/coach.payouts": COACH,
  "routes/coach.payouts_.$payoutId": COACH,
  "routes/coach.payouts_.refresh": COACH,
  "routes/coach.payouts_.return": COACH,
  // Earnings and statements: every statement URL answers 404 for another coach's statement.
  "routes/coach.earnings": COACH,
  "routes/coach.statements.$id": COACH,
  "routes/coach.statements.$id[.]pdf": COACH,
  "routes/coach.statements.$id[.]csv": COACH,
  "routes/coach.statements.$id_.xero[.]csv": COACH,
  "routes/coach.statements.$id_.myob[.]txt": COACH,
  // The coach's sessions and clients: only their own; another coach's client is the 404.
  "routes/coach.sessions": COACH,
  "routes/coach.clients._index": COACH,
  "routes/coach.clients.$clientId": COACH,
  // A worksheet a client shared with this coach, as a file (404 for anyone else's client or artefact).
  "routes/coach.clients.$clientId_.artefacts.$artefactId.$format": COACH,

  // The layout and each child guard themselves: Remix runs nested loaders in parallel.
  "routes/admin": ADMIN,
  "routes/admin._index": ADMIN,
  "routes/admin.audit": ADMIN,
  "routes/admin.audit[.]csv": ADMIN,
  "routes/admin.bookings._index": ADMIN,
  "routes/admin.coach-applications._index": ADMIN,
  "routes/admin.coach-applications.$id": ADMIN,
  "routes/admin.coach-applications.$id.cv": ADMIN,
  "routes/admin.bookings.$id": ADMIN,
  "routes/admin.coaches._index": ADMIN,
  "routes/admin.coaches.$coachId": ADMIN,
  "routes/admin.payouts._index": ADMIN,
  "routes/admin.payouts.$id": ADMIN,
  "routes/admin.escalations._index": ADMIN,
  "routes/admin.escalations.$id": ADMIN,
  "routes/admin.jobs": ADMIN,
  "routes/admin.leads._index": ADMIN,
  "routes/admin.leads.$id": ADMIN,
  "routes/admin.leads[.]csv": ADMIN,
  "routes/admin.overview[.]csv": ADMIN,
  "routes/admin.marketing": ADMIN,
  "routes/admin.marketing[.]csv": ADMIN,
  "routes/admin.outbox._index": ADMIN,
  "routes/admin.outbox.$id": ADMIN,
  "routes/admin.outbox.$id.preview": ADMIN,
  "routes/admin.users": ADMIN,
  "routes/admin.media._index": ADMIN,
  "routes/admin.media.$id": ADMIN,
  "routes/admin.media.picker": ADMIN,
  // The learning hub's modules and lessons, and the service and location pages' copy.
  "routes/admin.learning._index": ADMIN,
  "routes/admin.learning.$moduleId": ADMIN,
  "routes/admin.learning.lessons.$lessonId": ADMIN,
  "routes/admin.pages._index": ADMIN,
  "routes/admin.pages.$kind.$slug": ADMIN,
  // The content admin (blog posts, case studies, resources) and its editors' live markdown preview.
  "routes/admin.content.preview": ADMIN,
  "routes/admin.content._index": ADMIN,
  "routes/admin.content.new": ADMIN,
  "routes/admin.content.$type.$id": ADMIN,
  "routes/admin.users_.$id": ADMIN,
  "routes/admin.attention._index": ADMIN,
  "routes/admin.attention.$kind.$id": ADMIN,
  "routes/admin.subscriptions": ADMIN,
};

/** What a guard does with a request: let it through, send it to /auth, or send it home (/). */
export type AccessOutcome = "allowed" | "sign-in" | "home";

/**
 * SPEC §6 for one route and one viewer (`null` roles: not signed in). Not signed in → /auth;
 * missing the admin role → /; missing any other role → /auth.
 */
export function accessOutcome(access: RouteAccess, roles: readonly Role[] | null): AccessOutcome {
  if (access === "public") return "allowed";
  if (roles === null) return "sign-in";
  if (access === "signed-in") return "allowed";
  if (roles.includes(access.role)) return "allowed";
  return access.role === "admin" ? "home" : "sign-in";
}
