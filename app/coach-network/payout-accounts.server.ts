import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { callStripe, stripeOf } from "~/billing/stripe.server";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { coachPayoutAccounts } from "~/db/schema";
import { stateOfAccount, type ConnectAccountFacts, type PayoutAccountState } from "./payout-state";

// Each coach's Stripe Connect Express account (AUD, Australia): made when they first set up
// payouts, onboarded through Stripe's hosted form (account links), and kept up to date from
// account.updated and from a fresh read whenever the coach comes back from Stripe's form.

export { PAYOUT_ACCOUNT_STATES, type PayoutAccountState } from "./payout-state";

/** Where the coach's Stripe Connect (Express) payout account stands. */
export async function payoutAccountState(db: Db, coachId: string): Promise<PayoutAccountState> {
  const row = await db.select({ state: coachPayoutAccounts.state }).from(coachPayoutAccounts).where(eq(coachPayoutAccounts.coachId, coachId)).get();
  return row?.state ?? "not_started";
}

export async function loadPayoutAccount(db: Db, coachId: string) {
  return (await db.select().from(coachPayoutAccounts).where(eq(coachPayoutAccounts.coachId, coachId)).get()) ?? null;
}

/** Where Stripe's form sends the coach back: a fresh link when theirs expired, and their return. */
export const PAYOUTS_REFRESH_PATH = "/coach/payouts/refresh";
export const PAYOUTS_RETURN_PATH = "/coach/payouts/return";

/** What the row keeps of a Stripe Account. */
export function accountColumns(account: ConnectAccountFacts & { id: string }) {
  const requirements = account.requirements ?? {};
  return {
    state: stateOfAccount(account),
    detailsSubmitted: account.details_submitted === true,
    payoutsEnabled: account.payouts_enabled === true,
    transfersActive: account.capabilities?.transfers === "active",
    requirementsDue: JSON.stringify(requirements.currently_due ?? []),
    requirementsPastDue: JSON.stringify(requirements.past_due ?? []),
    disabledReason: requirements.disabled_reason ?? null,
  };
}

// Stripe's times are whole seconds: of two descriptions from the same second, the one further on wins.
const STATE_RANKS = { details_needed: 0, pending_verification: 1, restricted: 2, active: 2 } as const;
const STATE_RANK = sql`CASE ${coachPayoutAccounts.state} WHEN 'details_needed' THEN 0 WHEN 'pending_verification' THEN 1 ELSE 2 END`;

/**
 * The row brought to the account as Stripe described it at `at` (seconds): unless something newer
 * has been applied already, so an event that arrives late changes nothing.
 */
export function applyAccountStatement(db: Db, account: Stripe.Account | (ConnectAccountFacts & { id: string }), at: number, nowIso: string) {
  const columns = accountColumns(account);
  return db
    .update(coachPayoutAccounts)
    .set({ ...columns, lastEventAt: at, updatedAt: nowIso })
    .where(
      sql`${coachPayoutAccounts.stripeAccountId} = ${account.id} AND (${coachPayoutAccounts.lastEventAt} < ${at} OR (${coachPayoutAccounts.lastEventAt} = ${at} AND ${STATE_RANK} <= ${STATE_RANKS[columns.state]}))`,
    );
}

type Coach = { id: string; email: string };

/** The coach's connected account: theirs if they have one, else a new Express account in Australia. */
async function ensureAccount(context: AppContext, coach: Coach) {
  const existing = await loadPayoutAccount(context.db, coach.id);
  if (existing) return existing;
  const stripe = stripeOf(context);
  const account = await callStripe("creating a coach's connected account", () =>
    stripe.accounts.create(
      {
        type: "express",
        country: "AU",
        email: coach.email,
        default_currency: "aud",
        capabilities: { transfers: { requested: true } },
        // Statements are paid one by one: each transfer is followed by its own payout to the bank.
        settings: { payouts: { schedule: { interval: "manual" } } },
        metadata: { coach_id: coach.id },
      },
      // Two clicks at once make one account.
      { idempotencyKey: `coach-connect-account:${coach.id}` },
    ),
  );
  const now = context.services.clock.now();
  await context.db
    .insert(coachPayoutAccounts)
    .values({ coachId: coach.id, stripeAccountId: account.id, ...accountColumns(account), lastEventAt: Math.floor(now.getTime() / 1000) })
    .onConflictDoNothing();
  return (await loadPayoutAccount(context.db, coach.id))!;
}

/**
 * A new link to Stripe's hosted onboarding form for the coach (account links are single-use and
 * expire within minutes, so each visit gets its own). Makes their account first if need be.
 */
export async function onboardingLink(context: AppContext, coach: Coach): Promise<string> {
  const account = await ensureAccount(context, coach);
  const stripe = stripeOf(context);
  const link = await callStripe("creating an account link", () =>
    stripe.accountLinks.create({
      account: account.stripeAccountId,
      type: "account_onboarding",
      refresh_url: `${context.siteOrigin}${PAYOUTS_REFRESH_PATH}`,
      return_url: `${context.siteOrigin}${PAYOUTS_RETURN_PATH}`,
      collection_options: { fields: "eventually_due" },
    }),
  );
  return link.url;
}

/**
 * Reads the coach's account from Stripe and stores what it says now, without waiting for
 * account.updated (which may arrive later, or before this read: the newer one wins).
 */
export async function refreshPayoutAccount(context: AppContext, coachId: string): Promise<PayoutAccountState> {
  const row = await loadPayoutAccount(context.db, coachId);
  if (!row) return "not_started";
  const stripe = stripeOf(context);
  const account = await callStripe("reading a coach's connected account", () => stripe.accounts.retrieve(row.stripeAccountId));
  const now = context.services.clock.now();
  await applyAccountStatement(context.db, account, Math.floor(now.getTime() / 1000), now.toISOString());
  return payoutAccountState(context.db, coachId);
}
