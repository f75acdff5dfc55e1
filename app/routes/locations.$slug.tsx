import { DEFAULT_TIME_ZONE, zoneForState } from "~/booking/time-zones";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { FaqSection } from "~/components/faq-section";
import { PageHero } from "~/components/page-hero";
import { ResponsiveImage } from "~/components/responsive-image";
import { BUSINESS } from "~/content/business";
import { aiCoachCityPath, LOCATIONS, locationPath, locationSlugFromParam } from "~/content/locations";
import { locationPageContent } from "~/content/page-copy.server";
import { formatAud } from "~/utils/format";
import { NOT_FOUND_META, pageMeta, siteOriginOf } from "~/utils/meta";
import { professionalServiceLd } from "~/content/structured-data";
import { breadcrumbLd, faqLd, structuredData } from "~/utils/structured-data";
import { CallToAction } from "~/components/call-to-action";
import { Guarantee } from "~/components/guarantee";
import { TextCardGrid } from "~/components/marketing-blocks";
import { notFoundResponse } from "~/auth/permissions.server";
import { ANY_COACH, DISCOVERY_TYPE, flowHref } from "~/booking/flow-links";

// /locations/{city}-business-coaching. The content stays on the server: the browser receives only
// the one city it is showing, plus the names and links of its three neighbours.
// The copy that is content (headline, lead, "why virtual", economy, FAQs) is the published copy
// edited at /admin/pages.
export async function loader({ params, context }: LoaderFunctionArgs) {
  const slug = locationSlugFromParam(params.slug);
  if (!slug) {
    throw notFoundResponse();
  }
  const city = await locationPageContent(context.db, slug);
  const path = locationPath(slug);
  return {
    city,
    path,
    // "Pick a time" opens the booking flow with times already in this city's zone.
    bookingPath: flowHref({ type: DISCOVERY_TYPE, coach: ANY_COACH, tz: zoneForState(city.state.code) ?? DEFAULT_TIME_ZONE }),
    aiCoachPath: aiCoachCityPath(slug),
    nearby: city.nearby.map((nearbySlug) => {
      const other = LOCATIONS[nearbySlug];
      return { name: other.name, stateCode: other.state.code, summary: other.summary, path: locationPath(nearbySlug) };
    }),
    crumbs: [{ label: "Home", to: "/" }, { label: "Locations", to: "/locations" }, { label: city.name }],
  };
}

const ourRate = formatAud(BUSINESS.virtualCoachingFromPerHour);

