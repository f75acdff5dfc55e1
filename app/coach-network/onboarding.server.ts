import { and, eq, isNull } from "drizzle-orm";
import { isValidAbn } from "~/accounts/abn";
import { parseWeeklyHours } from "~/booking/availability.server";
import type { Db } from "~/db/client.server";
import { coachProfiles, coachSchedules } from "~/db/schema";
import { COACH_AGREEMENT_VERSION } from "./agreements";
import { payoutAccountState, type PayoutAccountState } from "./payout-accounts.server";
import { BIO_MIN_LENGTH, parseIndustries, parseSpecialties } from "./profile";

// The coach's onboarding checklist: profile, availability, agreement, ABN, payouts. A coach becomes
// bookable once every item is done: the first time the checklist is found complete,
// coach_profiles.onboarding_completed_at is set (once; a later change never takes a coach off the
// booking page by itself — an admin does that by ending their bookings or their role).

export const ONBOARDING_ITEM_KEYS = ["profile", "availability", "agreement", "abn", "payouts"] as const;
export type OnboardingItemKey = (typeof ONBOARDING_ITEM_KEYS)[number];

export type OnboardingItem = { key: OnboardingItemKey; label: string; done: boolean; href: string };
export type OnboardingChecklist = { items: OnboardingItem[]; complete: boolean };

/** What the checklist is decided from: the coach's profile row and schedule, and their payout account's state. */
export type OnboardingFacts = {
  profile: typeof coachProfiles.$inferSelect | null;
  weeklyHours: string | null;
  payoutState: PayoutAccountState;
};

const LABELS: Record<OnboardingItemKey, string> = {
  profile: "Add your photo, bio, specialties and industries",
  availability: "Set your time zone and weekly hours",
  agreement: "Accept the coach agreement",
  abn: "Confirm your ABN and GST registration",
  payouts: "Set up payouts",
};

const HREFS: Record<OnboardingItemKey, string> = {
  profile: "/coach/profile",
  availability: "/coach/availability",
  agreement: "/coach/agreement",
  abn: "/coach/profile#tax-details",
  payouts: "/coach/payouts",
};

/** Payout setup counts as done once the coach has given their details: Stripe's checks may still be running. */
const PAYOUTS_DONE: readonly PayoutAccountState[] = ["pending_verification", "active"];

/** Which items are done, from the facts (pure: the rules the tests pin down). */
export function checklistOf(facts: OnboardingFacts, now: Date): Record<OnboardingItemKey, boolean> {
  const profile = facts.profile;
  const hours = facts.weeklyHours === null ? null : parseWeeklyHours(facts.weeklyHours);
  const gst = profile?.gstRegistered === true;
  return {
    profile: Boolean(
      profile &&
      profile.photoKey &&
      profile.bio.trim().length >= BIO_MIN_LENGTH &&
      parseSpecialties(profile.specialties).length > 0 &&
      parseIndustries(profile.industries).length > 0,
    ),
    availability: hours !== null && Object.values(hours).some((intervals) => intervals.length > 0),
    agreement: Boolean(
      profile &&
      profile.agreementVersion === COACH_AGREEMENT_VERSION &&
      profile.agreementAcceptedAt &&
      (!gst || (profile.rctiAgreementAcceptedAt && profile.rctiAgreementExpiresAt && profile.rctiAgreementExpiresAt > now.toISOString())),
    ),
    abn: Boolean(profile && profile.abnConfirmedAt && profile.abn && isValidAbn(profile.abn) && profile.legalName?.trim()),
    payouts: PAYOUTS_DONE.includes(facts.payoutState),
  };
}

/**
 * The coach's checklist, in order; complete when every item is done (or onboarding was completed
 * before). Finding it complete for the first time sets onboarding_completed_at: the coach is bookable.
 */
export async function loadOnboardingChecklist(db: Db, coachId: string, now: Date = new Date()): Promise<OnboardingChecklist> {
  const [[profile], [schedule], payoutState] = await Promise.all([
    db.select().from(coachProfiles).where(eq(coachProfiles.coachId, coachId)).limit(1).all(),
    db.select({ weeklyHours: coachSchedules.weeklyHours }).from(coachSchedules).where(eq(coachSchedules.coachId, coachId)).limit(1).all(),
    payoutAccountState(db, coachId),
  ]);
  const { checklist, completesNow } = onboardingChecklistOf({ profile: profile ?? null, weeklyHours: schedule?.weeklyHours ?? null, payoutState }, now);
  if (completesNow) await markOnboardingComplete(db, coachId, now);
  return checklist;
}

/**
 * The checklist from facts already read (the dashboard reads them with its own batch), and whether
 * it is found complete for the first time: then the caller sets onboarding_completed_at.
 */
export function onboardingChecklistOf(facts: OnboardingFacts, now: Date): { checklist: OnboardingChecklist; completesNow: boolean } {
  const done = checklistOf(facts, now);
  const items = ONBOARDING_ITEM_KEYS.map((key) => ({ key, label: LABELS[key], done: done[key], href: HREFS[key] }));
  const allDone = items.every((item) => item.done);
  return {
    checklist: { items, complete: allDone || Boolean(facts.profile?.onboardingCompletedAt) },
    completesNow: Boolean(allDone && facts.profile && !facts.profile.onboardingCompletedAt),
  };
}

/** The statement that sets onboarding_completed_at once, for a batch (markOnboardingComplete runs it alone). */
export function markOnboardingCompleteQuery(db: Db, coachId: string, now: Date) {
  const at = now.toISOString();
  return db
    .update(coachProfiles)
    .set({ onboardingCompletedAt: at, updatedAt: at })
    .where(and(eq(coachProfiles.coachId, coachId), isNull(coachProfiles.onboardingCompletedAt)));
}

/** Sets onboarding_completed_at once (a second call, or a concurrent one, changes nothing). */
export async function markOnboardingComplete(db: Db, coachId: string, now: Date): Promise<void> {
  await markOnboardingCompleteQuery(db, coachId, now);
}
