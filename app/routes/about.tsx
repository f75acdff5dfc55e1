import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { PageHero } from "~/components/page-hero";
import { BUSINESS, TRUST_CLAIMS } from "~/content/business";
import { formatAud, formatAudRange } from "~/utils/format";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, structuredData } from "~/utils/structured-data";
import { Guarantee } from "~/components/guarantee";
import { BannerCallToAction } from "~/components/call-to-action";
import { StepList, TextCardGrid, TrustFigures } from "~/components/marketing-blocks";
import { DISCOVERY_CALL_HREF } from "~/booking/flow-links";

const ourRate = formatAud(BUSINESS.virtualCoachingFromPerHour);
const traditionalRange = formatAudRange(BUSINESS.traditionalCoachingPerHour.low, BUSINESS.traditionalCoachingPerHour.high);
const revenueShare = `${BUSINESS.coachRevenueShare.low}–${BUSINESS.coachRevenueShare.high}%`;

const STEPS = [
  {
    title: `A free ${BUSINESS.discoveryCallMinutes}-minute discovery call`,
    body: "Tell us what's going on in the business and what you want to change. No pitch, no obligation — if coaching isn't the right fit, we'll say so.",
  },
  {
    title: "Matched with the right coach",
    body: "We pair you with a coach who has worked with businesses like yours, whether that's a trade business, a clinic, a café or a professional services firm.",
  },
  {
    title: "Focused sessions by video",
    body: "Meet your coach online from your office, your ute or your kitchen table. Every session ends with two or three clear actions and a date to get them done.",
  },
  {
    title: "Support between sessions",
    body: "ClarityAI, our AI business coach, is there 24/7 to help you draft a plan, check a decision or prepare for a difficult conversation before your next session.",
  },
] as const;

const PRINCIPLES = [
  {
    title: "Practical, not theoretical",
    body: "We work on the problems in front of you this quarter — pricing, cash flow, hiring, the processes that eat your week — not models that look good in a slide deck.",
  },
  {
    title: "Measured by what changes",
    body: "Together we agree what success looks like in the first 90 days, then track it: hours won back, margin improved, jobs quoted faster. If it isn't moving, we change the plan.",
  },
  {
    title: "Built for Australian business",
    body: "BAS and GST deadlines, super, award wages, end-of-financial-year crunches and long-distance clients from Darwin to Hobart. Our coaches know the landscape you operate in.",
  },
  {
    title: "Accountable, kindly",
    body: "Your coach follows up on what you committed to. It's honest, supportive accountability — the kind that's hard to find when you're the one in charge.",
  },
  {
    title: "Your time respected",
    body: "Virtual sessions mean no travel, no waiting rooms and no half-day lost to a meeting. You book the times that suit you, including early mornings and evenings.",
  },
  {
    title: "Straight talk on value",
    body: `Coaching from ${ourRate} an hour, with prices in AUD including GST and a money-back guarantee on your first paid consultation.`,
  },
] as const;

