import type { Db } from "~/db/client.server";

// PLACEHOLDER (replaced by the payouts branch).

export const PAYOUT_ACCOUNT_STATES = ["not_started", "details_needed", "pending_verification", "active", "restricted"] as const;
export type PayoutAccountState = (typeof PAYOUT_ACCOUNT_STATES)[number];

/** Where the coach's Stripe Connect (Express) payout account stands. */
export async function payoutAccountState(_db: Db, _coachId: string): Promise<PayoutAccountState> {
  return "not_started";
}
