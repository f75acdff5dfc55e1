import { DEFAULT_TIME_ZONE, zoneForState } from "~/booking/time-zones";
import { offsetMinutes } from "~/booking/time-zones";
import { STATES, type StateCode } from "~/content/australia";
import { LOCATION_SLUGS, LOCATIONS, locationPath, type Location, type LocationSlug } from "~/content/locations";
import { SERVICE_SUMMARIES, type ServiceSlug } from "~/content/services";
import { CASE_STUDY_INDUSTRIES, type CaseStudyIndustry } from "~/content/types";
import type { SiteFact } from "./facts";

// The facts a question about an industry or a place needs ("do you work with cafés in Hobart?"):
// the service that fits that kind of business, its published case studies, the city's own page, and
// the coaches in that state, on the same clock, or who specialise in the industry. All of it is the
// site's own content and the coaches' schedules; the offline assistant quotes these facts and the
// model is given them. Plain TypeScript: the caller reads the coaches and case studies from D1.

export type CoachFacts = { slug: string; displayName: string; headline: string; timeZone: string; state: string };
export type CaseStudyFacts = { slug: string; industry: string; title: string; location: string };

type Industry = {
  id: CaseStudyIndustry;
  /** What a business of this kind is called in a sentence: "hospitality businesses". */
  noun: string;
  words: RegExp;
  /** The services that fit, the best first, and why (from the case studies of the industry). */
  services: [ServiceSlug, ServiceSlug];
  /** The names of this industry on the location pages ("Tourism and hospitality"). */
  localNames: RegExp;
};

/** Words that stand alone: "café" or "cafes", not "cafeteria"'s middle; letters of any alphabet count as a word. */
const words = (...alternatives: string[]) => new RegExp(`(?<!\\p{L})(?:${alternatives.join("|")})(?!\\p{L})`, "iu");

const INDUSTRIES: Industry[] = [
  {
    id: "hospitality",
    noun: "hospitality businesses",
    words: words(
      "caf[eé]s?",
      "coffee (?:shops?|carts?)",
      "restaurants?",
      "bakery",
      "bakeries",
      "pubs?",
      "bars?",
      "hotels?",
      "motels?",
      "hospitality",
      "caterers?",
      "catering",
      "takeaways?",
      "food trucks?",
      "tourism",
      "tour operators?",
      "accommodation",
      "wineries",
      "winery",
      "cellar doors?",
      "brewer(?:y|ies)",
      "distiller(?:y|ies)",
    ),
    services: ["operational-improvement", "strategic-planning"],
    localNames: /hospitality|tourism|food/i,
  },
  {
    id: "trades",
    noun: "trades and construction businesses",
    words: words(
      "trades?",
      "tradies?",
      "tradespe\\p{L}*",
      "plumb\\p{L}*",
      "electricians?",
      "electrical",
      "builders?",
      "building compan\\p{L}*",
      "construction",
      "carpent\\p{L}*",
      "landscap\\p{L}*",
      "roofers?",
      "roofing",
      "painters?",
      "renovat\\p{L}*",
      "concret\\p{L}*",
      "air ?con\\p{L}*",
    ),
    services: ["operational-improvement", "digital-systems"],
    localNames: /trades|construction/i,
  },
  {
    id: "professional-services",
    noun: "professional services firms",
    words: words(
      "accountants?",
      "accounting (?:firms?|practices?)",
      "bookkeep\\p{L}*",
      "lawyers?",
      "law firms?",
      "solicitors?",
      "consultants?",
      "consultanc(?:y|ies)",
      "consulting firms?",
      "agenc(?:y|ies)",
      "architects?",
      "financial (?:planners?|advisers?)",
      "professional services",
      "recruit\\p{L}*",
    ),
    services: ["strategic-planning", "operational-improvement"],
    localNames: /professional/i,
  },
  {
    id: "health",
    noun: "health and allied health practices",
    words: words(
      "health",
      "allied health",
      "physio\\p{L}*",
      "clinics?",
      "dent\\p{L}*",
      "chiro\\p{L}*",
      "psycholog\\p{L}*",
      "medical",
      "GPs?",
      "podiatr\\p{L}*",
      "optometr\\p{L}*",
      "vets?",
      "veterinar\\p{L}*",
      "wellbeing",
      "gyms?",
      "fitness",
      "salons?",
      "beauty",
    ),
    services: ["operational-improvement", "digital-systems"],
    localNames: /health/i,
  },
  {
    id: "retail",
    noun: "retail and e-commerce businesses",
    words: words("retail\\p{L}*", "shops?", "stores?", "e-?commerce", "online (?:shops?|stores?|business)", "boutiques?", "homewares", "fashion", "florists?"),
    services: ["strategic-planning", "digital-systems"],
    localNames: /retail/i,
  },
];

