import { expect, test } from "vitest";
import { CASE_STUDIES } from "~/content/case-studies";
import { industryPlaceFacts, namesIndustryOrPlace, type CoachFacts } from "~/sales-chat/industry-place";

// The Service Assistant's facts for a question about an industry or a place: the service that fits,
// the industry's case studies, the city's page and the coaches in that state, on the same clock or
// who specialise in the industry, all from the site's own content and the coaches' schedules.

const COACHES: CoachFacts[] = [
  {
    slug: "daniel-oconnor",
    displayName: "Daniel O'Connor",
    headline: "Cash flow, pricing and growing a team for trades and service businesses",
    timeZone: "Australia/Sydney",
    state: "NSW",
  },
  {
    slug: "chloe-nguyen",
    displayName: "Chloe Nguyen",
    headline: "Retail, e-commerce and marketing that brings customers back",
    timeZone: "Australia/Perth",
    state: "WA",
  },
  {
    slug: "james-whitfield",
    displayName: "James Whitfield",
    headline: "Business plans, finance and systems for growing firms",
    timeZone: "Australia/Adelaide",
    state: "SA",
  },
  {
    slug: "liam-murphy",
    displayName: "Liam Murphy",
    headline: "Hospitality and tourism operators: rosters, margins and service",
    timeZone: "Australia/Brisbane",
    state: "QLD",
  },
  {
    slug: "sophie-bennett",
    displayName: "Sophie Bennett",
    headline: "Health, wellbeing and creative practices: a business that runs without you",
    timeZone: "Australia/Hobart",
    state: "TAS",
  },
];
const DATA = { coaches: COACHES, caseStudies: CASE_STUDIES };
const NOW = new Date("2026-11-27T23:00:00Z");

const byId = (question: string) => Object.fromEntries(industryPlaceFacts(question, DATA, NOW).map((fact) => [fact.id, fact.text]));

test("cafés in Hobart: the service, the hospitality case studies, the Hobart page and the coaches in Tasmania, on Hobart's clock and in hospitality", () => {
  const facts = byId("Do you work with cafes in Hobart?");
  expect(Object.keys(facts)).toEqual(["place", "industry-service", "industry-case-studies", "coaches-state", "coaches-zone", "coaches-industry"]);
  expect(facts.place).toContain("Yes, we work with hospitality businesses in Hobart");
  expect(facts.place).toContain("local time in Hobart (AEST/AEDT)");
  expect(facts.place).toContain("tourism and hospitality: accommodation, restaurants");
  expect(facts.place).toContain("[business coaching in Hobart](/locations/hobart-business-coaching)");
  expect(facts["industry-service"]).toContain("[Operational Improvement](/services/operational-improvement)");
  expect(facts["industry-case-studies"]).toContain(
    "[A two-site café and bakery brings wage costs under control without cutting service](/case-studies/hospitality/cafe-bakery-rostering-and-wage-costs) (Geelong, VIC)",
  );
  expect(facts["industry-case-studies"]).toContain("(/case-studies/hospitality/regional-pub-winter-cash-flow)");
  expect(facts["industry-case-studies"]).not.toContain("plumbing");
  expect(facts["coaches-state"]).toMatch(/^Our coach in Tasmania: Sophie Bennett \(Hobart, TAS, AEST\/AEDT\)/);
  expect(facts["coaches-state"]).toContain("(/booking?type=discovery&coach=sophie-bennett)");
  // Sydney keeps Hobart's clock all year; Brisbane (no daylight saving) and Adelaide do not.
  expect(facts["coaches-zone"]).toContain("Daniel O'Connor (Sydney, NSW, AEST/AEDT)");
  expect(facts["coaches-zone"]).not.toMatch(/Liam|James|Chloe/);
  expect(facts["coaches-industry"]).toContain("Liam Murphy (Brisbane, QLD, AEST all year)");
});

test("other words for the same thing: a café with its accent, Tassie for Tasmania", () => {
  const facts = byId("Could one of your coaches help my café in Tassie?");
  expect(facts.place).toContain("hospitality businesses in Tasmania");
  expect(facts["coaches-state"]).toContain("Sophie Bennett");
});

test("plumbers in Perth: trades, with the Western Australian case study first and the coach in WA", () => {
  const facts = byId("do you help plumbers in Perth");
  expect(facts.place).toContain("local time in Perth (AWST all year)");
  expect(facts["industry-service"]).toContain("[Operational Improvement](/services/operational-improvement)");
  expect(facts["industry-service"]).toContain("[Digital Systems](/services/digital-systems)");
  expect(facts["industry-case-studies"]).toMatch(
    /^Case studies of trades and construction clients: \[Job costing[^\]]*\]\(\/case-studies\/trades\/landscape-construction-job-costing\) \(Perth, WA\)/,
  );
  expect(facts["coaches-state"]).toContain("Chloe Nguyen (Perth, WA, AWST all year)");
  expect(facts["coaches-industry"]).toContain("Daniel O'Connor");
});

test("a place with no coach says so honestly; a city alone gets its page and coaches", () => {
  const darwin = byId("Do you have coaches in Darwin?");
  expect(darwin["coaches-state"]).toBe(
    "None of our coaches is based in Northern Territory at the moment; sessions are by video, so any of our coaches can work with you, in your time.",
  );
  expect(darwin["coaches-zone"]).toBeUndefined();
  expect(darwin["industry-service"]).toBeUndefined();
  expect(byId("Any coaches on the Gold Coast?").place).toContain("(/locations/gold-coast-business-coaching)");
});

test("an industry alone gets its service, case studies and specialists", () => {
  const facts = byId("We run an online store selling homewares");
  expect(facts.industry).toContain("retail and e-commerce businesses");
  expect(facts["industry-case-studies"]).toContain("(/case-studies/retail/online-homewares-store-stock-and-cash)");
  expect(facts["coaches-industry"]).toContain("Chloe Nguyen");
});

test("questions about neither an industry nor a place look nothing up", () => {
  for (const question of [
    "How much does business coaching cost?",
    "Do you offer a free consultation?",
    "What's the difference between Lite and Pro?",
    "act now",
  ]) {
    expect(namesIndustryOrPlace(question), question).toBe(false);
    expect(industryPlaceFacts(question, DATA, NOW), question).toEqual([]);
  }
});
