import { audPrice } from "~/billing/describe";
import type { AiPlan, AiTier } from "~/billing/plans";
import { SubscribeForm } from "~/components/subscribe-button";

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

/** The plan cards (ClarityAiPlanCards in clarityai-sections.tsx loads this module on its own). */
export default function PlanCards({ plans, content, returnTo, tierNotes }: PlanCardsProps) {
  return (
    <div className="grid grid-2">
      {plans.map((plan) => {
        const text = content.find((c) => c.id === plan.tier);
        const saving = annualSaving(plan);
        return (
          <article
            key={plan.tier}
            className={plan.tier === "pro" ? "card plan-card plan-card-featured" : "card plan-card"}
            aria-labelledby={`plan-${plan.tier}-heading`}
          >
            <h3 id={`plan-${plan.tier}-heading`}>{plan.name}</h3>
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
          </article>
        );
      })}
    </div>
  );
}