const CAPITALS: Record<StateCode, LocationSlug> = {
  NSW: "sydney",
  VIC: "melbourne",
  QLD: "brisbane",
  WA: "perth",
  SA: "adelaide",
  TAS: "hobart",
  ACT: "canberra",
  NT: "darwin",
};

/** Other names of a state in a question; the two- and three-letter codes count only in capitals ("WA", not "wa"). */
const STATE_WORDS: Record<StateCode, RegExp> = {
  NSW: words("new south wales"),
  VIC: words("victoria(?:n|ns)?"),
  QLD: words("queensland(?:er|ers)?"),
  WA: words("western australian?"),
  SA: words("south australian?"),
  TAS: words("tasmania(?:n|ns)?", "tassie"),
  ACT: words("australian capital territory"),
  NT: words("northern territory"),
};

type Place = { name: string; state: StateCode; timeZone: string; location: Location | null };

function findPlace(question: string): Place | null {
  for (const slug of LOCATION_SLUGS) {
    const location = LOCATIONS[slug];
    if (words(location.name.replace(/ /g, "\\s+")).test(question)) {
      return { name: location.name, state: location.state.code, timeZone: zoneForState(location.state.code) ?? DEFAULT_TIME_ZONE, location };
    }
  }
  for (const code of Object.keys(STATES) as StateCode[]) {
    if (STATE_WORDS[code].test(question) || new RegExp(`(?<![A-Za-z])${code}(?![A-Za-z])`).test(question)) {
      return { name: STATES[code], state: code, timeZone: zoneForState(code) ?? DEFAULT_TIME_ZONE, location: LOCATIONS[CAPITALS[code]] };
    }
  }
  return null;
}

function findIndustry(question: string): Industry | null {
  return INDUSTRIES.find((industry) => industry.words.test(question)) ?? null;
}

/** Whether two zones keep the same clock all year (their offsets in January and July agree). */
function sameClock(a: string, b: string, now: Date): boolean {
  const year = now.getUTCFullYear();
  return [Date.UTC(year, 0, 15), Date.UTC(year, 6, 15)].every((at) => {
    try {
      return offsetMinutes(a, at) === offsetMinutes(b, at);
    } catch {
      return false;
    }
  });
}

function isStateCode(value: string): value is StateCode {
  return Object.hasOwn(STATES, value);
}

/** A sentence continued after a colon: "Map how…" → "map how…" (an abbreviation such as "IT" stays). */
const afterColon = (text: string) => (/^\p{Lu}\p{Ll}/u.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);

/** "Sophie Bennett (Hobart, AEST/AEDT): Health, wellbeing and … [Book a call with Sophie](/booking?…)". */
function coachLine(coach: CoachFacts): string {
  const state = isStateCode(coach.state) ? coach.state : null;
  const city = coach.timeZone.startsWith("Australia/") ? coach.timeZone.slice("Australia/".length).replace(/_/g, " ") : coach.timeZone;
  const clock = state ? LOCATIONS[CAPITALS[state]].timeZone.short : coach.timeZone;
  const headline = coach.headline.trim() ? `: ${afterColon(coach.headline.trim().replace(/[.\s]+$/, ""))}` : "";
  const first = coach.displayName.trim().split(/\s+/)[0];
  return `${coach.displayName} (${city}${state ? `, ${state}` : ""}, ${clock})${headline}. [Book a free call with ${first}](/booking?type=discovery&coach=${encodeURIComponent(coach.slug)})`;
}

