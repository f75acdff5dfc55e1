import { Link } from "@remix-run/react";
import { Suspense } from "react";
import { lazyComponent } from "~/utils/lazy-component";
import type { PlanCardsProps } from "./clarityai-plan-cards";

// Blocks shared by the ClarityAI service page, its topic and city pages, the services overview and
// the Billing tab of the profile.

// The cards' code (prices, the subscribe forms and their checkout) is off the pages' first load:
// the server renders the cards, whose forms work as plain posts, and the browser starts loading the
// code with the page's modules (on a visit from another page, it is usually there before the cards
// render) and hydrates the cards when it arrives.
const PlanCards = lazyComponent(() => import("./clarityai-plan-cards"));
if (!import.meta.env.SSR) void PlanCards.preload();

/**
 * Lite and Pro side by side, with prices, what each includes and a Subscribe button; a topic or
 * city page adds what each tier means for it. The cards are the same for every visitor (public
 * pages are cached): who is asking is decided when Subscribe is pressed.
 */
export function ClarityAiPlanCards(props: PlanCardsProps) {
  return (
    <Suspense>
      <PlanCards {...props} />
    </Suspense>
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
