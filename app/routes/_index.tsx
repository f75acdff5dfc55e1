import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { AiCoachPreview, AiCoachTranscript } from "~/components/home/ai-coach-transcript";
import { LazySection } from "~/components/lazy-section";
import { BUSINESS, TRUST_CLAIMS } from "~/content/business";
import { CHALLENGES, INTERNAL_LINKS, PILLARS, TESTIMONIALS } from "~/content/home";
import { formatAud, formatAudRange } from "~/utils/format";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { professionalServiceLd } from "~/content/structured-data";
import { structuredData } from "~/utils/structured-data";
import { Guarantee } from "~/components/guarantee";
import { LinkCard, PriceCompare, TextCardGrid, TrustFigures } from "~/components/marketing-blocks";
import { nextDiscoveryTimes } from "~/booking/slots.server";
import { formatDateTime, localDate } from "~/booking/time-zones";
import { flowHref } from "~/booking/flow-links";
import { DISCOVERY_CALL_HREF } from "~/booking/flow-links";

const AiCoachDemo = lazy(() => import("~/components/home/ai-coach-demo"));

// The hero shows the shortest sample; the ClarityAI section further down opens on the first one.
const HERO_SAMPLE = 2;

const ourRate = formatAud(BUSINESS.virtualCoachingFromPerHour);
const traditionalRange = formatAudRange(BUSINESS.traditionalCoachingPerHour.low, BUSINESS.traditionalCoachingPerHour.high);

const HOME_ZONE = "Australia/Sydney";

// The same for every visitor (nothing from the request), so the page stays in the edge cache; a
// cached time that has gone meanwhile is met by the flow's "That time was just taken".
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    const times = await nextDiscoveryTimes(context.db, 3);
    return {
      nextCalls: times.map((slot) => ({
        startsAt: slot.startsAt,
        label: formatDateTime(slot.startsAt, HOME_ZONE),
        href: flowHref({ type: "discovery", coach: "any", tz: HOME_ZONE, day: localDate(slot.startsAt, HOME_ZONE), time: slot.startsAt }),
      })),
    };
  } catch (error) {
    // The home page never fails for want of a calendar: the button still leads to every time.
    console.warn("home: could not load the next discovery call times", error instanceof Error ? error.message : String(error));
    return { nextCalls: [] };
  }
}

