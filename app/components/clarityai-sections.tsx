import { Link } from "@remix-run/react";
import { audPrice } from "~/billing/describe";
import type { AiPlan, AiTier } from "~/billing/plans";
import { SubscribeForm } from "~/components/subscribe-button";

// Blocks shared by the ClarityAI service page, its topic and city pages, the services overview and
// the Billing tab of the profile.

/** What the content says about a plan; its price and limits come from configuration (AiPlan). */
export type PlanContent = { id: AiTier; name: string; tagline: string; features: readonly string[] };

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

/**
 * Lite and Pro side by side, with prices, what each includes and a Subscribe button; a topic or
 * city page adds what each tier means for it. The cards are the same for every visitor (public
 * pages are cached): who is asking is decided when Subscribe is pressed.
 */
export function ClarityAiPlanCards({
  plans,
  content,
  returnTo,
  tierNotes,
}: {
  plans: readonly AiPlan[];
  content: readonly PlanContent[];
  /** Where sign-in (and a failed checkout without JavaScript) comes back to. */
  returnTo: string;
  tierNotes?: { lite: string; pro: string };
}) {
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

/**
 * How ClarityAI treats what people type. The service page also says where messages are processed;
 * the topic and city pages keep to three cards.
 */
export function ClarityAiPrivacy({
  heading,
  retentionMonths,
  shareTip,
  showOverseas,
  mist,
}: {
  heading: string;
  retentionMonths: number;
  shareTip: string;
  showOverseas: boolean;
  mist: boolean;
}) {
  return (
    <section className={mist ? "section section-mist" : "section"} aria-labelledby="privacy-heading">
      <div className="container">
        <div className="section-header">
          <h2 id="privacy-heading">{heading}</h2>
        </div>
        <div className={showOverseas ? "grid grid-4" : "grid grid-3"}>
          <article className="card">
            <h3>Deleted after {retentionMonths} months</h3>
            <p>Conversations are deleted automatically after {retentionMonths} months. Start a fresh chat any time with New Chat or Clear.</p>
          </article>
          {showOverseas ? (
            <article className="card">
              <h3>Processed overseas</h3>
              <p>To generate answers, your messages are processed by our AI provider on servers outside Australia.</p>
            </article>
          ) : null}
          <article className="card">
            <h3>Share only what's needed</h3>
            <p>{shareTip}</p>
          </article>
          <article className="card">
            <h3>Information, not advice</h3>
            <p>ClarityAI gives general information and coaching. For tax, legal or financial advice, talk to your accountant, BAS agent or lawyer.</p>
          </article>
        </div>
        <p className="steps-note">
          <Link to="/privacy">Read our privacy policy</Link> to see how we handle personal information.
        </p>
      </div>
    </section>
  );
}
