import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formatCents } from "~/billing/describe";
import { isLiveStatus, isRunningStatus, TIER_NAMES } from "~/billing/plans";
import { ClarityAiPlanCards } from "~/components/clarityai-sections";
import { FormError } from "~/components/ui/form-error";
import { formatDate } from "~/utils/format";
import type { BillingTabData } from "./billing.server";
import { useIntentResult, useSubmitting } from "./form-state";

// The Billing tab: the ClarityAI plan, its status in plain words, the renewal date, the customer
// portal, cancelling at the end of the period (with a confirmation step), and GST tax invoices.
// Every form works without JavaScript. Usage is shown on the AI assistant tab.

const TAB_PATH = "/profile?tab=billing";

type Subscription = NonNullable<BillingTabData["subscription"]>;
type Tone = "ok" | "warn" | "off";

/** The subscription's state in plain words, with what it means for access. */
export function billingStatus(billing: Pick<BillingTabData, "subscription" | "entitlement">): { label: string; tone: Tone } {
  const { subscription: sub, entitlement } = billing;
  if (!sub) return { label: "Not subscribed", tone: "off" };
  switch (sub.status) {
    case "active":
    case "trialing":
      return sub.cancelAtPeriodEnd && sub.currentPeriodEnd
        ? { label: `Cancels on ${formatDate(sub.currentPeriodEnd)}`, tone: "warn" }
        : { label: "Active", tone: "ok" };
    case "past_due":
      return entitlement.hasActiveSubscription && entitlement.graceEndsAt
        ? { label: `Past due — access until ${formatDate(entitlement.graceEndsAt)}`, tone: "warn" }
        : { label: "Past due — access has ended", tone: "off" };
    case "canceled":
      return { label: "Cancelled", tone: "off" };
    case "unpaid":
      return { label: "Unpaid — access has ended", tone: "off" };
    case "paused":
      return { label: "Paused", tone: "off" };
    case "incomplete":
      return { label: "Payment not completed", tone: "off" };
    default:
      return { label: "Not subscribed", tone: "off" };
  }
}

function renewalLine(sub: Subscription): string | null {
  if (!sub.currentPeriodEnd || !isLiveStatus(sub.status)) return null;
  const date = formatDate(sub.currentPeriodEnd);
  if (sub.cancelAtPeriodEnd) return `Your plan stays active until ${date}, then ends. You won't be charged again.`;
  if (sub.status === "past_due") return "Your last renewal payment didn't go through. Update your card in Manage billing to keep ClarityAI.";
  return `Renews on ${date}.`;
}