export default function Home() {
  const { nextCalls } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container hero-grid">
          <div>
            <p className="eyebrow">Business coaching for Australian small business</p>
            <h1 id="hero-heading">Feeling overwhelmed running your business? You don't have to figure it out alone.</h1>
            <p className="lead">
              Practical virtual coaching from experienced Australian business coaches, plus ClarityAI — an AI business coach you can ask anything, 24/7. Get
              clear on what matters, fix what slows you down and win back your evenings.
            </p>
            <div className="button-row">
              <Link to={DISCOVERY_CALL_HREF} className="button button-primary">
                Book Free 20-min Call
              </Link>
              <Link to="/services" className="button button-outline-light" prefetch="intent">
                See How We Help
              </Link>
            </div>
            <p className="hero-note">No cost, no obligation. Video or phone, at a time that suits you.</p>
            {nextCalls.length ? (
              <>
                <p className="hero-note" id="next-calls-label">
                  <strong>Next available discovery calls</strong> (Sydney time):
                </p>
                <ul className="next-calls" aria-labelledby="next-calls-label">
                  {nextCalls.map((call) => (
                    <li key={call.startsAt}>
                      <Link to={call.href} className="chip">
                        {call.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
          <AiCoachPreview index={HERO_SAMPLE} />
        </div>
      </section>

      <div className="container answer-cards">
        <div className="grid grid-2">
          <article className="card answer-card">
            <h2>What does a business coach do?</h2>
            <p>
              A business coach works with you — the owner — to decide where the business is heading, find what is holding it back and follow through on the
              changes. Each session ends with clear actions; between sessions your coach keeps you accountable.
            </p>
            <ul className="check-list">
              <li>Set priorities for the next 90 days and the next 12 months</li>
              <li>Fix pricing, cash flow and the processes that eat your week</li>
              <li>Build a team that can run things without you in the room</li>
            </ul>
          </article>
          <article className="card answer-card">
            <h2>How much does business coaching cost?</h2>
            <p>
              Traditional in-person business coaching in Australia typically costs {traditionalRange} an hour. Because our sessions are virtual, there's no
              travel or office overhead to pay for.
            </p>
            <PriceCompare traditionalLabel="Traditional coaching" />
            <p>Prices in AUD, GST included. Your first 20-minute discovery call is free.</p>
          </article>
        </div>
      </div>

      <section className="section" aria-labelledby="trust-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="trust-heading">Results Australian business owners can count on</h2>
            <p className="lead">We measure our coaching by what changes in your business, not by the hours we bill.</p>
          </div>
          <TrustFigures figures={TRUST_CLAIMS} />
          <Guarantee>No forms, no fine print.</Guarantee>
        </div>
      </section>

      <LazySection className="section-mist" labelledBy="challenges-heading">
        <div className="container reveal">
          <div className="section-header">
            <h2 id="challenges-heading">Sound familiar?</h2>
            <p className="lead">These are the four things we hear most often on discovery calls.</p>
          </div>
          <TextCardGrid className="grid grid-4" cards={CHALLENGES} />
        </div>
      </LazySection>

      <LazySection labelledBy="pillars-heading">
        <div className="container reveal">
          <div className="section-header">
            <h2 id="pillars-heading">Four ways we help your business run better</h2>
            <p className="lead">Start with one area or combine them. Your coach tailors the plan to where you are now.</p>
          </div>
          <div className="grid grid-4">
            {PILLARS.map((pillar) => (
              <LinkCard key={pillar.to} card={{ to: pillar.to, icon: pillar.icon, title: pillar.title, summary: pillar.body, linkLabel: "Learn more" }} />
            ))}
          </div>
        </div>
      </LazySection>

      <LazySection
        className="section-navy"
        labelledBy="ai-coach-heading"
        widget={() => (
          <div className="container">
            <Suspense fallback={<AiCoachTranscript />}>
              <AiCoachDemo />
            </Suspense>
          </div>
        )}
        fallback={
          <div className="container">
            <AiCoachTranscript />
          </div>
        }
      >
        <div className="container reveal">
          <div className="section-header">
            <p className="eyebrow">ClarityAI</p>
            <h2 id="ai-coach-heading">An AI business coach that's there at 10 pm on a Sunday</h2>
            <p>
              ClarityAI is trained on our coaching playbooks and knows Australian small business — BAS, super, award wages and all. Ask it to pressure-test a
              decision, draft a plan or prepare for a hard conversation. Pro members can send complex questions to one of our human coaches for review.
            </p>
            <div className="button-row">
              <Link to="/services/clarityai" className="button button-primary">
                Explore ClarityAI
              </Link>
            </div>
          </div>
        </div>
      </LazySection>

      <LazySection labelledBy="cost-heading">
        <div className="container reveal">
          <div className="section-header">
            <h2 id="cost-heading">Cost-effective coaching, without the consultant price tag</h2>
            <p className="lead">The same experienced coaches, delivered in a way that respects your time and budget.</p>
          </div>
          <table className="compare">
            <caption className="visually-hidden">Virtual coaching compared with traditional coaching</caption>
            <thead>
              <tr>
                <th scope="col">What you get</th>
                <th scope="col">ClarityAI Coaching</th>
                <th scope="col">Traditional coaching</th>
              </tr>
            </thead>
            {/* Each value also carries its column's name: on a phone every row reads as a card of its own (app.css). */}
            <tbody>
              <tr>
                <th scope="row">Hourly rate (AUD, incl. GST)</th>
                <td data-label="ClarityAI Coaching">From {ourRate}</td>
                <td data-label="Traditional coaching">{traditionalRange}</td>
              </tr>
              <tr>
                <th scope="row">Travel time</th>
                <td data-label="ClarityAI Coaching">None — sessions are online</td>
                <td data-label="Traditional coaching">Often 1–2 hours per visit</td>
              </tr>
              <tr>
                <th scope="row">Support between sessions</th>
                <td data-label="ClarityAI Coaching">24/7 with ClarityAI</td>
                <td data-label="Traditional coaching">Email, business hours</td>
              </tr>
              <tr>
                <th scope="row">Guarantee</th>
                <td data-label="ClarityAI Coaching">Money back after the first consultation</td>
                <td data-label="Traditional coaching">Rarely offered</td>
              </tr>
            </tbody>
          </table>
        </div>
      </LazySection>

      <LazySection className="section-mist" labelledBy="recruit-heading">
        <div className="container recruit-banner reveal">
          <div>
            <p className="eyebrow">For coaches</p>
            <h2 id="recruit-heading">Are you an experienced business coach?</h2>
            <p>
              Join our network and coach Australian business owners from wherever you are. Keep {BUSINESS.coachRevenueShare.low}–
              {BUSINESS.coachRevenueShare.high}% of what you earn — we bring the clients, the scheduling, payments and the AI tools.
            </p>
          </div>
          <div className="button-row">
            <Link to="/become-coach" className="button button-secondary">
              Become a Coach
            </Link>
            <Link to="/coach-registration" className="button button-primary">
              Apply Now
            </Link>
          </div>
        </div>
      </LazySection>

      <LazySection labelledBy="testimonials-heading">
        <div className="container reveal">
          <div className="section-header">
            <h2 id="testimonials-heading">What our clients say</h2>
          </div>
          <div className="grid grid-3">
            {TESTIMONIALS.map((t) => (
              <figure key={t.name} className="card testimonial">
                <blockquote>“{t.quote}”</blockquote>
                <figcaption>
                  <strong>{t.name}</strong>
                  {t.role}
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </LazySection>

      <LazySection className="section-mist" labelledBy="explore-heading">
        <div className="container reveal">
          <h2 id="explore-heading">Explore</h2>
          <ul className="internal-links">
            {INTERNAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </LazySection>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Business Coaching for Australian Small Business | ClarityAI Coaching",
    description:
      "Virtual business coaching from $150/hour and ClarityAI, a 24/7 AI business coach. Book a free 20-minute discovery call with an experienced Australian coach.",
    path: "/",
  }),
  ...structuredData([professionalServiceLd(siteOriginOf(matches))]),
];
