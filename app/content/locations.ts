import { BUSINESS } from "./business";
import type { Faq } from "./types";
import { STATES, type StateCode } from "./australia";
import { CLARITYAI_CITY_SLUGS } from "./clarityai-cities";

// Location pages: /locations/{city}-business-coaching. Served from this file by the route's loader,
// so none of it reaches the browser bundle; the copy that is content (headline, lead, "why virtual",
// economy, FAQs) is the first version of the page's row in page_copy, edited at /admin/pages. Each city is written for that city —
// its economy, its seasons, its time zone — rather than one template with the name swapped.

// Every city with an AI-coach page has a location page too, and so do these regional centres.
export const LOCATION_SLUGS = [...CLARITYAI_CITY_SLUGS, "townsville", "cairns", "toowoomba"] as const;
export type LocationSlug = (typeof LOCATION_SLUGS)[number];

/** The URL suffix every location page carries: /locations/perth-business-coaching. */
export const LOCATION_PATH_SUFFIX = "-business-coaching";

export function locationPath(citySlug: LocationSlug): string {
  return `/locations/${citySlug}${LOCATION_PATH_SUFFIX}`;
}

export function isLocationSlug(value: string | undefined): value is LocationSlug {
  return (LOCATION_SLUGS as readonly (string | undefined)[]).includes(value);
}

/** Reads the city from a URL segment such as "perth-business-coaching"; null if it isn't one. */
export function locationSlugFromParam(param: string | undefined): LocationSlug | null {
  if (!param?.endsWith(LOCATION_PATH_SUFFIX)) return null;
  const city = param.slice(0, -LOCATION_PATH_SUFFIX.length);
  return isLocationSlug(city) ? city : null;
}

/** The city's ClarityAI page, or null for the cities that don't have one. */
export function aiCoachCityPath(citySlug: LocationSlug): string | null {
  return (CLARITYAI_CITY_SLUGS as readonly string[]).includes(citySlug) ? `/clarityai/${citySlug}` : null;
}

export { STATES, STATE_ORDER, type StateCode } from "./australia";

export type TimeZoneFacts = {
  /** The abbreviations in use, e.g. "AEST/AEDT" or "AWST". */
  abbreviation: string;
  /** Short form for lists, e.g. "AEST/AEDT" or "AWST all year". */
  short: string;
  standard: string;
  daylightSaving: string;
  /** How the city's clock compares with the other capitals through the year. */
  comparison: string;
  /** What that means for booking sessions. */
  scheduling: string;
};

type Challenge = { title: string; body: string; howWeHelp: string };

export type Location = {
  slug: LocationSlug;
  name: string;
  state: { code: StateCode; name: string };
  /** Without the site name; pageMeta appends it. */
  metaTitle: string;
  /** ≤ 160 characters. */
  metaDescription: string;
  headline: string;
  lead: string;
  /** One sentence for the /locations index. */
  summary: string;
  whyVirtual: [string, string];
  economy: string;
  industries: { name: string; body: string }[];
  /** Two or three suburbs or precincts where we work with owners. */
  precincts: string[];
  challenges: [Challenge, Challenge, Challenge];
  timeZone: TimeZoneFacts;
  faq: [Faq, Faq, Faq];
  nearby: [LocationSlug, LocationSlug, LocationSlug];
};

const EASTERN_DAYLIGHT = {
  abbreviation: "AEST/AEDT",
  short: "AEST/AEDT",
  standard: "Australian Eastern Standard Time (AEST), UTC+10",
  daylightSaving: "Yes — Australian Eastern Daylight Time (AEDT), UTC+11, from the first Sunday in October to the first Sunday in April",
} as const;

const QUEENSLAND_TIME = {
  abbreviation: "AEST",
  short: "AEST all year",
  standard: "Australian Eastern Standard Time (AEST), UTC+10",
  daylightSaving: "No — Queensland stays on AEST all year",
} as const;

const PRICE = `$${BUSINESS.virtualCoachingFromPerHour}`;
const TRADITIONAL = `$${BUSINESS.traditionalCoachingPerHour.low}–$${BUSINESS.traditionalCoachingPerHour.high}`;

/** The honest answer to "Do you have coaches in {city}?", which every city page asks. */
function coachesHereFaq(city: string, zone: string, extra: string): Faq {
  return {
    question: `Do you have coaches in ${city}?`,
    answer: `We don't have a ${city} office, and we won't pretend to: all of our coaching is virtual, by video call. Our coaches work across Australia's time zones and every session is booked in ${zone}. ${extra}`,
  };
}

function stateOf(code: StateCode) {
  return { code, name: STATES[code] };
}

