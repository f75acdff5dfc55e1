import { Link, useRouteLoaderData } from "@remix-run/react";
import { audPrice } from "~/billing/describe";
import { isUpgrade, planSwitchHref, type AiPlan, type AiTier, type CurrentPlan } from "~/billing/plans";
import { SubscribeForm } from "~/components/subscribe-button";
import { formatDate } from "~/utils/format";

/** What the content says about a plan; its price and limits come from configuration (AiPlan). */
export type PlanContent = { id: AiTier; name: string; tagline: string; features: readonly string[] };

export type PlanCardsProps = {
  plans: readonly AiPlan[];
  content: readonly PlanContent[];
  /** Where sign-in (and a failed checkout without JavaScript) comes back to. */
  returnTo: string;
  tierNotes?: { lite: string; pro: string };
};

/** What an annual plan saves, in words ("2 months free"), or null when it saves nothing. */
export function annualSaving(plan: Pick<AiPlan, "monthlyAud" | "annualAud">): string | null {
  const freeMonths = Math.round(12 - plan.annualAud / plan.monthlyAud);
  if (!(freeMonths > 0)) return null;
  return freeMonths === 1 ? "1 month free" : `${freeMonths} months free`;
}

/** The usage each plan allows, as the plan cards list it. */
export function planAllowances(plan: AiPlan): string[] {
  const lines = [`Up to ${plan.dailyMessages} messages a day`];
  if (plan.escalation) lines.push(`Up to ${plan.monthlyEscalations} expert escalations a month`);
  return lines;
}

const BILLING_TAB = "/profile?tab=billing";

/** The card of the plan the subscriber has: what it is, when it renews (or ends), and where to manage it. */
function CurrentPlanPanel({ plan }: { plan: CurrentPlan }) {
  const billed = plan.interval === "year" ? "Billed annually" : plan.interval === "month" ? "Billed monthly" : null;
  const when = plan.currentPeriodEnd ? `${plan.cancelAtPeriodEnd ? "Ends on" : "Renews on"} ${formatDate(plan.currentPeriodEnd)}` : null;
  return (
    <div className="plan-current-panel">
      <p>{[billed, plan.status === "past_due" ? "Payment overdue" : when].filter(Boolean).join(" · ")}</p>
      <Link to={BILLING_TAB} className="button button-secondary">
        Manage billing
      </Link>
    </div>
  );
}

/** The other plan's card for a subscriber: a switch, with what it means, confirmed on the Billing tab. */
function SwitchPanel({ plan, current }: { plan: AiPlan; current: CurrentPlan }) {
  const short = plan.name.replace(/^ClarityAI /, "");
  const noteId = `plan-${plan.tier}-switch-note`;
  if (!current.switchable) {
    return (
      <div className="plan-current-panel">
        <p id={noteId}>Your last payment didn&apos;t go through. Pay it in Manage billing, then you can switch to {short}.</p>
        <Link to={BILLING_TAB} className="button button-secondary" aria-describedby={noteId}>
          Manage billing
        </Link>
      </div>
    );
  }
  const upgrade = isUpgrade(current.tier, plan.tier);
  return (
    <div className="plan-current-panel">
      <p id={noteId}>
        {upgrade
          ? `${short} starts straight away. You pay only the difference for the rest of this billing period, on your next bill.`
          : `${short} starts straight away, with ${short}'s limits. The unused part of your current plan comes off your next bill.`}{" "}
        You&apos;ll see the amount before you confirm.
      </p>
      <Link to={planSwitchHref(plan.tier)} className="button button-primary" aria-describedby={`${noteId} plan-${plan.tier}-price`}>
        Switch to {short}
      </Link>
    </div>
  );
}

type RootData = { plan?: CurrentPlan | null } | undefined;

/**
 * The plan cards (ClarityAiPlanCards in clarityai-sections.tsx loads this module on its own). A
 * visitor and a signed-in user without a plan get Subscribe on each; a subscriber sees their plan
 * marked as theirs and a switch on the other.
 */
export default function PlanCards({ plans, content, returnTo, tierNotes }: PlanCardsProps) {
  const current = (useRouteLoaderData("root") as RootData)?.plan ?? null;
  return (
    <div className="grid grid-2">
      {plans.map((plan) => {
        const text = content.find((c) => c.id === plan.tier);
        const saving = annualSaving(plan);
        return (
          <article
            key={plan.tier}
            className={`card plan-card${plan.tier === "pro" ? " plan-card-featured" : ""}${current?.tier === plan.tier ? " plan-card-current" : ""}`}
            aria-labelledby={`plan-${plan.tier}-heading`}
          >
            <h3 id={`plan-${plan.tier}-heading`}>{plan.name}</h3>
            {current?.tier === plan.tier ? <p className="plan-current-badge">Your current plan</p> : null}
            {text ? <p>{text.tagline}</p> : null}
            <div className="plan-price" id={`plan-${plan.tier}-price`}>
              <p className="price-tag">
                {audPrice(plan.monthlyAud)} <span className="plan-price-unit">/month incl. GST</span>
              </p>
              <p className="plan-price-annual">
                or {audPrice(plan.annualAud)} /year incl. GST{saving ? ` — ${saving}` : ""}
              </p>
            </div>
            {tierNotes ? <p>{plan.tier === "pro" ? tierNotes.pro : tierNotes.lite}</p> : null}
            <ul className="check-list">
              {planAllowances(plan).map((line) => (
                <li key={line}>{line}</li>
              ))}
              {text?.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            {current?.tier === plan.tier ? (
              <CurrentPlanPanel plan={current} />
            ) : current ? (
              <SwitchPanel plan={plan} current={current} />
            ) : (
              <SubscribeForm tier={plan.tier} planName={plan.name} returnTo={returnTo}>
                <fieldset className="plan-interval">
                  <legend>Billing period</legend>
                  <label>
                    <input type="radio" name="interval" value="month" defaultChecked /> Monthly, {audPrice(plan.monthlyAud)}
                  </label>
                  <label>
                    <input type="radio" name="interval" value="year" /> Annual, {audPrice(plan.annualAud)}
                    {saving ? ` (${saving})` : ""}
                  </label>
                </fieldset>
              </SubscribeForm>
            )}
          </article>
        );
      })}
    </div>
  );
}
