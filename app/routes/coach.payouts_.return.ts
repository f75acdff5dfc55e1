import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/auth/guards.server";
import { BillingError } from "~/billing/errors";
import { refreshPayoutAccount } from "~/coach-network/payout-accounts.server";
import type { PayoutsSweepJob } from "~/coach-network/payout-jobs";
import { PAYOUT_STATE_LABELS } from "~/coach-network/payout-state";
import { redirectWithToast } from "~/platform/toast.server";

// Stripe's return_url: the coach left Stripe's onboarding form (finished or not). Their account is
// read from Stripe now rather than waiting for account.updated, so the page shows where it stands.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  try {
    const state = await refreshPayoutAccount(context, viewer.id);
    if (state === "active") {
      await context.services.jobs.send({
        type: "coach-network.payouts-sweep",
        version: 1,
        scheduledAt: context.services.clock.now().toISOString(),
        coachId: viewer.id,
      } satisfies PayoutsSweepJob);
    }
    return redirectWithToast(
      "/coach/payouts",
      { title: `Payout account: ${PAYOUT_STATE_LABELS[state]}`, variant: state === "active" ? "success" : "default" },
      context.env.SESSION_SECRET,
    );
  } catch (error) {
    if (!(error instanceof BillingError)) throw error;
    return redirectWithToast(
      "/coach/payouts",
      { title: "Stripe couldn't be reached", description: error.message, variant: "destructive" },
      context.env.SESSION_SECRET,
    );
  }
}
