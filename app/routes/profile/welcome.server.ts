import { and, eq, inArray, lte, ne, or, sql } from "drizzle-orm";
import type { Viewer } from "~/auth/viewer";
import type { AppContext } from "~/context.server";
import { aiConversations, authSessions, bookings, profiles } from "~/db/schema";

// The profile's greeting. A user is new while they are in their first sign-in: no session of theirs
// began before the one they are using (sessions are kept, revoked, rather than deleted, so a sign-out
// does not make anyone new again). A new user is greeted "Welcome" with three next steps, each marked
// done once it is (a booking of theirs, a ClarityAI conversation, every profile detail but the ABN).

export type WelcomeStep = { id: "book" | "clarityai" | "profile"; label: string; href: string; done: boolean };
export type Welcome = { isNew: boolean; steps: WelcomeStep[] };

/** Bookings that happened or will: not a hold, not cancelled, not expired. */
const REAL_BOOKING = ["confirmed", "completed", "no_show"] as const;

async function isFirstSignIn(context: AppContext, viewer: Viewer): Promise<boolean> {
  const current = context.db.select({ createdAt: authSessions.createdAt }).from(authSessions).where(eq(authSessions.id, viewer.authSessionId));
  const earlier = await context.db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, viewer.id), ne(authSessions.id, viewer.authSessionId), lte(authSessions.createdAt, sql`(${current})`)))
    .limit(1)
    .get();
  return !earlier;
}

export async function loadWelcome(context: AppContext, viewer: Viewer): Promise<Welcome> {
  if (!(await isFirstSignIn(context, viewer))) return { isNew: false, steps: [] };
  const [booking, conversation, profile] = await Promise.all([
    context.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(or(eq(bookings.clientId, viewer.id), sql`lower(${bookings.email}) = ${viewer.email.toLowerCase()}`), inArray(bookings.status, [...REAL_BOOKING])),
      )
      .limit(1)
      .get(),
    context.db.select({ id: aiConversations.id }).from(aiConversations).where(eq(aiConversations.userId, viewer.id)).limit(1).get(),
    context.db.select().from(profiles).where(eq(profiles.userId, viewer.id)).get(),
  ]);
  const profileComplete = Boolean(
    profile && [profile.firstName, profile.lastName, profile.company, profile.industry, profile.businessType, profile.state].every((v) => v?.trim()),
  );
  return {
    isNew: true,
    steps: [
      { id: "book", label: "Book your free 20-minute discovery call", href: "/booking?type=discovery", done: Boolean(booking) },
      { id: "clarityai", label: "Try ClarityAI, your 24/7 AI business coach", href: "/profile?tab=ai-assistant", done: Boolean(conversation) },
      { id: "profile", label: "Complete your profile", href: "/profile?tab=details#details-heading", done: profileComplete },
    ],
  };
}