const list = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join("; ")}; and ${items.at(-1)}`);

function fact(id: string, text: string): SiteFact {
  // Looked up for this question: never matched by words again.
  return { id, matches: /(?!)/, text };
}

/** Whether a question names an industry or a place this lookup knows (the coaches and case studies are read only then). */
export function namesIndustryOrPlace(question: string): boolean {
  return findIndustry(question) !== null || findPlace(question) !== null;
}

/**
 * The facts for a question naming an industry, a place or both, best first; none when it names
 * neither. `caseStudies` are the published ones, `coaches` those taking bookings.
 */
export function industryPlaceFacts(
  question: string,
  data: { coaches: readonly CoachFacts[]; caseStudies: readonly CaseStudyFacts[] },
  now = new Date(),
): SiteFact[] {
  const industry = findIndustry(question);
  const place = findPlace(question);
  if (!industry && !place) return [];
  const facts: SiteFact[] = [];

  if (place) {
    const location = place.location;
    const clock = location ? `local time in ${place.name} (${location.timeZone.short})` : "your local time";
    const local = industry && location?.industries.find((entry) => industry.localNames.test(entry.name));
    const localText = local && location ? ` In ${location.name}, we work with ${local.name.toLowerCase()}: ${afterColon(local.body)}` : "";
    const page = location ? ` See [business coaching in ${location.name}](${locationPath(location.slug)}).` : "";
    facts.push(
      fact(
        "place",
        `Yes, we work with ${industry ? industry.noun : "businesses"} in ${place.name}: all our coaching is by video, and every session is booked in ${clock}.${localText}${page}`,
      ),
    );
  } else if (industry) {
    facts.push(fact("industry", `Yes, we work with ${industry.noun} all over Australia: all our coaching is by video, booked in your local time.`));
  }

  if (industry) {
    const [best, next] = industry.services.map((slug) => SERVICE_SUMMARIES[slug]);
    facts.push(
      fact(
        "industry-service",
        `For ${industry.noun}, the service that usually fits first is [${best!.title}](${best!.to}): ${afterColon(best!.summary)} Many also use [${next!.title}](${next!.to}): ${afterColon(next!.summary)}`,
      ),
    );
    const studies = data.caseStudies
      .filter((study) => study.industry === industry.id)
      .map((study) => ({ study, here: place ? study.location.endsWith(`, ${place.state}`) : false }))
      .sort((a, b) => Number(b.here) - Number(a.here))
      .slice(0, 3)
      .map(({ study }) => `[${study.title}](/case-studies/${study.industry}/${study.slug}) (${study.location})`);
    const all = `/case-studies/${industry.id}`;
    facts.push(
      fact(
        "industry-case-studies",
        studies.length
          ? `Case studies of ${CASE_STUDY_INDUSTRIES[industry.id].toLowerCase()} clients: ${list(studies)}. See [all ${CASE_STUDY_INDUSTRIES[industry.id].toLowerCase()} case studies](${all}).`
          : `We haven't published a case study of ${industry.noun} yet; our [case studies](/case-studies) show the work with other kinds of business.`,
      ),
    );
  }

  const coaches = [...data.coaches].sort((a, b) => a.displayName.localeCompare(b.displayName));
  const shown = new Set<string>();
  if (place) {
    const inState = coaches.filter((coach) => coach.state === place.state);
    const sameZone = coaches.filter((coach) => coach.state !== place.state && sameClock(coach.timeZone, place.timeZone, now));
    const stateName = STATES[place.state];
    if (inState.length) {
      facts.push(fact("coaches-state", `Our coach${inState.length === 1 ? "" : "es"} in ${stateName}: ${list(inState.map(coachLine))}.`));
    } else {
      facts.push(
        fact(
          "coaches-state",
          `None of our coaches is based in ${stateName} at the moment; sessions are by video, so any of our coaches can work with you, in your time.`,
        ),
      );
    }
    if (sameZone.length)
      facts.push(fact("coaches-zone", `On the same clock as ${place.location?.name ?? stateName} all year: ${list(sameZone.map(coachLine))}.`));
    for (const coach of [...inState, ...sameZone]) shown.add(coach.slug);
  }
  if (industry) {
    const specialists = coaches.filter((coach) => !shown.has(coach.slug) && industry.words.test(coach.headline));
    if (specialists.length) facts.push(fact("coaches-industry", `Coaching ${industry.noun} is a speciality of ${list(specialists.map(coachLine))}.`));
  }
  return facts;
}
