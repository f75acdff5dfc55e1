import { Link } from "@remix-run/react";

// Blocks shared by the ClarityAI service page and its topic and city pages.

type Plan = { id: string; name: string; tagline: string; features: readonly string[] };

/** Lite and Pro side by side; a topic or city page adds what each tier means for it. */
export function ClarityAiPlanCards({ plans, tierNotes }: { plans: readonly Plan[]; tierNotes?: { lite: string; pro: string } }) {
  return (
    <div className="grid grid-2">
      {plans.map((plan) => (
        <article
          key={plan.id}
          className={plan.id === "pro" ? "card plan-card plan-card-featured" : "card plan-card"}
          aria-labelledby={`plan-${plan.id}-heading`}
        >
          <h3 id={`plan-${plan.id}-heading`}>{plan.name}</h3>
          <p>{plan.tagline}</p>
          <p className="price-tag price-tag-pending">Pricing coming soon</p>
          {tierNotes ? <p>{plan.id === "pro" ? tierNotes.pro : tierNotes.lite}</p> : null}
          <ul className="check-list">
            {plan.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </article>
      ))}
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
