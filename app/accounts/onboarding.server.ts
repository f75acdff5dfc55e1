import { and, eq, isNull } from "drizzle-orm";
import { userMetadata, type UserRow } from "~/auth/users.server";
import { FunctionError, functionJson, type ServerFunction } from "~/data-api/server-function.server";
import type { Db } from "~/db/client.server";
import { profiles, users } from "~/db/schema";
import type { OnboardingEmailJob } from "./jobs";
import { consumeRateLimit, limitSubject, type RateLimitRule } from "~/platform/rate-limit.server";

// SPEC §7 send-user-onboarding: the welcome email for a new account (app/email/templates/onboarding.tsx).
// The client invokes the function on SIGNED_IN for an account created less than 5 minutes earlier;
// a sign-in within those 5 minutes already queues it (app/auth/token-sessions.server.ts). Both go
// through enqueueOnboarding, so however both paths run, a user gets one welcome.

/** The server's own rule: only an account younger than this gets the welcome from the function. */
export const ONBOARDING_MAX_ACCOUNT_AGE_MS = 24 * 60 * 60 * 1000;

const ONBOARDING_CALLS_PER_USER: RateLimitRule = { name: "onboarding-call-user", limit: 10, windowMs: 60 * 60_000 };

export type OnboardingResult = { sent: true } | { sent: false; reason: "already_sent" | "account_too_old" | "no_confirmed_email" };

/** The names the user gave us for the greeting: the profile's first, then those given at sign-up. */
async function greetingNames(db: Db, user: UserRow): Promise<{ firstName: string; lastName: string }> {
  const profile = await db.query.profiles.findFirst({ columns: { firstName: true, lastName: true }, where: eq(profiles.userId, user.id) });
  const metadata = userMetadata(user);
  const name = (value: unknown) => (typeof value === "string" ? value.slice(0, 100) : "");
  return { firstName: name(profile?.firstName ?? metadata.first_name), lastName: name(profile?.lastName ?? metadata.last_name) };
}

/**
 * Queues the welcome (a user.onboarding job, app/accounts/jobs.server.ts) to the user's own
 * address, once per user: the conditional update claims the right to send it, so
 * concurrent sign-ins and calls of the function queue it once, and the job's dedupe key makes a
 * redelivered job send it once. Only for an account younger than `maxAgeMs`.
 */
export async function enqueueOnboarding(db: Db, jobs: Queue, user: UserRow, maxAgeMs: number, now = Date.now()): Promise<OnboardingResult> {
  if (!user.email) return { sent: false, reason: "no_confirmed_email" };
  if (now - Date.parse(user.createdAt) > maxAgeMs) return { sent: false, reason: "account_too_old" };
  const [claimed] = await db
    .update(users)
    .set({ onboardingEnqueuedAt: new Date(now).toISOString() })
    .where(and(eq(users.id, user.id), isNull(users.onboardingEnqueuedAt)))
    .returning({ id: users.id });
  if (!claimed) return { sent: false, reason: "already_sent" };
  const job: OnboardingEmailJob = { type: "user.onboarding", version: 1, userId: user.id, email: user.email, ...(await greetingNames(db, user)) };
  await jobs.send(job);
  return { sent: true };
}

/**
 * POST /functions/v1/send-user-onboarding. The body's email, firstName and lastName (SPEC §7) are
 * read but not used: the welcome goes only to the signed-in user's own address, so the function
 * cannot be used to send mail to anyone else.
 */
export const sendUserOnboarding: ServerFunction = {
  access: "user",
  async handle({ user, body, context }) {
    const payload = await body();
    if (payload !== undefined && (typeof payload !== "object" || payload === null || Array.isArray(payload))) {
      throw new FunctionError(400, "invalid_body", "Expected a JSON object");
    }
    const limit = await consumeRateLimit(context.db, ONBOARDING_CALLS_PER_USER, limitSubject("user", user.id), context.env.SESSION_SECRET);
    if (!limit.allowed) {
      throw new FunctionError(429, "over_request_rate_limit", "Too many requests. Please try again later.", { "Retry-After": String(limit.retryAfterSeconds) });
    }
    // Only to an address the user has proven is theirs.
    if (!user.emailConfirmedAt) return functionJson({ sent: false, reason: "no_confirmed_email" } satisfies OnboardingResult);
    return functionJson(await enqueueOnboarding(context.db, context.cloudflare.env.JOBS, user, ONBOARDING_MAX_ACCOUNT_AGE_MS));
  },
};
