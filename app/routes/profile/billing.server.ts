import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "~/context.server";
import { createPortalUrl, getBillingOverview, setCancelAtPeriodEnd } from "~/billing/account.server";
import { BillingError } from "~/billing/errors";
import { changePlan, previewPlanChange, type PlanChangePreview } from "~/billing/plan-change.server";
import { AI_TIERS, aiPlans, isAiTier } from "~/billing/plans";
import { planSettings } from "~/billing/plans.server";
import { CLARITYAI } from "~/content/services";
import { redirectWithToast } from "~/platform/toast.server";
import { formatCents } from "~/billing/describe";
import { formatDate } from "~/utils/format";
import { parseForm } from "~/utils/forms";
import * as z from "zod";
import { fail, type ProfileIntentArgs } from "./intents.server";
import type { ProfileIntent } from "./types";

// The Billing tab: what it shows, and its three forms (the customer portal, cancel at the end of
// the period, and taking that back).

export const BILLING_TAB_PATH = "/profile?tab=billing";

/** The confirmation of a plan switch (?switch=pro): the change and its amounts, or why it can't be made. */
export type PlanChangeStep = { preview: PlanChangePreview; error?: undefined } | { preview?: undefined; error: string };

async function planChangeStep(context: AppContext, userId: string, wanted: string | null): Promise<PlanChangeStep | null> {
  if (wanted === null) return null;
  if (!isAiTier(wanted)) return { error: "Choose the Lite or Pro plan." };
  try {
    return { preview: await previewPlanChange(context, userId, wanted) };
  } catch (error) {
    if (error instanceof BillingError) return { error: error.message };
    throw error;
  }
}

/**
 * Everything the Billing tab shows: the subscription and invoices, the plans (to subscribe to, or
 * to switch between), and the confirmation of a switch when one was asked for.
 */
export async function loadBillingTab(context: AppContext, userId: string, wantedSwitch: string | null = null) {
  const [overview, planChange] = await Promise.all([getBillingOverview(context, userId), planChangeStep(context, userId, wantedSwitch)]);
  return { ...overview, plans: aiPlans(planSettings(context.env)), planContent: CLARITYAI.plans, planChange };
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

const SwitchPlanSchema = z.object({
  tier: z.enum(AI_TIERS, { error: "Choose the Lite or Pro plan." }),
  prorationDate: z.coerce.number({ error: "Please check the amounts and confirm again." }).int({ error: "Please check the amounts and confirm again." }),
});

/** "Confirm switch": the change the confirmation showed, at its proration date; the tab says what happened. */
export async function switchPlan({ context, viewer, formData }: ProfileIntentArgs) {
  const parsed = parseForm(formData, SwitchPlanSchema);
  if (!parsed.success) return fail("switch-plan", { form: Object.values(parsed.errors)[0] ?? "Please check the amounts and confirm again." });
  let done: PlanChangePreview;
  try {
    done = await changePlan(context, viewer.id, parsed.data.tier, parsed.data.prorationDate);
  } catch (error) {
    return refused("switch-plan", error);
  }
  const amount = formatCents(Math.abs(done.netCents));
  const description =
    done.netCents > 0
      ? `${amount} for the rest of this billing period will be added to your next bill.`
      : done.netCents < 0
        ? `${amount} for the unused part of ${done.from.name} will come off your next bill.`
        : "There's nothing to pay for the rest of this billing period.";
  return redirectWithToast(BILLING_TAB_PATH, { title: `You're now on ${done.to.name}`, description, variant: "success" }, context.env.SESSION_SECRET);
}
