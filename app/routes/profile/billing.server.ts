import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "~/context.server";
import { createPortalUrl, getBillingOverview, setCancelAtPeriodEnd } from "~/billing/account.server";
import { BillingError } from "~/billing/errors";
import { aiPlans } from "~/billing/plans";
import { planSettings } from "~/billing/plans.server";
import { CLARITYAI } from "~/content/services";
import { redirectWithToast } from "~/platform/toast.server";
import { formatDate } from "~/utils/format";
import { fail, type ProfileIntentArgs } from "./intents.server";
import type { ProfileIntent } from "./types";

// The Billing tab: what it shows, and its three forms (the customer portal, cancel at the end of
// the period, and taking that back).

export const BILLING_TAB_PATH = "/profile?tab=billing";

/** Everything the Billing tab shows: the subscription and invoices, and the plans to subscribe to. */
export async function loadBillingTab(context: AppContext, userId: string) {
  const overview = await getBillingOverview(context, userId);
  return { ...overview, plans: aiPlans(planSettings(context.env)), planContent: CLARITYAI.plans };
}

export type BillingTabData = Awaited<ReturnType<typeof loadBillingTab>>;

function refused(intent: ProfileIntent, error: unknown) {
  if (error instanceof BillingError) return fail(intent, { form: error.message }, {}, error.status >= 500 ? 503 : error.status);
  throw error;
}

/** "Manage billing": the Stripe customer portal (or the local sandbox's), coming back to this tab. */
export async function manageBilling({ context, viewer }: ProfileIntentArgs) {
  try {
    const { url } = await createPortalUrl(context, viewer.id, BILLING_TAB_PATH);
    return redirect(url, { status: 303, headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return refused("manage-billing", error);
  }
}

async function changeCancellation({ context, viewer }: ProfileIntentArgs, cancel: boolean) {
  const intent = cancel ? "cancel-subscription" : "resume-subscription";
  let periodEnd: string | null;
  try {
    ({ currentPeriodEnd: periodEnd } = await setCancelAtPeriodEnd(context, viewer.id, cancel));
  } catch (error) {
    return refused(intent, error);
  }
  const end = periodEnd ? formatDate(periodEnd) : null;
  const toast = cancel
    ? {
        title: "Your subscription will end",
        description: end ? `ClarityAI stays available until ${end}. You won't be charged again.` : "You won't be charged again.",
        variant: "success" as const,
      }
    : {
        title: "Your subscription will continue",
        description: end ? `It renews on ${end}.` : "It renews at the end of the current period.",
        variant: "success" as const,
      };
  return redirectWithToast(BILLING_TAB_PATH, toast, context.env.SESSION_SECRET);
}

export function cancelSubscription(args: ProfileIntentArgs) {
  return changeCancellation(args, true);
}

export function resumeSubscription(args: ProfileIntentArgs) {
  return changeCancellation(args, false);
}
