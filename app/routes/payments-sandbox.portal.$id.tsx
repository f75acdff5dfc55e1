import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { notFound, sandboxPortal, sandboxPortalAction, type PortalIntent, requireSandbox } from "~/billing/sandbox/pages.server";
import { formatCents, intervalWord } from "~/billing/describe";
import { isLiveStatus } from "~/billing/plans";
import { formatDate } from "~/utils/format";
import { NOINDEX } from "~/utils/meta";

// The local payments sandbox's customer portal: Stripe's billing portal's stand-in when no Stripe
// key is set. Besides cancelling and resuming, it can fail a renewal so the grace period can be tried.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireSandbox(context);
  const viewer = await requireUser(request, context);
  return sandboxPortal(context, viewer.id, params.id ?? "");
}

const INTENTS: readonly PortalIntent[] = ["cancel", "resume", "fail-renewal", "pay-overdue"];

const DONE: Record<PortalIntent, string> = {
  cancel: "Your subscription will end at the end of the current period.",
  resume: "Your subscription will renew as usual.",
  "fail-renewal": "The renewal payment failed: the subscription is past due and its grace period has started.",
  "pay-overdue": "The overdue invoice is paid and the subscription is active again.",
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireSandbox(context);
  const viewer = await requireUser(request, context);
  const intent = (await request.formData()).get("intent");
  if (!INTENTS.includes(intent as PortalIntent)) return data({ message: "Choose one of the buttons.", ok: false }, { status: 400 });
  const id = params.id ?? "";
  if (!id) throw notFound();
  const done = await sandboxPortalAction(context, viewer.id, id, intent as PortalIntent);
  return done
    ? data({ message: DONE[intent as PortalIntent], ok: true })
    : data({ message: "That doesn't apply to your subscription as it is now.", ok: false }, { status: 409 });
}

const STATUS: Record<string, string> = { active: "Active", trialing: "Trial", past_due: "Past due", canceled: "Cancelled", unpaid: "Unpaid" };

export default function SandboxPortal() {
  const { returnUrl, subscription } = useLoaderData<typeof loader>();
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
