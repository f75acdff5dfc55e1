import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { mfaStepHref, owesMfaStep } from "~/auth/mfa-gate.server";
import { createAiCheckout } from "~/billing/checkout.server";
import { BillingError } from "~/billing/errors";
import { AI_TIERS, BILLING_INTERVALS } from "~/billing/plans";
import { redirectWithToast } from "~/platform/toast.server";
import { parseForm } from "~/utils/forms";
import { safeRedirect } from "~/utils/redirect";

// Subscribe: the plan cards' forms post here. The page a plan card sits on is public and cached, so
// this action decides who is asking: a visitor is sent to sign in and back to the plans; a signed-in
// user gets a Stripe Checkout Session. The page's script asks for JSON ({ url } or { error }) and
// opens the url in a new tab; a browser without JavaScript is redirected to the checkout itself.

const DEFAULT_RETURN = "/services/clarityai#plans";

const CheckoutFormSchema = z.object({
  tier: z.enum(AI_TIERS, { error: "Choose the Lite or Pro plan." }),
  interval: z.enum(BILLING_INTERVALS, { error: "Choose monthly or annual billing." }).default("month"),
  returnTo: z.string().max(300).optional(),
});

const NO_STORE = { "Cache-Control": "private, no-store" };

function wantsJson(request: Request): boolean {
  return (request.headers.get("Accept") ?? "").includes("application/json");
}

function signInHref(returnTo: string): string {
  return `/auth?redirectTo=${encodeURIComponent(returnTo)}`;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const json = wantsJson(request);
  const parsed = parseForm(await request.formData(), CheckoutFormSchema);
  if (!parsed.success) {
    const error = Object.values(parsed.errors)[0] ?? "That plan isn't available.";
    if (json) return Response.json({ error }, { status: 400, headers: NO_STORE });
    return new Response(error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE } });
  }
  const { tier, interval } = parsed.data;
  const returnTo = safeRedirect(parsed.data.returnTo, DEFAULT_RETURN);

  const viewer = await context.viewer();
  if (!viewer || owesMfaStep(viewer)) {
    const next = viewer ? mfaStepHref(returnTo) : signInHref(returnTo);
    if (json) return Response.json({ error: "Please sign in to subscribe.", signIn: next }, { status: 401, headers: NO_STORE });
    return redirect(next, { headers: NO_STORE });
  }

  try {
    const { url } = await createAiCheckout(context, { id: viewer.id, email: viewer.email }, { tier, interval }, request);
    if (json) return Response.json({ url }, { headers: NO_STORE });
    return redirect(url, { status: 303, headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof BillingError)) throw error;
    if (json) return Response.json({ error: error.message, code: error.code }, { status: error.status, headers: NO_STORE });
    const title = error.code === "already_subscribed" ? "You already have a plan" : "Error";
    return redirectWithToast(returnTo, { title, description: error.message, variant: "destructive" }, context.env.SESSION_SECRET, {
      status: 303,
      headers: NO_STORE,
    });
  }
}