export default function LocationPage() {
  const { city, aiCoachPath, bookingPath, nearby, crumbs } = useLoaderData<typeof loader>();
  const { timeZone } = city;

  return (
    <>
      <PageHero eyebrow={`Business coaching · ${city.name}, ${city.state.code}`} title={city.headline} lead={city.lead} crumbs={crumbs}>
        <Link to={bookingPath} className="button button-primary">
          Book Free 20-min Call
        </Link>
        <a href="#scheduling" className="button button-secondary">
          Session times in {city.name}
        </a>
      </PageHero>

      <section className="section" aria-labelledby="why-heading">
        <div className="container service-split">
          <div>
            <h2 id="why-heading">Why {city.name} business owners choose virtual coaching</h2>
            {city.whyVirtual.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <ResponsiveImage
            imageKey="city"
            alt={`Stylised city skyline of teal and amber towers under a low sun, illustrating business coaching in ${city.name}`}
            sizes="(min-width: 1200px) 470px, (min-width: 861px) 40vw, calc(100vw - 2.5rem)"
            className="location-figure"
          />
        </div>
      </section>

      <section className="section section-mist" aria-labelledby="industries-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="industries-heading">Local industries we help in {city.name}</h2>
            <p>{city.economy}</p>
          </div>
          <TextCardGrid className="grid grid-2up" cards={city.industries.map((industry) => ({ title: industry.name, body: industry.body }))} />
          <p className="precincts">
            Whether your business is in {city.precincts.join(", ")} or anywhere else in {stateName(city.state)}, the coaching is the same — every session is
            virtual, booked in {city.name} time.
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="challenges-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="challenges-heading">Common challenges for {city.name} small businesses</h2>
            <p className="lead">Local pressures that shape how businesses here plan — and how coaching helps with each.</p>
          </div>
          <div className="grid grid-3up">
            {city.challenges.map((challenge) => (
              <article key={challenge.title} className="card challenge-card">
                <h3>{challenge.title}</h3>
                <p>{challenge.body}</p>
                <p className="challenge-help">
                  <strong>How we help: </strong>
                  {challenge.howWeHelp}
                </p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section id="scheduling" className="section section-mist" aria-labelledby="scheduling-heading">
        <div className="container service-split">
          <div>
            <h2 id="scheduling-heading">Time zones and scheduling in {city.name}</h2>
            <p className="lead">{timeZone.scheduling}</p>
            <p>
              Your free discovery call takes {BUSINESS.discoveryCallMinutes} minutes, and paid sessions are booked by the hour. Both happen by video, with a
              phone call as the fallback if the connection drops.
            </p>
          </div>
          <div className="card timezone-panel">
            <h3 id="timezone-facts-heading">
              <span className="icon-badge">
                <Icon name="clock" />
              </span>
              {city.name} time
            </h3>
            <dl className="timezone-facts" aria-labelledby="timezone-facts-heading">
              <dt>Time zone</dt>
              <dd>{timeZone.standard}</dd>
              <dt>Daylight saving</dt>
              <dd>{timeZone.daylightSaving}</dd>
              <dt>Compared with other cities</dt>
              <dd>{timeZone.comparison}</dd>
            </dl>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="steps-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="steps-heading">How it works</h2>
            <p className="lead">
              The same coaching a business in any capital city gets, booked in {city.name} time and priced from {ourRate} an hour (AUD, incl. GST).
            </p>
          </div>
          <ol className="steps">
            <li className="card">
              <h3>Free {BUSINESS.discoveryCallMinutes}-minute discovery call</h3>
              <p>
                Pick a time in {timeZone.abbreviation}. Tell us where the business is and what's in the way; we'll tell you honestly whether coaching will help.
              </p>
            </li>
            <li className="card">
              <h3>Matched with the right coach</h3>
              <p>We match you with a coach who knows your kind of business. They may be anywhere in Australia; your sessions are always in {city.name} time.</p>
            </li>
            <li className="card">
              <h3>Focused video sessions</h3>
              <p>
                Sessions from {ourRate} an hour, each ending with clear actions you can start on the same day. Your numbers, plan and processes go up on a
                shared screen so you work through them together.
              </p>
            </li>
            <li className="card">
              <h3>Support between sessions</h3>
              <p>
                ClarityAI, our 24/7 AI business coach, is there for the late-night questions.{" "}
                {aiCoachPath ? (
                  <Link to={aiCoachPath}>ClarityAI for {city.name} businesses</Link>
                ) : (
                  <Link to="/services/clarityai">Find out about ClarityAI</Link>
                )}
              </p>
            </li>
          </ol>
          <Guarantee className="location-guarantee" />
        </div>
      </section>

      <FaqSection heading={`${city.name} business coaching: frequently asked questions`} faqs={city.faq} />

      <section className="section" aria-labelledby="nearby-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="nearby-heading">Business coaching near {city.name}</h2>
            <p className="lead">
              Coaching works the same everywhere, but every region has its own economy. <Link to="/locations">See all locations</Link>.
            </p>
          </div>
          <ul className="grid grid-3 location-links">
            {nearby.map((other) => (
              <li key={other.path}>
                <Link to={other.path} className="card card-link city-card" prefetch="intent">
                  <span className="city-card-name">
                    {other.name} <span className="badge">{other.stateCode}</span>
                  </span>
                  <span>{other.summary}</span>
                  <span className="more">Business coaching in {other.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CallToAction
        heading="Talk it through with a coach — free"
        primary={{ to: bookingPath, label: `Pick a time in ${city.name} time` }}
        secondary={aiCoachPath ? { to: aiCoachPath, label: `ClarityAI for ${city.name} businesses` } : undefined}
      >
        <p>
          In {BUSINESS.discoveryCallMinutes} minutes, booked in {city.name} time, we'll understand where your business is, tell you honestly whether coaching is
          the right place to start and outline what working together would look like. No cost, no obligation.
        </p>
      </CallToAction>
    </>
  );
}

/** "New South Wales", but "the Northern Territory" and "the Australian Capital Territory". */
function stateName(state: { code: string; name: string }): string {
  return state.code === "NT" || state.code === "ACT" ? `the ${state.name}` : state.name;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return NOT_FOUND_META;
  const { city, path, crumbs } = data;
  return [
    ...pageMeta(matches, { title: city.metaTitle, description: city.metaDescription, path }),
    ...structuredData([
      professionalServiceLd(siteOriginOf(matches), { path, areaServed: city.name, description: city.metaDescription }),
      breadcrumbLd(siteOriginOf(matches), crumbs, path),
      faqLd(city.faq),
    ]),
  ];
};