export default function About() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Business coaching that fits around running a business"
        lead="ClarityAI Coaching helps Australian small and medium business owners get clear on what matters, fix what slows them down and build a business that doesn't depend on them for everything. Experienced human coaches, delivered virtually, backed by an AI coach that never clocks off."
        crumbs={[{ label: "Home", to: "/" }, { label: "About" }]}
      >
        <Link to={DISCOVERY_CALL_HREF} className="button button-primary">
          Book Free 20-min Call
        </Link>
        <Link to="/services" className="button button-secondary" prefetch="intent">
          Explore our services
        </Link>
      </PageHero>

      <section className="section" aria-labelledby="who-heading">
        <div className="container grid grid-2">
          <div>
            <h2 id="who-heading">Who we are</h2>
            <p>
              We're a network of experienced business coaches working with owners right across Australia — trades and construction, health and allied health,
              hospitality, retail and e-commerce, and professional services. Many of our coaches have run their own businesses, so they've sat where you're
              sitting: juggling quotes, staff, suppliers and the bank balance, usually all before lunch.
            </p>
            <p>
              We started from a simple observation. Good coaching changes businesses, but traditional coaching often costs {traditionalRange} an hour and
              assumes you can spare half a day to travel to a meeting. By coaching virtually and using our own AI tools to handle the busywork, we can offer the
              same calibre of coach from {ourRate} an hour — and put them in front of owners in regional towns as easily as in the CBD.
            </p>
          </div>
          <div className="card">
            <h3>At a glance</h3>
            <ul className="check-list">
              <li>Human coaching, 100% virtual — by video or phone</li>
              <li>A free {BUSINESS.discoveryCallMinutes}-minute discovery call to start</li>
              <li>Coaching from {ourRate} per hour, GST included</li>
              <li>ClarityAI, a 24/7 AI business coach, on lite and pro plans</li>
              <li>Coaches across Australia who keep {revenueShare} of their session fees</li>
            </ul>
            <p>
              Based in Australia, working in Australian time zones. {BUSINESS.name}, ABN {BUSINESS.abn}.
            </p>
          </div>
        </div>
      </section>

      <section className="section section-mist" aria-labelledby="how-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="how-heading">How virtual coaching works</h2>
            <p className="lead">Everything happens online, so you get an experienced coach without leaving the business for the day.</p>
          </div>
          <StepList steps={STEPS} />
          <p className="steps-note">
            Sessions run in your browser — there's nothing to install. Most owners meet their coach fortnightly to begin with, then adjust the rhythm as things
            settle.
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="approach-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="approach-heading">Our approach</h2>
            <p className="lead">Six commitments we make to every business owner we coach.</p>
          </div>
          <TextCardGrid className="grid grid-thirds" cards={PRINCIPLES} />
        </div>
      </section>

      <section className="section section-mist" aria-labelledby="network-heading">
        <div className="container grid grid-2">
          <div>
            <p className="eyebrow">Our coach network</p>
            <h2 id="network-heading">Experienced coaches who are rewarded fairly</h2>
            <p>
              Our coaches work with us from all over Australia. They keep {revenueShare} of the fee for every session they deliver — far more than most coaching
              firms pay. We handle finding clients, scheduling, payments and the ClarityAI tools, so coaches can spend their time on what they're good at:
              coaching you.
            </p>
            <p>
              That matters to you as a client. Fairly paid coaches stay, so you keep working with the same person who knows your business, and more of what you
              pay goes to the person actually helping you.
            </p>
            <p>
              <Link to="/become-coach">Find out about joining our coach network</Link>
            </p>
          </div>
          <div className="card">
            <h3>Every coach in our network</h3>
            <ul className="check-list">
              <li>Has years of hands-on experience coaching, advising or running small businesses</li>
              <li>Is interviewed by a senior coach before they work with a client</li>
              <li>Knows the Australian essentials: GST and BAS, super, awards and cash-flow cycles</li>
              <li>Keeps what you share confidential</li>
            </ul>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="results-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="results-heading">The results so far</h2>
            <p className="lead">We judge our coaching by what changes in your business. Here's what our clients have seen.</p>
          </div>
          <TrustFigures figures={TRUST_CLAIMS} />
          <Guarantee>
            The details are in our <Link to="/terms#money-back-guarantee">terms of service</Link>.
          </Guarantee>
          <p className="results-note">
            Every business is different, and these figures describe the clients we've worked with so far — they aren't a promise of a particular result for
            yours. Your discovery call is the place to talk about what's realistic.
          </p>
        </div>
      </section>

      <BannerCallToAction
        headingId="cta-heading"
        heading="Let's talk about your business"
        buttons={
          <>
            <Link to={DISCOVERY_CALL_HREF} className="button button-primary">
              Book Free 20-min Call
            </Link>
            <Link to="/contact" className="button button-outline-light">
              Contact our team
            </Link>
          </>
        }
      >
        <p>
          In {BUSINESS.discoveryCallMinutes} minutes we'll get to the heart of what's holding the business back and whether coaching is the right next step.
          It's free, and there's no obligation.
        </p>
      </BannerCallToAction>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "About Us: Virtual Business Coaching for Australian SMEs",
    description:
      "Meet ClarityAI Coaching: experienced Australian business coaches working virtually, backed by a 24/7 AI coach. See how it works, our approach and our results.",
    path: "/about",
  }),
  ...structuredData([breadcrumbLd(siteOriginOf(matches), [{ label: "Home", to: "/" }, { label: "About" }], "/about")]),
];
