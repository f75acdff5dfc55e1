// Where a coach's Stripe Connect (Express) account stands, read from the account as Stripe describes
// it, and what each state means for the coach. Pure and browser-safe: the payouts page and the
// onboarding checklist show the same words.

export const PAYOUT_ACCOUNT_STATES = ["not_started", "details_needed", "pending_verification", "active", "restricted"] as const;
export type PayoutAccountState = (typeof PAYOUT_ACCOUNT_STATES)[number];

/** The parts of a Stripe Account the state is read from. */
export type ConnectAccountFacts = {
  details_submitted?: boolean | null;
  payouts_enabled?: boolean | null;
  capabilities?: { transfers?: string | null } | null;
  requirements?: {
    currently_due?: string[] | null;
    past_due?: string[] | null;
    pending_verification?: string[] | null;
    disabled_reason?: string | null;
  } | null;
};

/**
 * - details_needed: the coach has not finished Stripe's form (details_submitted is false);
 * - active: Stripe pays out to the coach and takes transfers, nothing is overdue;
 * - restricted: Stripe needs something it has not got (overdue details) or has refused the account;
 * - pending_verification: details are in and Stripe is checking them.
 */
export function stateOfAccount(account: ConnectAccountFacts): Exclude<PayoutAccountState, "not_started"> {
  const requirements = account.requirements ?? {};
  const pastDue = requirements.past_due ?? [];
  const disabledReason = requirements.disabled_reason ?? null;
  if (!account.details_submitted) return "details_needed";
  const transfersActive = account.capabilities?.transfers === "active";
  if (account.payouts_enabled && transfersActive && pastDue.length === 0 && !disabledReason) return "active";
  if (pastDue.length > 0 || (disabledReason !== null && disabledReason !== "requirements.pending_verification" && disabledReason !== "under_review")) {
    return "restricted";
  }
  if ((requirements.currently_due ?? []).length > 0 && (requirements.pending_verification ?? []).length === 0) return "restricted";
  return "pending_verification";
}

export const PAYOUT_STATE_LABELS: Record<PayoutAccountState, string> = {
  not_started: "Not started",
  details_needed: "Details needed",
  pending_verification: "Pending verification",
  active: "Active",
  restricted: "Restricted",
};

export const PAYOUT_STATE_EXPLANATIONS: Record<PayoutAccountState, string> = {
  not_started:
    "You haven't set up payouts yet. We pay your share through Stripe, our payments provider: set up a Stripe Express account with your bank details and we transfer each statement's amount to it.",
  details_needed: "You've started setting up payouts but Stripe still needs some details from you. Continue where you left off: it takes a few minutes.",
  pending_verification:
    "Your details are in and Stripe is checking them. This usually takes a few minutes and can take up to a couple of business days. We'll start paying you as soon as it's done.",
  active: "Your payout account is active. Each statement's amount is transferred to your Stripe account and paid into your bank account.",
  restricted:
    "Stripe has paused payouts to your account because it needs more information or couldn't verify what you gave. Update your details with Stripe to start payouts again.",
};

/** Why payouts wait for a confirmed ABN: shown wherever a payout can be held. */
export const ABN_HOLD_NOTICE =
  "Payouts are held until your ABN is confirmed, so we never have to withhold 47% of your payment (the tax law's rate for a supplier who hasn't quoted an ABN).";

export const PAYOUT_STATUS_LABELS: Record<"held" | "pending" | "paid" | "failed", string> = {
  held: "Held",
  pending: "On its way",
  paid: "Paid",
  failed: "Failed",
};

export const HELD_REASON_TEXT: Record<"abn_unconfirmed" | "account_not_active", string> = {
  abn_unconfirmed: "Held until your ABN is confirmed.",
  account_not_active: "Held until your payout account is active.",
};

/** What keeps a payout held, or null when it may go: a missing ABN first, then an account that can't take transfers. */
export function heldReasonOf(
  abnConfirmedAt: string | null | undefined,
  accountState: string | null | undefined,
): "abn_unconfirmed" | "account_not_active" | null {
  if (!abnConfirmedAt) return "abn_unconfirmed";
  if (accountState !== "active") return "account_not_active";
  return null;
}
