import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/auth/guards.server";
import { BillingError } from "~/billing/errors";
import { loadPayoutAccount, onboardingLink } from "~/coach-network/payout-accounts.server";
import { redirectWithToast } from "~/platform/toast.server";

// Stripe's refresh_url: the coach's onboarding link expired or was used (links are single-use and
// last minutes), so mint a fresh one and send them straight back into Stripe's form.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  if (!(await loadPayoutAccount(context.db, viewer.id))) return redirect("/coach/payouts");
  try {
    return redirect(await onboardingLink(context, { id: viewer.id, email: viewer.email }), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof BillingError)) throw error;
    return redirectWithToast(
      "/coach/payouts",
      { title: "Stripe couldn't be reached", description: error.message, variant: "destructive" },
      context.env.SESSION_SECRET,
    );
  }
}
