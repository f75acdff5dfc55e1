import type { Db } from "~/db/client.server";

// PLACEHOLDER (replaced by the profile-and-onboarding branch): the coach's onboarding checklist.

export const ONBOARDING_ITEM_KEYS = ["profile", "availability", "agreement", "abn", "payouts"] as const;
export type OnboardingItemKey = (typeof ONBOARDING_ITEM_KEYS)[number];

export type OnboardingItem = { key: OnboardingItemKey; label: string; done: boolean; href: string };
export type OnboardingChecklist = { items: OnboardingItem[]; complete: boolean };

/** The coach's checklist, in order; complete when every item is done. */
export async function loadOnboardingChecklist(_db: Db, _coachId: string): Promise<OnboardingChecklist> {
  return { items: [], complete: true };
}
