import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import type { AppContext } from "~/context.server";
import { notFound, sandboxPortal, sandboxPortalAction, type PortalIntent, requireSandbox } from "~/billing/sandbox/pages.server";
import { formatCents, intervalWord } from "~/billing/describe";
import { BillingError } from "~/billing/errors";
import { changePlan, previewPlanChange } from "~/billing/plan-change.server";
import { currentPlanOf, isAiTier, isLiveStatus, type AiTier } from "~/billing/plans";
import { formatDate } from "~/utils/format";
import { NOINDEX } from "~/utils/meta";

// The local payments sandbox's customer portal: Stripe's billing portal's stand-in when no Stripe
// key is set. Besides cancelling and resuming, it switches plan (Lite ⇄ Pro, with prorations, after a
// confirmation showing the amounts), and it can fail a renewal so the grace period can be tried.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireSandbox(context);
  const viewer = await requireUser(request, context);
  const portal = await sandboxPortal(context, viewer.id, params.id ?? "");
  // The other plan, priced for today, when the subscription can be switched.
  const current = currentPlanOf(viewer.aiSubscription);
  const other: AiTier | null = current?.switchable ? (current.tier === "pro" ? "lite" : "pro") : null;
  const planChange = other ? await previewPlanChange(context, viewer.id, other).catch(() => null) : null;
  return { ...portal, planChange };
}

const INTENTS: readonly PortalIntent[] = ["cancel", "resume", "fail-renewal", "pay-overdue"];

/** "Confirm switch": the plan change the portal showed, at the date its amounts were worked out for. */
async function switchPlan(context: AppContext, userId: string, form: FormData) {
  const tier = form.get("tier");
  const prorationDate = Number(form.get("prorationDate"));
  if (!isAiTier(tier) || !Number.isInteger(prorationDate)) return data({ message: "Choose a plan to switch to.", ok: false }, { status: 400 });
  try {
    const done = await changePlan(context, userId, tier, prorationDate);
    const amount = formatCents(Math.abs(done.netCents));
    const next = done.netCents >= 0 ? `${amount} is added to your next invoice.` : `${amount} comes off your next invoice.`;
    return data({ message: `You're now on ${done.to.name}. ${next}`, ok: true });
  } catch (error) {
    if (error instanceof BillingError) return data({ message: error.message, ok: false }, { status: error.status >= 500 ? 503 : error.status });
    throw error;
  }
}

const DONE: Record<PortalIntent, string> = {
  cancel: "Your subscription will end at the end of the current period.",
  resume: "Your subscription will renew as usual.",
  "fail-renewal": "The renewal payment failed: the subscription is past due and its grace period has started.",
  "pay-overdue": "The overdue invoice is paid and the subscription is active again.",
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireSandbox(context);
  const viewer = await requireUser(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = params.id ?? "";
  if (!id) throw notFound();
  if (intent === "switch") {
    // The portal must be this viewer's (a 404 otherwise), as for the other buttons.
    await sandboxPortal(context, viewer.id, id);
    return switchPlan(context, viewer.id, form);
  }
  if (!INTENTS.includes(intent as PortalIntent)) return data({ message: "Choose one of the buttons.", ok: false }, { status: 400 });
  const done = await sandboxPortalAction(context, viewer.id, id, intent as PortalIntent);
  return done
    ? data({ message: DONE[intent as PortalIntent], ok: true })
    : data({ message: "That doesn't apply to your subscription as it is now.", ok: false }, { status: 409 });
}

const STATUS: Record<string, string> = { active: "Active", trialing: "Trial", past_due: "Past due", canceled: "Cancelled", unpaid: "Unpaid" };

export default function SandboxPortal() {
  const { returnUrl, subscription, planChange } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const live = subscription && isLiveStatus(subscription.status);
  return (
    <section className="section">
      <div className="container page-narrow sandbox-page">
        <p className="sandbox-banner" role="note">
          <strong>Local payments sandbox — no real money moves.</strong> This page stands in for Stripe&apos;s billing portal because no Stripe key is
          configured.
        </p>
        <h1>Manage billing</h1>
        {result ? (
          <p role="status" className={result.ok ? "form-notice" : "notice"}>
            {result.message}
          </p>
        ) : null}
        {subscription ? (
          <dl className="sandbox-summary">
            <dt>Plan</dt>
            <dd>
              {subscription.planName}, {intervalWord(subscription.interval ?? "month")} — {formatCents(subscription.amountCents)} incl. GST
            </dd>
            <dt>Status</dt>
            <dd>{STATUS[subscription.status] ?? subscription.status}</dd>
            {subscription.currentPeriodEnd && live ? (
              <>
                <dt>{subscription.cancelAtPeriodEnd ? "Ends on" : "Renews on"}</dt>
                <dd>{formatDate(subscription.currentPeriodEnd)}</dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p>You don&apos;t have a subscription yet.</p>
        )}
        {live ? (
          <Form method="post" className="sandbox-actions">
            {subscription.cancelAtPeriodEnd ? (
              <button type="submit" name="intent" value="resume" className="button button-primary" disabled={busy}>
                Keep my subscription
              </button>
            ) : (
              <button type="submit" name="intent" value="cancel" className="button button-secondary" disabled={busy}>
                Cancel at the end of the period
              </button>
            )}
            {subscription.status === "past_due" ? (
              <button type="submit" name="intent" value="pay-overdue" className="button button-secondary" disabled={busy}>
                Pay the overdue invoice
              </button>
            ) : (
              <button type="submit" name="intent" value="fail-renewal" className="button button-secondary" disabled={busy}>
                Simulate a failed renewal
              </button>
            )}
          </Form>
        ) : null}
        {planChange ? (
          <details className="billing-cancel sandbox-plan-change">
            <summary>Switch to {planChange.to.name}</summary>
            <p>
              {planChange.to.name} at {formatCents(planChange.to.amountCents)} a {planChange.interval === "year" ? "year" : "month"} incl. GST starts as soon as
              you confirm. {formatCents(planChange.creditCents)} is credited for the unused part of {planChange.from.name} and{" "}
              {formatCents(planChange.chargeCents)} charged for {planChange.to.name} until {formatDate(planChange.currentPeriodEnd)}:{" "}
              {planChange.netCents >= 0
                ? `${formatCents(planChange.netCents)} is added to your next invoice.`
                : `${formatCents(-planChange.netCents)} comes off your next invoice.`}
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="switch" />
              <input type="hidden" name="tier" value={planChange.to.tier} />
              <input type="hidden" name="prorationDate" value={planChange.prorationDate} />
              <button type="submit" className="button button-primary" disabled={busy}>
                Confirm switch to {planChange.to.name.replace(/^ClarityAI /, "")}
              </button>
            </Form>
          </details>
        ) : null}
        <p>
          <a href={returnUrl} className="button button-primary">
            Return to ClarityAI
          </a>
        </p>
      </div>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Manage billing — local payments sandbox" }, NOINDEX];
