import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { PageHero } from "~/components/page-hero";
import { BUSINESS } from "~/content/business";
import { LOCATION_SLUGS, LOCATIONS, locationPath, STATE_ORDER, STATES } from "~/content/locations";
import { formatAud } from "~/utils/format";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, structuredData } from "~/utils/structured-data";
import { CallToAction } from "~/components/call-to-action";
import { IconCardGrid } from "~/components/marketing-blocks";
import { DISCOVERY_CALL_HREF } from "~/booking/flow-links";

// The index needs only names, one-line summaries and links; the full city content stays on the server.
export function loader() {
  const groups = STATE_ORDER.map((code) => ({
    code,
    name: STATES[code],
    cities: LOCATION_SLUGS.filter((slug) => LOCATIONS[slug].state.code === code).map((slug) => {
      const city = LOCATIONS[slug];
      return { name: city.name, path: locationPath(slug), summary: city.summary, timeZone: city.timeZone.short };
    }),
  })).filter((group) => group.cities.length > 0);
  return { groups };
}

const PATH = "/locations";
const CRUMBS = [{ label: "Home", to: "/" }, { label: "Locations" }];
const ourRate = formatAud(BUSINESS.virtualCoachingFromPerHour);

const HOW_IT_WORKS = [
  {
    icon: "chat",
    title: "By video, from wherever you work",
    body: "Sessions happen on a video call, so you can join from the office, the workshop, the farm or home. If the connection drops, we carry on by phone.",
  },
  {
    icon: "clock",
    title: "Booked in your time zone",
    body: "Australia runs on several clocks, and only some states use daylight saving. Every session is booked in your local time — AEST, ACST or AWST — so nothing moves when another state changes its clocks.",
  },
  {
    icon: "users",
    title: "The right coach, not the nearest one",
    body: "Because distance doesn't matter, we match you with a coach who knows your industry, wherever in Australia they are based.",
  },
] as const;

export default function LocationsIndex() {
  const { groups } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Locations"
        title="Business coaching across Australia"
        lead="Every ClarityAI Coaching session is virtual, so where you are never limits who you can work with. Choose your city to see its local industries, common challenges and time-zone details — or book a free call from anywhere in the country."
        crumbs={CRUMBS}
      >
        <Link to={DISCOVERY_CALL_HREF} className="button button-primary">
          Book Free 20-min Call
        </Link>
        <a href="#cities" className="button button-secondary">
          Find your city
        </a>
      </PageHero>

      <section className="section" aria-labelledby="how-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="how-heading">How virtual coaching works anywhere in Australia</h2>
            <p className="lead">
              The same experienced coaches and the same price — from {ourRate} an hour (AUD, incl. GST) — whether you're in a capital city, a regional centre or
              a country town.
            </p>
          </div>
          <IconCardGrid className="grid grid-3" cards={HOW_IT_WORKS} />
        </div>
      </section>

      <section id="cities" className="section section-mist" aria-labelledby="cities-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="cities-heading">Find your city</h2>
            <p className="lead">
              Fifteen cities, each with a page about its own economy, challenges and time zone. Not on the list? Coaching works just as well from anywhere else
              in Australia.
            </p>
          </div>
          <div className="state-groups">
            {groups.map((group) => (
              <div key={group.code} className={group.cities.length > 1 ? "state-group state-group-wide" : "state-group"}>
                <h3>
                  {group.name} <span className="badge">{group.code}</span>
                </h3>
                <ul className="grid grid-3 location-links">
                  {group.cities.map((city) => (
                    <li key={city.path}>
                      <Link to={city.path} className="card card-link city-card" prefetch="intent">
                        <span className="city-card-name">{city.name}</span>
                        <span>{city.summary}</span>
                        <span className="city-card-zone">
                          <Icon name="clock" />
                          <span className="visually-hidden">Time zone: </span>
                          {city.timeZone}
                        </span>
                        <span className="more">Business coaching in {city.name}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </section>

      <CallToAction heading="Wherever you are, start with a free call" secondary={{ to: "/services", label: "See How We Help" }}>
        <p>
          In {BUSINESS.discoveryCallMinutes} minutes, booked in your local time, we'll understand where your business is and tell you honestly whether coaching
          is the right place to start. No cost, no obligation.
        </p>
      </CallToAction>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Business Coaching Locations Across Australia",
    description:
      "Virtual business coaching in 15 Australian cities, from Sydney and Perth to Cairns and Toowoomba. Booked in your time zone, from $150/h. Free 20-minute call.",
    path: PATH,
  }),
  ...structuredData([breadcrumbLd(siteOriginOf(matches), CRUMBS, PATH)]),
];