export const LOCATIONS: Record<LocationSlug, Location> = {
  sydney: {
    slug: "sydney",
    name: "Sydney",
    state: stateOf("NSW"),
    metaTitle: "Business Coaching Sydney: Virtual Coaching for Sydney SMEs",
    metaDescription:
      "Virtual business coaching for Sydney owners, from Parramatta to the CBD. No cross-town travel, sessions in Sydney time, from $150/h. Free 20-minute call.",
    headline: "Business coaching for Sydney owners — without crossing the city for it",
    lead: "From Parramatta to the northern beaches, Sydney business owners lose hours every week to traffic and trains. Our coaching happens by video and is booked in Sydney time, so an hour of coaching costs you an hour, not an afternoon.",
    summary: "Owners from the CBD to Western Sydney, coached by video with no cross-town travel.",
    whyVirtual: [
      "In Sydney, a one-hour meeting across town can easily cost half a day: the M4 or the Harbour Bridge at the wrong time, finding a park, then the trip back. Virtual coaching removes all of that. You join from your office, your ute or the kitchen table, and you're back at work the moment the call ends.",
      "It also widens your choice. Instead of picking from the coaches who happen to be within driving distance, you're matched with one who knows your kind of business — whether that's a café in Newtown, a building company in the Hills District or an accounting practice in North Sydney.",
    ],
    economy:
      "Sydney is Australia's largest city economy and its main financial centre, yet most of its businesses are small: trades, cafés, clinics, agencies and professional firms with a handful of staff. Growth is moving west, with Parramatta now a second CBD and the new Western Sydney International Airport at Badgerys Creek reshaping the outer west.",
    industries: [
      {
        name: "Professional and financial services",
        body: "Accounting, legal, financial planning and consulting firms in the CBD, North Sydney and Parramatta, where partner time is the scarcest resource. We work on pricing, capacity and getting work off the principal's desk.",
      },
      {
        name: "Construction and trades",
        body: "Builders, electricians, plumbers and fit-out firms working through Sydney's housing and infrastructure pipeline, especially across Western Sydney. We focus on quoting, job costing and cash flow between progress claims.",
      },
      {
        name: "Hospitality and retail",
        body: "Cafés, restaurants and shops where rent and wages leave thin margins. We work on rostering against sales, menu and product margins, and the handful of numbers worth checking every week.",
      },
      {
        name: "Technology and creative agencies",
        body: "Start-ups and agencies around Surry Hills, Pyrmont and the Tech Central precinct near Central station, moving from founder-led delivery to a team that can run without the founder in every meeting.",
      },
    ],
    precincts: ["Parramatta", "Surry Hills", "North Sydney"],
    challenges: [
      {
        title: "Costs that outrun prices",
        body: "Commercial rents and wages in Sydney are among the highest in the country, so a business can grow its revenue and still go backwards.",
        howWeHelp: "We work through your pricing, gross margin by job or product, and which customers are actually profitable.",
      },
      {
        title: "Keeping good staff in a deep job market",
        body: "Good people have plenty of options, and a long commute makes a similar offer closer to home hard to refuse.",
        howWeHelp: "We help you design clear roles, flexible arrangements and a simple career path, so people have reasons to stay.",
      },
      {
        title: "Hours lost to getting around",
        body: "Between site visits, client meetings and school runs across a spread-out city, owners lose hours each week in the car.",
        howWeHelp: "We map where your week really goes, then set up systems and delegation so fewer things need you in person.",
      },
    ],
    timeZone: {
      ...EASTERN_DAYLIGHT,
      comparison:
        "The same as Melbourne, Canberra and Hobart all year. During daylight saving, Sydney is an hour ahead of Brisbane and three hours ahead of Perth; in winter the gap to Perth is two hours.",
      scheduling:
        "Every session is booked in Sydney time, so the October and April clock changes don't move anything. An early session before the traffic builds, or a lunchtime one from your desk, is usually the easiest to protect in a Sydney week.",
    },
    faq: [
      coachesHereFaq(
        "Sydney",
        "Sydney time",
        "Working by video is what lets us match you with a coach who knows your industry, rather than whoever is closest.",
      ),
      {
        question: "Can you help a Western Sydney business, not just the CBD?",
        answer:
          "Yes. Virtual coaching works the same in Penrith, Liverpool or the Hills as it does in the CBD. Western Sydney's growth brings its own questions — hiring ahead of demand, taking on bigger contracts, funding growth without running out of cash — and those are exactly the things we work on.",
      },
      {
        question: "Is virtual coaching cheaper than an in-person coach in Sydney?",
        answer: `Usually. Virtual coaching with us starts from ${PRICE} an hour (AUD, incl. GST), while traditional in-person coaching typically costs ${TRADITIONAL} an hour. You also save the travel time, which in Sydney is often the bigger cost.`,
      },
    ],
    nearby: ["newcastle", "wollongong", "canberra"],
  },

  melbourne: {
    slug: "melbourne",
    name: "Melbourne",
    state: stateOf("VIC"),
    metaTitle: "Business Coaching Melbourne: Virtual Coaching for Victorian SMEs",
    metaDescription:
      "Virtual business coaching for Melbourne owners in hospitality, construction, manufacturing and professional services. Booked in Melbourne time. Free call.",
    headline: "Business coaching for Melbourne businesses, from the laneways to the south-east",
    lead: "Melbourne rewards businesses that get the details right and punishes thin margins. Our coaches work with Melbourne owners by video, so you get focused help on pricing, people and cash flow without leaving the shop floor.",
    summary: "Hospitality, construction, manufacturing and professional services, coached by video.",
    whyVirtual: [
      "A Melbourne owner's week rarely has a spare half-day in it. Between suppliers in the western suburbs, clients in the CBD and a team that needs you on site, driving to a coach's office is the first thing to get cancelled. A video session fits into the gap between deliveries and keeps its place in the diary.",
      "Melbourne has no shortage of advice, much of it generic. Working virtually lets us pair you with a coach who has worked in your sector — a café group in Fitzroy needs different help from a fabrication shop in Dandenong — rather than whoever has an office nearby.",
    ],
    economy:
      "Melbourne's economy is broad: professional and financial services in the CBD and Docklands, a hospitality and food scene that draws visitors from across the country, health and medical research around Parkville, and manufacturing and logistics in the west and south-east, fed by the Port of Melbourne, Australia's busiest container port. Major road and rail projects keep construction busy right across the metropolitan area.",
    industries: [
      {
        name: "Hospitality and food",
        body: "Cafés, restaurants, bars and food producers working on thin margins. We focus on menu engineering, rostering against sales and a weekly numbers check that catches problems before the BAS does.",
      },
      {
        name: "Construction and trades",
        body: "Builders and trades kept busy by Victoria's road, rail and housing projects, where winning work is easier than making money on it. We work on quoting, variations and cash flow between claims.",
      },
      {
        name: "Manufacturing and logistics",
        body: "Fabricators, food manufacturers and distributors in Dandenong, Braeside and the western suburbs. We help with capacity planning, cost-to-serve and practical process improvements.",
      },
      {
        name: "Professional and creative services",
        body: "Agencies, consultancies and practices in Richmond, Cremorne and the CBD, growing from a founder who does everything to a team that can deliver without them.",
      },
    ],
    precincts: ["Cremorne", "Dandenong South", "Fitzroy"],
    challenges: [
      {
        title: "Margins squeezed from both sides",
        body: "Rising wages, rent and supplier prices hit Melbourne's hospitality and retail businesses hard, and customers notice every price rise.",
        howWeHelp: "We rebuild your margins item by item and help you raise prices where the value is clear to customers.",
      },
      {
        title: "Trades pulled towards the big projects",
        body: "Major infrastructure projects compete for the same skilled workers small builders and trades need, pushing up wages and stretching timelines.",
        howWeHelp: "We help you plan capacity, schedule jobs realistically and keep your best people with clear roles and progression.",
      },
      {
        title: "Event peaks and quiet months",
        body: "The Australian Open, the Grand Prix and the Spring Racing Carnival bring busy weeks for hospitality and events businesses; the weeks after can be very quiet.",
        howWeHelp: "We build a rolling 13-week cash flow forecast around your calendar, so the peaks fund the quiet months instead of catching you short.",
      },
    ],
    timeZone: {
      ...EASTERN_DAYLIGHT,
      comparison:
        "The same as Sydney, Canberra and Hobart all year, and always 30 minutes ahead of Adelaide. During daylight saving, Melbourne is an hour ahead of Brisbane and three hours ahead of Perth.",
      scheduling:
        "Sessions are booked in Melbourne time. If you run a kitchen, a mid-afternoon slot between lunch and dinner service usually works; if you're on the tools, an early start before site may suit better.",
    },
    faq: [
      coachesHereFaq("Melbourne", "Melbourne time", "That lets us match you with a coach who knows your sector, wherever in Australia they happen to be."),
      {
        question: "Can you help my hospitality business with rostering and wage costs?",
        answer:
          "Yes. We'll look at your wage cost as a share of sales by day and by service, and build rosters that follow demand. We don't give legal advice on award interpretation, but we'll help you set up the systems to get it right and know when to check with the Fair Work Ombudsman or an adviser.",
      },
      {
        question: "Is virtual coaching as effective as meeting in person?",
        answer: `For most owners, yes — often more so, because the sessions actually happen. We share screens to work through your numbers, plan and processes together, and every session ends with agreed actions. The free ${BUSINESS.discoveryCallMinutes}-minute discovery call is a good way to find out how it feels.`,
      },
    ],
    nearby: ["geelong", "hobart", "canberra"],
  },

  brisbane: {
    slug: "brisbane",
    name: "Brisbane",
    state: stateOf("QLD"),
    metaTitle: "Business Coaching Brisbane: Virtual Coaching for Queensland SMEs",
    metaDescription:
      "Virtual business coaching for Brisbane owners growing with south-east Queensland. Sessions in AEST, no daylight saving, from $150/h. Free 20-minute call.",
    headline: "Business coaching for Brisbane businesses growing with south-east Queensland",
    lead: "Brisbane is growing quickly, and so are the demands on its business owners. Our coaches work with Brisbane businesses by video, in Queensland time, to turn that growth into profit rather than simply more work.",
    summary: "Construction, professional services, health and logistics in a fast-growing city.",
    whyVirtual: [
      "Brisbane's spread — from the bayside to Ipswich, and from North Lakes down to Logan — means a face-to-face meeting often involves a motorway and a lot of waiting. With virtual coaching there's no travel: you join from wherever you are and get straight to work.",
      "Because every session is booked in Queensland time, there's no mental arithmetic when the southern states change their clocks. Your coach might be based anywhere in Australia, but your session time is always AEST.",
    ],
    economy:
      "South-east Queensland has been one of Australia's fastest-growing regions for years, driven by people moving from interstate. Brisbane's economy is anchored by professional services, health, education and government, with logistics around the Port of Brisbane and the Australia TradeCoast precinct near the airport. Preparations for the 2032 Olympic and Paralympic Games add to an already busy construction pipeline.",
    industries: [
      {
        name: "Construction and property",
        body: "Builders, trades and developers meeting strong demand for housing and infrastructure, with more work coming ahead of the 2032 Games. We help with job costing, variations and growing without overtrading.",
      },
      {
        name: "Professional services",
        body: "Accountants, engineers, architects and consultants in the CBD, Fortitude Valley and Newstead, where utilisation, pricing and partner succession decide how profitable growth is.",
      },
      {
        name: "Health and allied health",
        body: "Physiotherapy, dental, psychology and NDIS practices expanding across the suburbs. We work on clinic capacity, practitioner utilisation and admin that doesn't swallow the front desk.",
      },
      {
        name: "Logistics and wholesale",
        body: "Distributors, freight and warehousing businesses around the Port of Brisbane and the TradeCoast, where cost-to-serve and good systems make or break margins.",
      },
    ],
    precincts: ["Fortitude Valley", "Newstead", "Eagle Farm"],
    challenges: [
      {
        title: "Growing faster than your systems",
        body: "Population growth brings customers, but many Brisbane businesses are still run on spreadsheets and the owner's memory.",
        howWeHelp: "We help you choose and connect the right tools, so the business can take on more work without more chaos.",
      },
      {
        title: "Rising costs and scarce tradespeople",
        body: "A strong construction pipeline means rising material costs and stiff competition for skilled workers.",
        howWeHelp: "We review your pricing and contract terms so cost increases don't eat your margin, and plan hiring ahead of demand.",
      },
      {
        title: "Storm and flood season",
        body: "Summer storms and floods, like those of 2011 and 2022, can close sites and shops and disrupt supply for weeks.",
        howWeHelp: "We build a simple continuity plan and a cash buffer target, so a bad week of weather doesn't become a bad quarter.",
      },
    ],
    timeZone: {
      ...QUEENSLAND_TIME,
      comparison:
        "From early October to early April, Brisbane is an hour behind Sydney, Melbourne, Canberra and Hobart and 30 minutes behind Adelaide. The rest of the year it matches the eastern states and is 30 minutes ahead of Adelaide. Perth is two hours behind all year.",
      scheduling:
        "Sessions are booked in AEST and never move with southern daylight saving. Summer matters if your suppliers or customers are in Sydney or Melbourne: their 9 am is your 8 am, and we'll help you plan your week around it.",
    },
    faq: [
      coachesHereFaq("Brisbane", "Queensland time", "Your coach may be in another state, but adjusting for the time difference is their job, not yours."),
      {
        question: "Does daylight saving in other states affect my sessions?",
        answer: "No. Your sessions are booked in Queensland time, so they stay put when New South Wales and Victoria change their clocks in October and April.",
      },
      {
        question: "Can you help us prepare for work linked to the 2032 Games?",
        answer:
          "We can help you get ready to compete for larger contracts: knowing what buyers look for in tenders, having the policies, insurance and systems they expect, and making sure you can fund bigger jobs. We don't write tenders for you and have no inside line on procurement.",
      },
    ],
    nearby: ["gold-coast", "toowoomba", "newcastle"],
  },

  perth: {
    slug: "perth",
    name: "Perth",
    state: stateOf("WA"),
    metaTitle: "Business Coaching Perth: Virtual Coaching for WA Businesses",
    metaDescription:
      "Virtual business coaching for Perth and WA businesses. Sessions from 7 am AWST with coaches who work across time zones. From $150/h. Free 20-minute call.",
    headline: "Business coaching for Perth businesses, on Perth time",
    lead: "Being two or three hours behind the east coast shouldn't mean getting the leftovers of someone else's day. We book Perth clients in AWST, from 7 am, with coaches who work across Australia's time zones.",
    summary: "Mining services, construction and professional services, with sessions from 7 am Perth time.",
    whyVirtual: [
      "Perth is one of the most isolated capital cities in the world, and it's often an afterthought for businesses run from the east coast. Virtual coaching closes the distance: you get the same calibre of coach as a business in Sydney or Melbourne, without anyone needing to fly in.",
      "Working by video also suits the way Perth works. Whether you're in Osborne Park, Malaga or Fremantle, you can join a session from the office, then get straight back to the workshop or the next client.",
    ],
    economy:
      "Western Australia's economy is driven by resources — iron ore, gold, lithium and LNG — and Perth is the head-office and services hub for much of it. Around that sits a large base of mining equipment, technology and services (METS) firms, engineering and construction businesses, defence shipbuilding at Henderson, agricultural exports and a growing professional services sector.",
    industries: [
      {
        name: "Mining services and METS",
        body: "Engineering, fabrication, maintenance and labour-hire businesses supplying the mines. We help with contract margins, tendering capacity and reducing dependence on one or two big clients.",
      },
      {
        name: "Construction and trades",
        body: "Builders and trades whose workload follows the resources cycle. We focus on cash flow, job costing and keeping a core team together through the quieter periods.",
      },
      {
        name: "Professional services",
        body: "Accounting, legal, engineering and consulting firms in the CBD, West Perth and Subiaco, growing their teams without burning out the principals.",
      },
      {
        name: "Hospitality and tourism",
        body: "Cafés, venues and tour operators from Fremantle to the Swan Valley, where staffing, seasonality and margins decide whether a good year is also a profitable one.",
      },
    ],
    precincts: ["Osborne Park", "Welshpool", "Fremantle"],
    challenges: [
      {
        title: "Competing with mining wages",
        body: "When the resources sector is booming, FIFO roles and mining wages pull skilled workers out of small businesses.",
        howWeHelp: "We help you compete on more than pay: clear roles, flexibility, training and a workplace people want to stay in.",
      },
      {
        title: "Riding the boom-and-bust cycle",
        body: "Commodity prices drive demand across the WA economy, and a business can go from turning work away to chasing it within a year.",
        howWeHelp: "We build forecasts with a downside scenario and help you widen your customer base before the cycle turns.",
      },
      {
        title: "Working across the time difference",
        body: "Head offices, suppliers and customers on the east coast are two or three hours ahead, so their deadlines arrive before your day is half done.",
        howWeHelp: "We set up communication routines and systems so the time gap works for you rather than against you.",
      },
    ],
    timeZone: {
      abbreviation: "AWST",
      short: "AWST all year",
      standard: "Australian Western Standard Time (AWST), UTC+8",
      daylightSaving: "No — Western Australia stays on AWST all year",
      comparison:
        "Two hours behind Brisbane all year. Two hours behind Sydney, Melbourne, Canberra and Hobart from April to October, and three hours behind during their daylight saving. Darwin is an hour and a half ahead; Adelaide is an hour and a half ahead in winter and two and a half in summer.",
      scheduling:
        "Sessions start from 7 am AWST, which suits owners who like to plan before the day begins: the booking page shows Perth visitors no earlier time, even when it would suit a coach in Sydney. East-coast coaches are free from 7 am Perth time — mid-morning for them — and sessions run on into your afternoon.",
    },
    faq: [
      coachesHereFaq(
        "Perth",
        "AWST, from 7 am",
        "East-coast coaches are free from 7 am Perth time — mid-morning for them — and the booking page never offers an earlier start, so you never have to start your day at someone else's convenience.",
      ),
      {
        question: "Will I be booked at awkward times because of the time difference?",
        answer:
          "No. You choose from times shown in AWST, starting at 7 am. We never expect Perth clients to join at 6 am just because it suits someone in Sydney.",
      },
      {
        question: "Do you understand WA-specific costs like payroll tax?",
        answer:
          "Payroll tax is a state tax, and in Western Australia it's administered by RevenueWA with its own threshold and rates. We're not your accountant, but we'll make sure payroll tax and other WA costs are built into your hiring plans and forecasts, and flag when you need professional advice.",
      },
    ],
    nearby: ["adelaide", "darwin", "melbourne"],
  },

  adelaide: {
    slug: "adelaide",
    name: "Adelaide",
    state: stateOf("SA"),
    metaTitle: "Business Coaching Adelaide: Virtual Coaching for SA Businesses",
    metaDescription:
      "Virtual business coaching for Adelaide owners in defence supply, food and wine, health and manufacturing. Sessions booked in ACST/ACDT. Free 20-minute call.",
    headline: "Business coaching for Adelaide businesses, in Adelaide time",
    lead: "Adelaide's economy is changing, with defence shipbuilding, space and advanced manufacturing growing alongside food, wine and health. Our coaches help Adelaide owners make the most of it by video, booked on the half-hour time zone you actually live in.",
    summary: "Defence supply chains, food and wine, and advanced manufacturing.",
    whyVirtual: [
      "Adelaide is famously easy to get around, but even a 20-minute drive each way turns a one-hour meeting into two. With virtual coaching, you join from your office in Mile End, your cellar door in the Barossa or your workshop at Lonsdale, and you're back at work the moment it ends.",
      "Virtual also means you aren't limited to the handful of coaches in your own city. We can match you with one who has worked with defence suppliers, food producers or allied health clinics — whichever is closest to your business.",
    ],
    economy:
      "South Australia's economy has shifted since car manufacturing ended at Elizabeth in 2017. Naval shipbuilding at Osborne, the Australian Space Agency and start-ups at Lot Fourteen, and advanced manufacturing at Tonsley now sit alongside the state's traditional strengths: wine from the Barossa, McLaren Vale and the Adelaide Hills, food production, health, education and a busy festival season.",
    industries: [
      {
        name: "Defence and advanced manufacturing",
        body: "Engineering, fabrication and technology firms looking to join defence supply chains. We help with the quality systems, cyber-security requirements and cash flow planning that primes expect of their suppliers.",
      },
      {
        name: "Food, wine and agribusiness",
        body: "Wineries, producers and food manufacturers balancing vintage, export markets and the cellar door. We work on pricing, channel margins and cash flow around harvest.",
      },
      {
        name: "Health and community services",
        body: "Allied health, aged care and NDIS providers growing across the suburbs, where rostering, compliance and admin load decide whether growth is profitable.",
      },
      {
        name: "Events, tourism and hospitality",
        body: "Venues, caterers and operators who depend on the Fringe, WOMADelaide and the Adelaide 500, and on visitors heading out to the wine regions.",
      },
    ],
    precincts: ["Lot Fourteen", "Tonsley", "Osborne"],
    challenges: [
      {
        title: "Getting defence-ready",
        body: "Winning work in defence supply chains means meeting demanding quality, security and reporting requirements — often well before the first order arrives.",
        howWeHelp: "We help you plan the investment, build the systems step by step and make sure your cash flow can carry long payment cycles.",
      },
      {
        title: "Holding on to young talent",
        body: "Many young South Australians still move interstate for work, which makes experienced staff hard to find and harder to replace.",
        howWeHelp: "We help you build roles, training and career paths that give good people a reason to stay and grow with you.",
      },
      {
        title: "“Mad March” and the months after",
        body: "The festival season brings a rush of trade in February and March; winter can be slow for hospitality and tourism.",
        howWeHelp: "We build your cash flow forecast and rosters around the calendar, so the busy months fund the quiet ones.",
      },
    ],
    timeZone: {
      abbreviation: "ACST/ACDT",
      short: "ACST/ACDT",
      standard: "Australian Central Standard Time (ACST), UTC+9:30",
      daylightSaving: "Yes — Australian Central Daylight Time (ACDT), UTC+10:30, from the first Sunday in October to the first Sunday in April",
      comparison:
        "Always 30 minutes behind Sydney, Melbourne, Canberra and Hobart. Brisbane is 30 minutes ahead of Adelaide in winter and 30 minutes behind in summer. Darwin matches Adelaide in winter and is an hour behind in summer; Perth is an hour and a half behind in winter and two and a half in summer.",
      scheduling:
        "Sessions are booked in Adelaide time, so there's no half-hour arithmetic on your side. The offset also makes early sessions easy to arrange: 8:30 am in Adelaide is already 9 am in Sydney and Melbourne.",
    },
    faq: [
      coachesHereFaq("Adelaide", "Adelaide time", "If your coach is on the east coast, allowing for the half-hour difference is their job, not yours."),
      {
        question: "Can you help my business get into defence supply chains?",
        answer:
          "We can help you prepare: understanding what primes and government buyers expect, planning the quality and cyber-security work involved, and making sure your cash flow can handle long lead times and payment terms. We're not a defence consultancy and can't get you onto a contract, but we'll help you be ready when the opportunity comes.",
      },
      {
        question: "Do you work with wineries and food producers outside Adelaide?",
        answer:
          "Yes. Because coaching is virtual, it doesn't matter whether you're in the Barossa, McLaren Vale, the Adelaide Hills or the Riverland. A reliable internet connection is all you need, and we'll switch to a phone call if the video drops.",
      },
    ],
    nearby: ["melbourne", "geelong", "canberra"],
  },

  canberra: {
    slug: "canberra",
    name: "Canberra",
    state: stateOf("ACT"),
    metaTitle: "Business Coaching Canberra: Virtual Coaching for ACT Businesses",
    metaDescription:
      "Virtual business coaching for Canberra businesses, from government contractors to trades in Fyshwick and Mitchell. Booked in AEST/AEDT. Free 20-minute call.",
    headline: "Business coaching for Canberra businesses — beyond the next government contract",
    lead: "Canberra's economy runs on government, and so do many of its small businesses. Our coaches help Canberra owners build businesses that can weather a change of government, a slow procurement or the loss of a major contract.",
    summary: "Consultancies, contractors and trades in a government town, coached by video.",
    whyVirtual: [
      "Canberra is a city built around the car, and getting into Civic from Gungahlin or Tuggeranong for a meeting can take a good part of the morning. Virtual coaching skips the drive and the parking: you join from your desk and get on with your day.",
      "Many Canberra businesses already sell into a national market — federal agencies, interstate clients, online customers — so working with a coach by video will feel familiar. It also lets us match you with a coach who understands government buyers, rather than one who simply happens to be local.",
    ],
    economy:
      "Canberra is home to federal parliament and the head offices of most Australian Public Service departments, and government spending flows through the whole local economy. It supports a large sector of consultancies, IT and cyber-security firms, defence suppliers and professional services, alongside the Australian National University and the University of Canberra, builders working on the newer suburbs, and trades and retail hubs such as Fyshwick and Mitchell.",
    industries: [
      {
        name: "Government consulting and contracting",
        body: "Consultancies and contractors working with federal and ACT agencies. We help with pipeline planning, panel and tender readiness, and reducing reliance on a single department.",
      },
      {
        name: "IT, cyber security and defence",
        body: "Technology and cyber-security firms and defence suppliers, where security clearances, compliance and long sales cycles shape how the business has to be run.",
      },
      {
        name: "Construction and trades",
        body: "Builders and trades working across newer suburbs such as the Molonglo Valley and Gungahlin. We focus on quoting, job costing and cash flow between claims.",
      },
      {
        name: "Hospitality and retail",
        body: "Cafés, restaurants and shops in Braddon, Kingston and the town centres, where trade rises and falls with parliamentary sitting weeks and school holidays.",
      },
    ],
    precincts: ["Fyshwick", "Mitchell", "Braddon"],
    challenges: [
      {
        title: "One very large customer: government",
        body: "Elections, machinery-of-government changes and spending reviews can pause or cancel work with little notice.",
        howWeHelp: "We help you spread your revenue across agencies, levels of government and the private sector, and hold a cash reserve for the gaps.",
      },
      {
        title: "Competing with the public service for staff",
        body: "Private businesses compete with a large, well-paid public service for good people — especially those who already hold a security clearance.",
        howWeHelp: "We help you design roles, flexibility and career paths that make your business a genuine alternative.",
      },
      {
        title: "A small local market",
        body: "Canberra is smaller than the other capitals, so many businesses reach the ceiling of the local market sooner than they expect.",
        howWeHelp: "We help you decide whether to grow into the surrounding region, sell interstate or go online — and plan the move properly.",
      },
    ],
    timeZone: {
      ...EASTERN_DAYLIGHT,
      comparison:
        "The same as Sydney, Melbourne and Hobart all year. During daylight saving, Canberra is an hour ahead of Brisbane; Perth is two hours behind in winter and three in summer.",
      scheduling:
        "Sessions are booked in Canberra time. If your work revolves around sitting weeks, budget time or the end of the financial year, tell us and we'll plan sessions around your busiest periods rather than through them.",
    },
    faq: [
      coachesHereFaq("Canberra", "Canberra time", "That lets us match you with a coach who understands how government buyers work, wherever they are based."),
      {
        question: "Can you help us reduce our reliance on government work?",
        answer:
          "Yes, and it's a sensible goal for many Canberra businesses. We'll look at where your revenue comes from and how exposed you are to one agency or program, then build a realistic plan to add private-sector or interstate clients without losing what already works.",
      },
      {
        question: "Do you help with tenders and panel applications?",
        answer:
          "We help with the business side: deciding which opportunities are worth pursuing, pricing so you don't win work at a loss, and having the capacity and systems to deliver. We don't write bids for you, but we can help you build a repeatable process so each one doesn't consume the whole team.",
      },
    ],
    nearby: ["sydney", "wollongong", "newcastle"],
  },

  darwin: {
    slug: "darwin",
    name: "Darwin",
    state: stateOf("NT"),
    metaTitle: "Business Coaching Darwin: Virtual Coaching for Top End Businesses",
    metaDescription:
      "Virtual business coaching for Darwin and Top End businesses in defence, gas, trades and tourism, with plans for the wet season. Booked in ACST. Free call.",
    headline: "Business coaching for Darwin businesses, built around the wet and the dry",
    lead: "Running a business in the Top End means planning around the build-up, the wet and the dry, big projects that come and go, and a workforce that moves. Our coaches work with Darwin owners by video, in Darwin time.",
    summary: "Defence, gas, trades and tourism, with cash flow planned around the wet season.",
    whyVirtual: [
      "Darwin is a long way from everywhere else, and good business advice has often meant paying for someone to fly in. Virtual coaching removes that cost: you get regular sessions with an experienced coach without paying for flights or waiting for their next trip north.",
      "Video also works in the wet. When a downpour stops work on site, a session can go ahead from the office or from home — and those rained-out afternoons are often the best time to work on the business rather than in it.",
    ],
    economy:
      "Darwin's economy is shaped by its position as Australia's northern gateway. Defence is a major employer, with RAAF Base Darwin, Robertson Barracks and the rotating US Marine presence. LNG processing at Bladin Point and Wickham Point, the port, government services and construction sit alongside tourism to Kakadu and Litchfield and a growing number of Aboriginal-owned businesses.",
    industries: [
      {
        name: "Defence and government services",
        body: "Maintenance, construction, logistics and service firms supplying defence bases and government. We help with contract readiness, workforce planning and the long payment cycles that come with big clients.",
      },
      {
        name: "Trades and construction",
        body: "Builders, electricians, plumbers and air-conditioning businesses whose work and cash flow rise and fall with the seasons and with major projects.",
      },
      {
        name: "Energy and resources services",
        body: "Businesses supplying the gas plants, the port and resources projects across the Territory, where shutdowns and project phases create sharp peaks and troughs.",
      },
      {
        name: "Tourism and hospitality",
        body: "Tour operators, accommodation and venues that earn most of their money in the dry season and need it to last through the wet.",
      },
    ],
    precincts: ["Winnellie", "Berrimah", "Palmerston"],
    challenges: [
      {
        title: "The wet season and trades cash flow",
        body: "From roughly November to April, heavy rain and the build-up's heat slow outdoor work. Invoices dry up while wages, rent and equipment finance don't.",
        howWeHelp:
          "We build a 12-month cash flow forecast around the seasons, with a reserve target to carry you through the wet and a plan for work that can be done under cover.",
      },
      {
        title: "Project booms and busts",
        body: "Major projects bring a rush of work and workers, then finish and leave a gap; businesses that staffed up for them can be caught short.",
        howWeHelp: "We help you grow with the project pipeline without over-committing, and keep a mix of customers that outlasts any single project.",
      },
      {
        title: "Staff turnover in a transient town",
        body: "Many people come to Darwin for a few years, so losing staff — and the knowledge in their heads — is a constant cost.",
        howWeHelp: "We help you write down how things are done, so new starters get up to speed quickly and the business doesn't walk out the door with them.",
      },
    ],
    timeZone: {
      abbreviation: "ACST",
      short: "ACST all year",
      standard: "Australian Central Standard Time (ACST), UTC+9:30",
      daylightSaving: "No — the Northern Territory stays on ACST all year",
      comparison:
        "Always 30 minutes behind Brisbane. Sydney and Melbourne are 30 minutes ahead in winter and an hour and a half ahead during their daylight saving; Adelaide matches Darwin in winter and is an hour ahead in summer. Perth is an hour and a half behind all year.",
      scheduling:
        "Sessions are booked in Darwin time. Because the Territory has no daylight saving, the gap to the south-east widens to an hour and a half from October to April — we take care of that, so a 9 am session in Darwin stays at 9 am all year.",
    },
    faq: [
      coachesHereFaq(
        "Darwin",
        "Darwin time",
        "Working by video means you get an experienced coach without anyone flying in — and sessions carry on through the wet.",
      ),
      {
        question: "Can you help me plan for the wet season?",
        answer:
          "Yes. We'll look at how your revenue and costs moved over the last two or three years, build a month-by-month forecast, and set a reserve target and a plan for the quieter months — including work you can bring forward into the dry or do under cover.",
      },
      {
        question: "Is the internet good enough for video coaching in the Top End?",
        answer:
          "In Darwin and Palmerston, almost always. Further out, a mobile or satellite connection is usually enough for a video call, and if the connection drops we'll switch to a phone call rather than lose the session.",
      },
    ],
    nearby: ["cairns", "townsville", "adelaide"],
  },

  hobart: {
    slug: "hobart",
    name: "Hobart",
    state: stateOf("TAS"),
    metaTitle: "Business Coaching Hobart: Virtual Coaching for Tasmanian Businesses",
    metaDescription:
      "Virtual business coaching for Hobart businesses in tourism, hospitality, food and marine science, with plans for the seasons. Booked in AEST/AEDT. Free call.",
    headline: "Business coaching for Hobart businesses, through every season",
    lead: "Hobart's businesses ride a strong summer, a quieter winter and a small local market, with most suppliers across Bass Strait. Our coaches work with Hobart owners by video, so you get experienced help without anyone flying in.",
    summary: "Tourism, food, and Antarctic and marine science, with plans built for the seasons.",
    whyVirtual: [
      "Tasmania has a smaller pool of experienced business coaches than the mainland, and bringing one across Bass Strait is expensive. Virtual coaching gives Hobart owners the same choice as a business in Melbourne, with sessions that fit around the season rather than a flight schedule.",
      "It also suits the way Hobart works. Whether you run a café in North Hobart, a cellar door in the Coal River Valley or a marine services firm in Kingston, you can join from where you are and be back at work straight after.",
    ],
    economy:
      "Hobart's economy leans on tourism, hospitality and food, drawn by MONA, Salamanca Market, Dark Mofo and the Taste of Tasmania, alongside government, health and the University of Tasmania. It is also one of a handful of Antarctic gateway cities, home to the Australian Antarctic Division at Kingston and a cluster of marine and Antarctic science organisations on the waterfront. Aquaculture, wine, whisky and food producers from the surrounding regions round it out.",
    industries: [
      {
        name: "Tourism and hospitality",
        body: "Accommodation, restaurants, tour operators and experiences built around visitors. We help with pricing, rostering and planning cash flow across the year.",
      },
      {
        name: "Food, wine and spirits",
        body: "Producers, distilleries and cellar doors selling locally, to the mainland and overseas. We work on channel margins, freight costs and production planning.",
      },
      {
        name: "Marine, Antarctic and science services",
        body: "Engineering, logistics and specialist suppliers supporting Antarctic and marine research, aquaculture and the port, where contracts can be large but irregular.",
      },
      {
        name: "Construction and trades",
        body: "Builders and trades meeting demand for housing and renovations in a tight market, where quoting well and scheduling carefully make the difference.",
      },
    ],
    precincts: ["Salamanca", "North Hobart", "Kingston"],
    challenges: [
      {
        title: "Seasonality",
        body: "Summer brings the visitors; the shoulder and winter months can be quiet, even with winter festivals drawing crowds for a few weeks.",
        howWeHelp: "We build your forecast around the whole year, set a reserve target and help you develop off-season revenue.",
      },
      {
        title: "Freight and distance",
        body: "Almost everything comes across Bass Strait, adding cost and lead time to stock, materials and equipment.",
        howWeHelp: "We help you manage stock levels, build freight into your pricing and plan purchasing around lead times.",
      },
      {
        title: "Finding and housing staff",
        body: "A tight rental market makes it hard to attract workers from elsewhere, especially for seasonal roles.",
        howWeHelp: "We help you plan hiring early, keep core staff year-round and build systems so seasonal staff are productive quickly.",
      },
    ],
    timeZone: {
      ...EASTERN_DAYLIGHT,
      comparison:
        "The same as Sydney, Melbourne and Canberra all year. During daylight saving, Hobart is an hour ahead of Brisbane and three hours ahead of Perth.",
      scheduling:
        "Sessions are booked in Hobart time. If summer is your busiest stretch, we can meet less often from December to February and more often through the quieter months, when there's time to work on the business.",
    },
    faq: [
      coachesHereFaq("Hobart", "Hobart time", "That gives Tasmanian owners the same choice of coach as anyone on the mainland, with no flights involved."),
      {
        question: "How do you help a seasonal business?",
        answer:
          "We start with your numbers month by month, so you can see exactly when cash comes in and goes out. Then we set a reserve target, plan staffing and stock for the peak, and look for ways to earn more in the off-season — from events and corporate work to online sales.",
      },
      {
        question: "Do you work with businesses outside Hobart?",
        answer:
          "Yes — in Launceston, on the North-West Coast, the East Coast and everywhere in between. Sessions are by video, so all you need is a reliable internet connection.",
      },
    ],
    nearby: ["melbourne", "geelong", "canberra"],
  },

  "gold-coast": {
    slug: "gold-coast",
    name: "Gold Coast",
    state: stateOf("QLD"),
    metaTitle: "Business Coaching Gold Coast: Virtual Coaching for Local Businesses",
    metaDescription:
      "Virtual business coaching for Gold Coast businesses in tourism, construction, health and events. Booked in AEST, with no daylight saving. Free 20-minute call.",
    headline: "Business coaching for Gold Coast businesses, from Coomera to Coolangatta",
    lead: "The Gold Coast is far more than tourism: construction, health, education, screen production and marine industries all call it home. Our coaches help Gold Coast owners grow by video, in Queensland time.",
    summary: "Tourism, construction, health and marine industries — with a border next door.",
    whyVirtual: [
      "The Gold Coast is a long, narrow city, and the M1 between Coomera and Burleigh can turn a short meeting into a long afternoon. Virtual coaching means no drive at all: join from your office, your workshop or home, then get straight back to it.",
      "Virtual also gives you a wider choice of coach. Instead of whoever is nearby, we can match you with someone who knows tourism, construction, health or e-commerce — whichever fits your business.",
    ],
    economy:
      "Tourism and hospitality are the Gold Coast's best-known industries, but the city has broadened. Construction and property keep pace with a growing population; Gold Coast University Hospital and Griffith University anchor a health and knowledge precinct at Southport; Village Roadshow Studios at Oxenford bring film production; and the Coomera marine precinct builds and services boats. Major events fill the calendar year-round.",
    industries: [
      {
        name: "Tourism, hospitality and events",
        body: "Accommodation, venues, attractions and event businesses working around school holidays, major events and the weather. We help with pricing, rostering and cash flow.",
      },
      {
        name: "Construction and property",
        body: "Builders, trades and property businesses growing with the city. We focus on job costing, variations and cash flow between progress claims.",
      },
      {
        name: "Health and wellbeing",
        body: "Clinics, allied health and wellness businesses around Southport, Robina and beyond, where capacity and admin load decide how profitable a busy practice really is.",
      },
      {
        name: "Marine and screen industries",
        body: "Boat builders, marine services and production suppliers around Coomera and Oxenford, where project-based work makes forecasting essential.",
      },
    ],
    precincts: ["Southport", "Burleigh Heads", "Coomera"],
    challenges: [
      {
        title: "Tourism peaks and troughs",
        body: "School holidays, events and the weather drive big swings in trade, and a wet week can wipe out a month's plan.",
        howWeHelp: "We build a forecast around the calendar and a reserve target, so the busy weeks fund the quieter ones.",
      },
      {
        title: "Growing with the city",
        body: "A fast-growing population brings opportunity, but also more competition and rising costs for premises and staff.",
        howWeHelp: "We help you decide where to grow, price for profit and hire ahead of demand without overstretching.",
      },
      {
        title: "Two clocks at the border",
        body: "In summer, Coolangatta and Tweed Heads are an hour apart, and so are your customers, staff and suppliers on either side.",
        howWeHelp: "We help you set clear trading hours, rosters and booking systems that work on both sides of the border.",
      },
    ],
    timeZone: {
      ...QUEENSLAND_TIME,
      comparison:
        "From October to April, Sydney and Melbourne — and Tweed Heads, just across the border — are an hour ahead of the Gold Coast. The rest of the year, the whole east coast shares the same time. Perth is two hours behind all year.",
      scheduling:
        "Sessions are booked in Queensland time and don't move when New South Wales changes its clocks. If your business runs on NSW time because you're based south of the border, tell us and we'll book you in that instead.",
    },
    faq: [
      coachesHereFaq("Gold Coast", "Queensland time", "That means we can match you with a coach who knows your industry, not just one who lives nearby."),
      {
        question: "My business operates on both sides of the border. Which time zone do you use?",
        answer:
          "Whichever you run on. We'll book sessions in the time zone you choose and state it clearly whenever we confirm a time, so there's no confusion in summer when Queensland and New South Wales are an hour apart.",
      },
      {
        question: "Can coaching help with seasonal cash flow in tourism?",
        answer:
          "Yes. We'll map your revenue across school holidays, events and quiet months, build a rolling 13-week cash forecast and set a reserve target, so you can plan staffing and marketing rather than react to them.",
      },
    ],
    nearby: ["brisbane", "toowoomba", "newcastle"],
  },

  newcastle: {
    slug: "newcastle",
    name: "Newcastle",
    state: stateOf("NSW"),
    metaTitle: "Business Coaching Newcastle: Virtual Coaching for Hunter Businesses",
    metaDescription:
      "Virtual business coaching for Newcastle and Hunter businesses: the port, energy transition, defence at Williamtown and health. Booked in AEST/AEDT. Free call.",
    headline: "Business coaching for Newcastle and Hunter businesses in a changing economy",
    lead: "The Hunter is in the middle of a big shift, from coal towards new energy, with defence and health growing alongside. Our coaches help Newcastle owners plan for it by video, without the trip down the M1 to Sydney.",
    summary: "The port, the energy transition, defence at Williamtown and health, for Newcastle and the Hunter.",
    whyVirtual: [
      "Newcastle businesses wanting experienced advice have often looked to Sydney, a couple of hours down the motorway. Virtual coaching brings that expertise to you: regular sessions by video, no travel and no day out of the business.",
      "It also suits the spread of the Hunter. Whether you're in Honeysuckle, Cardiff, Maitland or out towards the vineyards, you can join from where you are and be back at work straight after.",
    ],
    economy:
      "Newcastle's economy was built on the port — one of the world's largest coal export ports — and the industries of the Hunter Valley. That is changing: the region is a focus for renewable energy and hydrogen projects, while RAAF Base Williamtown, home to the F-35A fleet, anchors a growing defence and aerospace sector. The John Hunter Hospital, the University of Newcastle, Hunter Valley wine tourism and a revitalised city centre round it out.",
    industries: [
      {
        name: "Port, logistics and engineering",
        body: "Engineering, maintenance and logistics firms serving the port, heavy industry and the mines, adapting as the mix of cargo and customers changes.",
      },
      {
        name: "Energy transition",
        body: "Businesses positioning for renewable energy, hydrogen and decommissioning work, or reducing their reliance on coal-related customers.",
      },
      {
        name: "Defence and aerospace",
        body: "Suppliers and service firms around RAAF Base Williamtown and the Astra Aerolab precinct, where primes expect strong systems, security and reporting.",
      },
      {
        name: "Health and professional services",
        body: "Clinics, practices and consultancies growing with the region's hospitals, university and population.",
      },
    ],
    precincts: ["Honeysuckle", "Williamtown", "Hamilton"],
    challenges: [
      {
        title: "Customers in transition",
        body: "Businesses that built their client base around coal and heavy industry face a changing market as the region shifts towards new energy.",
        howWeHelp: "We assess your exposure, identify neighbouring markets for your skills and plan the move while existing work still pays the bills.",
      },
      {
        title: "Competing for skilled workers",
        body: "Defence, mining and major projects offer wages that small businesses struggle to match.",
        howWeHelp: "We help you offer what big employers can't: flexibility, variety, responsibility and a clear path to grow.",
      },
      {
        title: "Sydney competitors on your doorstep",
        body: "Sydney firms increasingly chase work in the Hunter, and local clients sometimes assume bigger means better.",
        howWeHelp: "We help you sharpen your positioning and prove your value, so local knowledge and responsiveness win the work.",
      },
    ],
    timeZone: {
      ...EASTERN_DAYLIGHT,
      comparison:
        "The same as Sydney, Melbourne, Canberra and Hobart all year. During daylight saving, Newcastle is an hour ahead of Brisbane; Perth is two hours behind in winter and three in summer.",
      scheduling:
        "Sessions are booked in Newcastle time. If you work shifts or start early on site, a session at the start of the day — before the phone starts ringing — is often the easiest one to protect.",
    },
    faq: [
      coachesHereFaq("Newcastle", "Newcastle time", "You get the experience you might otherwise drive to Sydney for, without leaving the Hunter."),
      {
        question: "Can you help my business prepare for the energy transition?",
        answer:
          "Yes. We'll look at how much of your revenue depends on coal and related industries, where your capabilities fit in renewables, maintenance, defence or other sectors, and build a realistic plan to diversify over the next few years. We don't forecast policy, but we'll help you stay flexible whatever it brings.",
      },
      {
        question: "Do you work with businesses in the wider Hunter?",
        answer: "Yes — Maitland, Cessnock, Port Stephens, Lake Macquarie and the Upper Hunter included. Coaching is by video, so distance makes no difference.",
      },
    ],
    nearby: ["sydney", "wollongong", "canberra"],
  },

  wollongong: {
    slug: "wollongong",
    name: "Wollongong",
    state: stateOf("NSW"),
    metaTitle: "Business Coaching Wollongong: Virtual Coaching for the Illawarra",
    metaDescription:
      "Virtual business coaching for Wollongong and Illawarra businesses in manufacturing, health, education and tourism. Booked in AEST/AEDT. Free 20-minute call.",
    headline: "Business coaching for Wollongong and Illawarra businesses",
    lead: "The Illawarra has moved well beyond steel: health, education, technology and tourism now sit beside Port Kembla's heavy industry. Our coaches help Wollongong owners grow by video, without a trip up the Princes Motorway.",
    summary: "Steel and the port, health, education and tourism across the Illawarra.",
    whyVirtual: [
      "Many Illawarra owners already spend too much of their week on the motorway or the South Coast line to Sydney. Virtual coaching doesn't add to it: you join from your business or from home, and the only commute is to your desk.",
      "Being virtual also means you aren't limited to local options. We match you with a coach who understands your sector — manufacturing, health, hospitality or tech — wherever they are based.",
    ],
    economy:
      "Wollongong grew on steel and coal, and the BlueScope steelworks and Port Kembla remain major employers. The economy has broadened a great deal since: the University of Wollongong and its Innovation Campus, Wollongong Hospital and a large health sector, and tourism along the Grand Pacific Drive now carry much of the region's growth. The waters off the Illawarra have also been declared an offshore wind zone, which may bring new work to local suppliers.",
    industries: [
      {
        name: "Manufacturing and engineering",
        body: "Fabricators, maintenance contractors and engineering firms serving the steelworks and the port, and widening their customer base beyond them.",
      },
      {
        name: "Health and community services",
        body: "Allied health, aged care and NDIS providers serving a growing population, balancing compliance, rostering and growth.",
      },
      {
        name: "Education and technology",
        body: "Tech businesses and consultancies around the university and the Innovation Campus, moving from founder-led to team-led delivery.",
      },
      {
        name: "Tourism and hospitality",
        body: "Cafés, venues and operators from the northern suburbs down to Kiama, planning around summer and weekend trade.",
      },
    ],
    precincts: ["Wollongong CBD", "Port Kembla", "Fairy Meadow"],
    challenges: [
      {
        title: "Competing with Sydney for talent",
        body: "Many skilled Illawarra workers commute to Sydney for higher salaries.",
        howWeHelp: "We help you offer what Sydney can't — no commute, flexible hours and work that matters — and make the most of it when you hire.",
      },
      {
        title: "Reliance on heavy industry",
        body: "Businesses that grew up serving the steelworks and the port can find themselves dependent on a few large customers.",
        howWeHelp: "We map how concentrated your customers are and build a plan to diversify before it becomes urgent.",
      },
      {
        title: "Weekend and summer peaks",
        body: "Hospitality and tourism trade swings with the weather and with day-trippers from Sydney.",
        howWeHelp: "We build rosters and cash flow plans that match the pattern, so quiet weekdays don't erode summer profits.",
      },
    ],
    timeZone: {
      ...EASTERN_DAYLIGHT,
      comparison:
        "The same as Sydney, Melbourne, Canberra and Hobart all year. During daylight saving, Wollongong is an hour ahead of Brisbane; Perth is two hours behind in winter and three in summer.",
      scheduling:
        "Sessions are booked in Wollongong time. If you commute to Sydney some days, a session from home before you leave or after you get back can work well.",
    },
    faq: [
      coachesHereFaq("Wollongong", "Wollongong time", "So you get a coach who knows your sector without adding to your time on the road."),
      {
        question: "Can you help my business diversify away from the steelworks?",
        answer:
          "Yes. We'll look at how much of your revenue depends on a handful of industrial customers, identify other markets for your capabilities — defence, energy, infrastructure and more — and build a step-by-step plan to win them.",
      },
      {
        question: "Do you cover Shellharbour, Kiama and the South Coast?",
        answer: "Yes. Coaching is by video, so it works just as well in Shellharbour, Kiama, Nowra or anywhere else with a reliable internet connection.",
      },
    ],
    nearby: ["sydney", "canberra", "newcastle"],
  },

  geelong: {
    slug: "geelong",
    name: "Geelong",
    state: stateOf("VIC"),
    metaTitle: "Business Coaching Geelong: Virtual Coaching for Geelong Businesses",
    metaDescription:
      "Virtual business coaching for Geelong businesses in advanced manufacturing, health, NDIS services and tourism. Booked in AEST/AEDT. Free 20-minute call.",
    headline: "Business coaching for Geelong businesses, in a city that has reinvented itself",
    lead: "Geelong has moved from car and aluminium manufacturing to advanced manufacturing, health, insurance and disability services. Our coaches help Geelong owners make the most of it by video, with no trip up the Princes Freeway.",
    summary: "Advanced manufacturing, health, and the NDIS and TAC headquarters, coached by video.",
    whyVirtual: [
      "Geelong owners who wanted experienced advice have often had to find it in Melbourne, an hour or more up the freeway. Virtual coaching brings it to you: regular sessions by video, no travel and no half-day out of the business.",
      "It also makes it easier to find the right coach. We can match you with one who knows manufacturing, health, disability services or hospitality — whichever fits your business — rather than whoever is closest.",
    ],
    economy:
      "Geelong's economy has changed since Ford ended vehicle manufacturing there in 2016 and Alcoa closed the Point Henry smelter in 2014. The city is now home to the national office of the National Disability Insurance Agency, the Transport Accident Commission and WorkSafe Victoria, a large health sector led by Barwon Health, Deakin University with its advanced manufacturing and carbon fibre research at Waurn Ponds, and tourism as the gateway to the Surf Coast and the Great Ocean Road.",
    industries: [
      {
        name: "Advanced manufacturing",
        body: "Engineering, fabrication and composites businesses, many of them former automotive suppliers, finding new markets in defence, construction and renewables.",
      },
      {
        name: "Health and disability services",
        body: "Allied health practices, NDIS providers and health businesses growing alongside Barwon Health and the NDIA, where compliance, rostering and cash flow all matter.",
      },
      {
        name: "Professional services",
        body: "Accountants, lawyers, consultants and IT firms serving the TAC, WorkSafe, the NDIA and the businesses that have grown up around them.",
      },
      {
        name: "Tourism and hospitality",
        body: "Cafés, venues and operators on the waterfront, the Bellarine and the Surf Coast, planning around summer and weekend peaks.",
      },
    ],
    precincts: ["Geelong CBD", "Waurn Ponds", "Armstrong Creek"],
    challenges: [
      {
        title: "Life after car manufacturing",
        body: "Businesses that once supplied the car industry have had to find new customers and, often, new products.",
        howWeHelp: "We help you identify markets for your capabilities and build the sales process and systems to win them.",
      },
      {
        title: "NDIS admin and cash flow",
        body: "NDIS providers juggle registration, audits, price limits and claiming, all of which strain a small team.",
        howWeHelp: "We help you streamline admin, price services sustainably and forecast cash flow around your claiming cycle.",
      },
      {
        title: "Growth from Melbourne",
        body: "Geelong's growing population brings opportunity, but also Melbourne competitors and rising costs.",
        howWeHelp: "We help you sharpen your positioning, plan hiring ahead of demand and keep margins healthy as you grow.",
      },
    ],
    timeZone: {
      ...EASTERN_DAYLIGHT,
      comparison:
        "The same as Melbourne and Sydney all year, and always 30 minutes ahead of Adelaide. During daylight saving, Geelong is an hour ahead of Brisbane; Perth is two hours behind in winter and three in summer.",
      scheduling:
        "Sessions are booked in Geelong time. If you split your week between Geelong and Melbourne, join from wherever you are that day — nothing changes but the view.",
    },
    faq: [
      coachesHereFaq("Geelong", "Geelong time", "You get the experience you might once have driven to Melbourne for, without the freeway."),
      {
        question: "Do you work with NDIS providers?",
        answer:
          "Yes, on the business side: pricing within the NDIS price limits, cash flow around claiming, rostering, admin systems and growth. We don't advise on registration or audit requirements — for those, talk to the NDIS Quality and Safeguards Commission or a specialist — but we'll help you build the systems to meet them.",
      },
      {
        question: "Do you cover the Bellarine Peninsula and the Surf Coast?",
        answer: "Yes — Torquay, Ocean Grove, Drysdale and beyond. Coaching is by video, so all you need is a reliable internet connection.",
      },
    ],
    nearby: ["melbourne", "hobart", "adelaide"],
  },

  townsville: {
    slug: "townsville",
    name: "Townsville",
    state: stateOf("QLD"),
    metaTitle: "Business Coaching Townsville: Virtual Coaching for North Queensland",
    metaDescription:
      "Virtual business coaching for Townsville businesses in defence, mining services, the port and health. Booked in AEST, no daylight saving. Free 20-minute call.",
    headline: "Business coaching for Townsville businesses in North Queensland's largest city",
    lead: "Townsville's economy runs on defence, mining services, the port and health — big, steady employers with demanding procurement. Our coaches help Townsville owners win and deliver that work, by video, in Queensland time.",
    summary: "Defence, mining services and the port, in North Queensland's largest city.",
    whyVirtual: [
      "Townsville is well over a thousand kilometres by road from Brisbane, and getting an experienced coach in person usually means flights and accommodation. Virtual coaching removes that: regular sessions by video with coaches who know your sector, wherever they are based.",
      "Video also fits a North Queensland working week of early starts, site visits and days on the road to Charters Towers or Mount Isa. You can join from the office, a motel room or home.",
    ],
    economy:
      "Townsville is North Queensland's largest city and a major defence hub, home to Lavarack Barracks and RAAF Base Townsville. The Port of Townsville ships minerals from the North West Minerals Province, zinc and copper are refined nearby, and James Cook University and Townsville University Hospital anchor a large health and education sector. Tourism to Magnetic Island and the reef adds to the mix.",
    industries: [
      {
        name: "Defence services",
        body: "Maintenance, construction, catering, logistics and service firms supporting the bases. We help with contract readiness and managing long payment cycles.",
      },
      {
        name: "Mining services and the port",
        body: "Engineering, maintenance and logistics businesses supplying the mines of the North West and the port, where commodity cycles drive demand.",
      },
      {
        name: "Health and education",
        body: "Clinics, allied health and NDIS providers, and businesses serving the hospital and the university.",
      },
      {
        name: "Construction and trades",
        body: "Builders and trades working on defence, port and housing projects, and planning their year around storm season.",
      },
    ],
    precincts: ["Garbutt", "Bohle", "Aitkenvale"],
    challenges: [
      {
        title: "Defence postings and staff turnover",
        body: "Defence families are posted in and out, so many skilled partners and workers stay only a few years.",
        howWeHelp: "We help you document processes, onboard quickly and build a team that keeps running when people move on.",
      },
      {
        title: "Commodity cycles",
        body: "Demand for mining services rises and falls with commodity prices, and work can disappear quickly.",
        howWeHelp: "We help you plan for downturns, keep costs flexible and diversify into defence, government and other sectors.",
      },
      {
        title: "The wet season and cyclones",
        body: "The wet brings flood and cyclone risk — the 2019 floods are still fresh — along with rising insurance costs.",
        howWeHelp: "We build continuity plans, cash reserves and an insurance review into your business plan.",
      },
    ],
    timeZone: {
      ...QUEENSLAND_TIME,
      comparison:
        "From October to April, Sydney and Melbourne are an hour ahead of Townsville; the rest of the year, the east coast shares the same time. Darwin is 30 minutes behind all year.",
      scheduling:
        "Sessions are booked in Queensland time. If you're often out on site or on the road west, we'll book around your trips and switch to a phone call when the signal is patchy.",
    },
    faq: [
      coachesHereFaq("Townsville", "Queensland time", "That means no flights and no waiting for someone's next visit north."),
      {
        question: "How do you help a business that depends on mining work?",
        answer:
          "We start by looking at how much of your revenue comes from mining and related industries, and what would happen to your cash flow if that work dropped sharply. Then we build a forecast with a downside scenario and a plan to widen your customer base into defence, government and construction.",
      },
      {
        question: "Do you work with businesses across North Queensland?",
        answer:
          "Yes — Charters Towers, the Burdekin, Ingham, Bowen and further out. Coaching is by video, and we'll switch to a phone call if the connection drops.",
      },
    ],
    nearby: ["cairns", "toowoomba", "brisbane"],
  },

  cairns: {
    slug: "cairns",
    name: "Cairns",
    state: stateOf("QLD"),
    metaTitle: "Business Coaching Cairns: Virtual Coaching for Far North Queensland",
    metaDescription:
      "Virtual business coaching for Cairns businesses in tourism, aviation, marine services and agriculture. Booked in AEST all year. Free 20-minute discovery call.",
    headline: "Business coaching for Cairns and Far North Queensland businesses",
    lead: "Cairns businesses live with the seasons — the dry-season visitor rush, the wet and the occasional cyclone — a long way from head offices and suppliers. Our coaches help Cairns owners plan for all of it, by video, in Queensland time.",
    summary: "Tourism and the reef, aviation maintenance and marine services.",
    whyVirtual: [
      "Cairns is a long way from the southern capitals, and experienced coaches rarely fly in for regular sessions. Virtual coaching gives Cairns owners the same access as a business in Brisbane: regular sessions by video, with no flights needed.",
      "It also fits a tourism working week. Tour operators, accommodation providers and venues can join between early departures and evening service, from the office or from home.",
    ],
    economy:
      "Cairns is the gateway to the Great Barrier Reef and the Daintree, and tourism, domestic and international, is its biggest industry. The airport supports an aviation maintenance sector, the port and Portsmith are home to marine services and ship repair, and the Atherton Tablelands and surrounding districts grow sugar cane, bananas and tropical fruit. Cairns is also the supply and service base for Cape York and the Torres Strait.",
    industries: [
      {
        name: "Tourism and the reef",
        body: "Reef and rainforest operators, accommodation and hospitality. We help with pricing, seasonality and the cost of selling through booking platforms and agents.",
      },
      {
        name: "Aviation and marine services",
        body: "Aircraft maintenance, ship repair and marine engineering businesses, where licensed staff, compliance and project cash flow all matter.",
      },
      {
        name: "Agriculture and food",
        body: "Growers, processors and food businesses from the Tablelands and surrounding districts, managing seasons, freight and prices.",
      },
      {
        name: "Regional supply and services",
        body: "Businesses supplying Cape York, the Torres Strait and remote communities, where logistics and working capital are critical.",
      },
    ],
    precincts: ["Cairns CBD", "Portsmith", "Smithfield"],
    challenges: [
      {
        title: "Tourism seasonality",
        body: "The dry season brings the crowds; the wet can be quiet, and international visitor numbers can swing quickly.",
        howWeHelp: "We build a cash flow forecast around the seasons and help you develop off-peak products and markets.",
      },
      {
        title: "Cyclones and insurance",
        body: "Cyclone risk and rising insurance premiums in the north weigh on every business plan.",
        howWeHelp: "We factor insurance into your pricing and budgets, and build continuity plans and reserves.",
      },
      {
        title: "Attracting skilled staff",
        body: "Aviation and marine businesses compete nationally for licensed engineers and tradespeople, and housing is tight.",
        howWeHelp: "We help you grow your own talent through apprenticeships and training, and build roles that keep people.",
      },
    ],
    timeZone: {
      ...QUEENSLAND_TIME,
      comparison:
        "From October to April, Sydney and Melbourne are an hour ahead of Cairns; the rest of the year, the east coast shares the same time. Darwin is 30 minutes behind all year.",
      scheduling:
        "Sessions are booked in Queensland time. If you run tours, a slot in the middle of the day — after the morning departures — may be easiest; we'll book whatever works around your schedule.",
    },
    faq: [
      coachesHereFaq("Cairns", "Queensland time", "That gives you the same choice of coach as a business in Brisbane, with no flights involved."),
      {
        question: "How do you help a tourism business with seasonality?",
        answer:
          "We look at your revenue month by month, set a reserve target for the quieter months and find ways to spread demand — local and drive markets, off-season products and partnerships with other operators.",
      },
      {
        question: "Do you work with businesses on the Tablelands and Cape York?",
        answer:
          "Yes. Coaching is by video, so Atherton, Mareeba, Port Douglas and beyond are all fine. In remote areas we'll switch to a phone call if the connection drops.",
      },
    ],
    nearby: ["townsville", "darwin", "brisbane"],
  },

  toowoomba: {
    slug: "toowoomba",
    name: "Toowoomba",
    state: stateOf("QLD"),
    metaTitle: "Business Coaching Toowoomba: Virtual Coaching for the Darling Downs",
    metaDescription:
      "Virtual business coaching for Toowoomba and Darling Downs businesses in agribusiness, logistics, manufacturing and health. Booked in AEST. Free 20-min call.",
    headline: "Business coaching for Toowoomba and Darling Downs businesses",
    lead: "Toowoomba sits at the heart of one of Australia's richest farming regions and at a crossroads of road, rail and air freight. Our coaches help Toowoomba owners grow by video, in Queensland time — no trip down the range required.",
    summary: "Agribusiness and logistics, with Wellcamp Airport and the inland rail.",
    whyVirtual: [
      "Toowoomba businesses looking for experienced advice have long driven down the range to Brisbane, which turns a one-hour meeting into most of a day. Virtual coaching brings the coach to you, with regular sessions by video and no round trip.",
      "It also suits the Darling Downs. Whether you're in town or out at Dalby, Pittsworth or Oakey, you can join from the office, the farm or the workshop.",
    ],
    economy:
      "Toowoomba is the regional capital of the Darling Downs, one of Australia's most productive agricultural areas, growing grain, cotton, beef and pork. The Warrego Highway and the Toowoomba Second Range Crossing make it a freight hub, Toowoomba Wellcamp Airport adds passenger and air-freight links, and the Inland Rail route is planned to pass through the region. Manufacturing, health, the University of Southern Queensland and energy projects in the nearby Surat Basin round it out.",
    industries: [
      {
        name: "Agribusiness",
        body: "Farms, processors, agronomy and ag-services businesses managing seasons, prices and succession.",
      },
      {
        name: "Transport and logistics",
        body: "Freight, warehousing and logistics businesses along the Warrego Highway and around Wellcamp, planning for the inland rail.",
      },
      {
        name: "Manufacturing and engineering",
        body: "Agricultural machinery, fabrication and food manufacturing businesses selling to regional and export markets.",
      },
      {
        name: "Health and local services",
        body: "Clinics, aged care, professional services and trades serving a growing regional city.",
      },
    ],
    precincts: ["Toowoomba CBD", "Wellcamp", "Harristown"],
    challenges: [
      {
        title: "Drought and commodity prices",
        body: "Dry years and price swings ripple out from the farms to every business that serves them.",
        howWeHelp: "We build forecasts with a dry-year scenario, set reserves and widen your customer base beyond agriculture.",
      },
      {
        title: "Planning around big infrastructure",
        body: "The inland rail and new freight facilities promise growth, but timelines have shifted and the benefits for any one business are uncertain.",
        howWeHelp: "We help you prepare for the opportunities without betting the business on a date.",
      },
      {
        title: "Attracting skilled staff to a regional city",
        body: "Skilled workers are often drawn to Brisbane or to mining wages.",
        howWeHelp: "We help you sell the lifestyle and career advantages of working in Toowoomba, and grow your own talent.",
      },
    ],
    timeZone: {
      ...QUEENSLAND_TIME,
      comparison:
        "From October to April, Sydney and Melbourne are an hour ahead of Toowoomba; the rest of the year, the east coast shares the same time. Darwin is 30 minutes behind and Perth two hours behind, all year.",
      scheduling: "Sessions are booked in Queensland time. Planting and harvest are busy; we can meet less often then and more often when things are quieter.",
    },
    faq: [
      coachesHereFaq("Toowoomba", "Queensland time", "So there's no drive down the range — just a video call from wherever you're working that day."),
      {
        question: "Do you work with farming businesses?",
        answer:
          "Yes. We work with family farms and agribusinesses on the business side — cash flow through the seasons, budgeting, systems and succession conversations. We're not agronomists or financial advisers, but we'll help you run the farm as the business it is.",
      },
      {
        question: "Do you cover the wider Darling Downs?",
        answer: "Yes — Dalby, Oakey, Pittsworth, Warwick and beyond. Coaching is by video, and we'll switch to a phone call if the connection drops.",
      },
    ],
    nearby: ["brisbane", "gold-coast", "townsville"],
  },
};