export function BillingTab({ billing }: { billing: BillingTabData }) {
  const { subscription: sub, invoices, paymentsMode } = billing;
  const status = billingStatus(billing);
  // A running subscription is not offered another checkout (it is refused); a live one can be cancelled or resumed.
  const running = sub !== null && isRunningStatus(sub.status);
  const cancellable = sub !== null && isLiveStatus(sub.status);
  const canManage = sub !== null || invoices.length > 0;
  const renewal = sub ? renewalLine(sub) : null;
  const planName = sub?.tier ? TIER_NAMES[sub.tier] : null;

  return (
    <>
      {paymentsMode === "sandbox" ? (
        <p className="notice billing-sandbox" role="note">
          <strong>Local payments sandbox.</strong> No Stripe key is set, so checkout, the billing portal and invoices are simulated on this site. No real
          payment is taken.
        </p>
      ) : null}
      {paymentsMode === "unavailable" ? (
        <p className="notice" role="note">
          Payments aren't available right now. Please try again later.
        </p>
      ) : null}

      <section aria-labelledby="billing-heading" className="profile-panel">
        <h2 id="billing-heading">Your ClarityAI plan</h2>
        <dl className="billing-summary">
          <dt>Plan</dt>
          <dd>{planName && running ? `${planName}${sub?.interval ? `, billed ${sub.interval === "year" ? "annually" : "monthly"}` : ""}` : "None"}</dd>
          <dt>Status</dt>
          <dd>
            <span className={`billing-status billing-status-${status.tone}`}>{status.label}</span>
          </dd>
        </dl>
        {renewal ? <p>{renewal}</p> : null}
        {running ? <p className="steps-note">Your usage this month is on the AI assistant tab.</p> : null}
        <BillingActions
          canManage={canManage}
          cancellable={cancellable}
          cancelAtPeriodEnd={sub?.cancelAtPeriodEnd ?? false}
          periodEnd={sub?.currentPeriodEnd ?? null}
        />
      </section>

      {billing.planChange ? <PlanChange step={billing.planChange} plans={billing.plans} /> : null}

      <section aria-labelledby="billing-plans-heading" className="profile-panel">
        <h2 id="billing-plans-heading">{running ? "Change plan" : "Subscribe to ClarityAI"}</h2>
        <p>
          {running
            ? "Switch between Lite and Pro at any time. You'll see the change and what it costs before anything happens."
            : "Your 24/7 AI business coach. Choose a plan; checkout opens in a new tab."}
        </p>
        <ClarityAiPlanCards plans={billing.plans} content={billing.planContent} returnTo={TAB_PATH} />
      </section>

      <section aria-labelledby="invoices-heading" className="profile-panel">
        <h2 id="invoices-heading">Tax invoices</h2>
        {invoices.length ? (
          <div className="table-scroll">
            <table className="admin-table">
              <caption className="visually-hidden">Your ClarityAI tax invoices, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Invoice</th>
                  <th scope="col">Date</th>
                  <th scope="col">Description</th>
                  <th scope="col">Total incl. GST</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {invoices.map((invoice) => (
                  <tr key={invoice.id}>
                    <td className="cell-nowrap">
                      <Link to={`/profile/invoices/${encodeURIComponent(invoice.id)}`} aria-label={`Tax invoice ${invoice.number ?? invoice.id}`}>
                        {invoice.number ?? invoice.id}
                      </Link>
                    </td>
                    <td className="cell-nowrap">{formatDate(invoice.paidAt ?? invoice.createdAt)}</td>
                    <td className="cell-wrap">{invoice.description}</td>
                    <td className="cell-nowrap">{formatCents(invoice.totalCents)}</td>
                    <td>{invoice.status === "paid" ? "Paid" : invoice.status === "open" ? "Due" : invoice.status === "void" ? "Void" : invoice.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>No invoices yet. A GST tax invoice appears here for every payment.</p>
        )}
      </section>
    </>
  );
}

/**
 * The confirmation step of a plan switch: from and to, the price, what is credited and charged on
 * the next bill, and when the new plan starts. Focus moves here when it opens (from a plan card's
 * "Switch to …"), so keyboard and screen-reader users land on it.
 */
function PlanChange({ step, plans }: { step: NonNullable<BillingTabData["planChange"]>; plans: BillingTabData["plans"] }) {
  const result = useIntentResult("switch-plan");
  const switching = useSubmitting("switch-plan");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const preview = step.preview;
  const per = preview?.interval === "year" ? "year" : "month";
  const target = preview ? plans.find((plan) => plan.tier === preview.to.tier) : undefined;
  return (
    <section id="plan-change" aria-labelledby="plan-change-heading" className="profile-panel plan-change">
      <h2 id="plan-change-heading" tabIndex={-1} ref={heading}>
        {preview ? `Switch to ${preview.to.name}?` : "Change plan"}
      </h2>
      {preview ? (
        <>
          <dl className="billing-summary">
            <dt>Now</dt>
            <dd>
              {preview.from.name}, {formatCents(preview.from.amountCents)} a {per} incl. GST
            </dd>
            <dt>From today</dt>
            <dd>
              {preview.to.name}, {formatCents(preview.to.amountCents)} a {per} incl. GST
            </dd>
            <dt>Credited</dt>
            <dd>
              {formatCents(preview.creditCents)} for the unused part of {preview.from.name}
            </dd>
            <dt>Charged</dt>
            <dd>
              {formatCents(preview.chargeCents)} for {preview.to.name} until {formatDate(preview.currentPeriodEnd)}
            </dd>
          </dl>
          <p className="plan-change-total">
            {preview.netCents > 0
              ? `${formatCents(preview.netCents)} will be added to your next bill.`
              : preview.netCents < 0
                ? `${formatCents(-preview.netCents)} will come off your next bill.`
                : "Nothing changes on your next bill."}{" "}
            {preview.cancelAtPeriodEnd
              ? `Your plan still ends on ${formatDate(preview.currentPeriodEnd)}.`
              : `After that, ${preview.to.name} renews at ${formatCents(preview.to.amountCents)} a ${per} on ${formatDate(preview.currentPeriodEnd)}.`}
          </p>
          {target ? (
            <p>
              {target.escalation
                ? `${target.name} starts as soon as you confirm: up to ${target.dailyMessages} messages a day and ${target.monthlyEscalations} expert escalations a month.`
                : `${target.name} starts as soon as you confirm: up to ${target.dailyMessages} messages a day, and no expert escalations.`}
            </p>
          ) : null}
          <FormError message={result?.errors.form} />
          <div className="button-row">
            <Form method="post" action={`${TAB_PATH}&switch=${preview.to.tier}`} preventScrollReset>
              <input type="hidden" name="intent" value="switch-plan" />
              <input type="hidden" name="tier" value={preview.to.tier} />
              <input type="hidden" name="prorationDate" value={preview.prorationDate} />
              <button type="submit" className="button button-primary" disabled={switching}>
                {switching ? "Switching…" : `Confirm switch to ${preview.to.name.replace(/^ClarityAI /, "")}`}
              </button>
            </Form>
            <Link to={TAB_PATH} className="button button-secondary">
              Keep {preview.from.name.replace(/^ClarityAI /, "")}
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className="form-error" role="alert">
            {step.error}
          </p>
          <Link to={TAB_PATH}>Back to Billing</Link>
        </>
      )}
    </section>
  );
}

function BillingActions({
  canManage,
  cancellable,
  cancelAtPeriodEnd,
  periodEnd,
}: {
  canManage: boolean;
  cancellable: boolean;
  cancelAtPeriodEnd: boolean;
  periodEnd: string | null;
}) {
  const manage = useIntentResult("manage-billing");
  const cancel = useIntentResult("cancel-subscription");
  const resume = useIntentResult("resume-subscription");
  const cancelling = useSubmitting("cancel-subscription");
  const resuming = useSubmitting("resume-subscription");
  const problem = manage?.errors.form ?? cancel?.errors.form ?? resume?.errors.form;
  if (!canManage) return null;
  return (
    <div className="billing-actions">
      <FormError message={problem} />
      <div className="button-row">
        {/* The portal is another site (or the sandbox's own page): a full page load, not a client navigation. */}
        <Form method="post" action={TAB_PATH} reloadDocument>
          <input type="hidden" name="intent" value="manage-billing" />
          <button type="submit" className="button button-secondary">
            Manage billing
          </button>
        </Form>
        {cancellable && cancelAtPeriodEnd ? (
          <Form method="post" action={TAB_PATH}>
            <input type="hidden" name="intent" value="resume-subscription" />
            <button type="submit" className="button button-primary" disabled={resuming}>
              {resuming ? "Resuming…" : "Resume subscription"}
            </button>
          </Form>
        ) : null}
      </div>
      {cancellable && !cancelAtPeriodEnd ? (
        <details className="billing-cancel">
          <summary>Cancel at period end</summary>
          <p>
            {periodEnd ? `ClarityAI stays available until ${formatDate(periodEnd)}, then your plan ends.` : "Your plan ends at the end of the current period."}{" "}
            You won't be charged again, and you can resume any time before then.
          </p>
          <Form method="post" action={TAB_PATH}>
            <input type="hidden" name="intent" value="cancel-subscription" />
            <button type="submit" className="button button-danger" disabled={cancelling}>
              {cancelling ? "Cancelling…" : "Yes, cancel at period end"}
            </button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}
