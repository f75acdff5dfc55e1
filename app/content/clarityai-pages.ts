import type { ServiceSlug } from "./services";
import type { Faq } from "./types";
import { CLARITYAI_CITY_SLUGS } from "./clarityai-cities";

// The ClarityAI topic and city pages at /clarityai/{slug}, served by app/routes/clarityai.$slug/route.tsx.
// Slugs keep their US spelling because they are existing URLs; everything a visitor reads is en-AU.

export const CLARITYAI_TOPIC_SLUGS = [
  "strategic-planning",
  "business-planning",
  "growth-strategy",
  "financial-planning",
  "operations-optimization",
  "marketing-strategy",
  "team-management",
  "customer-acquisition",
  "sales-optimization",
  "cash-flow-management",
  "cost-optimization",
] as const;

export { CLARITYAI_CITY_SLUGS };

export type ClarityAiTopicSlug = (typeof CLARITYAI_TOPIC_SLUGS)[number];
export type ClarityAiCitySlug = (typeof CLARITYAI_CITY_SLUGS)[number];
export type ClarityAiSlug = ClarityAiTopicSlug | ClarityAiCitySlug;

export function clarityAiPath(slug: ClarityAiSlug): string {
  return `/clarityai/${slug}`;
}

export function isClarityAiTopicSlug(value: string | undefined): value is ClarityAiTopicSlug {
  return (CLARITYAI_TOPIC_SLUGS as readonly (string | undefined)[]).includes(value);
}

export function isClarityAiCitySlug(value: string | undefined): value is ClarityAiCitySlug {
  return (CLARITYAI_CITY_SLUGS as readonly (string | undefined)[]).includes(value);
}

/** The copy every ClarityAI page has, topic or city. */
type ClarityAiPageCopy = {
  /** Shown in breadcrumbs, headings and link cards: "Cash flow management", "Gold Coast". */
  name: string;
  /** Unique per page; the site name is appended by pageMeta. */
  metaTitle: string;
  /** Unique per page, at most 160 characters. */
  metaDescription: string;
  headline: string;
  lead: string;
  introHeading: string;
  intro: string[];
  /** What ClarityAI does here: four cards on topic pages, three on city pages. */
  helps: { title: string; body: string }[];
  /** Four to six questions an Australian owner would actually ask. */
  questions: string[];
  /** A sample exchange; the answer is one or more paragraphs. */
  exchange: { question: string; answer: string[] };
  /** How each plan helps with this topic or city. */
  tiers: { lite: string; pro: string };
  faq: [Faq, Faq, Faq];
};

export type ClarityAiTopicPage = ClarityAiPageCopy & {
  kind: "topic";
  /** One line for the link cards on other pages. */
  summary: string;
  /** What to leave out of a conversation on this topic. */
  privacyTip: string;
  related: [ClarityAiTopicSlug, ClarityAiTopicSlug, ClarityAiTopicSlug];
  /** The human-coaching service that fits, or null to point at the services overview. */
  service: ServiceSlug | null;
  /** Why a person might help with this topic, introducing the service link. */
  serviceNote: string;
};

export type ClarityAiCityPage = ClarityAiPageCopy & {
  kind: "city";
  state: "NSW" | "VIC" | "QLD" | "WA" | "SA" | "ACT" | "NT" | "TAS";
  industries: string[];
  timeZone: { label: string; body: string };
  topics: [ClarityAiTopicSlug, ClarityAiTopicSlug, ClarityAiTopicSlug, ClarityAiTopicSlug];
  /** Introduces the link to the city's location page. */
  locationSummary: string;
  privacyTip?: string;
};

export type ClarityAiPage = ClarityAiTopicPage | ClarityAiCityPage;

export const DEFAULT_PRIVACY_TIP =
  "Describe customers, staff and suppliers in general terms, and never share tax file numbers, bank details, myGov logins or health information. ClarityAI works just as well without them.";

export const CLARITYAI_TOPICS: Record<ClarityAiTopicSlug, ClarityAiTopicPage> = {
  "strategic-planning": {
    kind: "topic",
    name: "Strategic planning",
    summary: "Turn a busy year into a one-page plan, with 90-day priorities and a scorecard you'll actually check.",
    metaTitle: "AI Strategic Planning Coach for Small Business",
    metaDescription:
      "Draft a one-page strategic plan, set 90-day priorities and pressure-test big decisions with ClarityAI, a 24/7 AI coach for Australian small businesses.",
    headline: "Strategic planning with an AI coach that's there when you finally have time to think",
    lead: "Most owners only get to think about strategy late at night or on a Sunday. ClarityAI turns those moments into a one-page plan, three or four 90-day priorities and a weekly scorecard — using the same frameworks our human coaches use.",
    introHeading: "What ClarityAI does for your strategic planning",
    intro: [
      "Strategic planning is deciding what you will and won't do this year, in what order, and how you'll know it's working. ClarityAI walks you through it one question at a time: where the business is now, where you want it to be in three years, and what has to be true in the next 12 months to get there.",
      "It asks the follow-up questions a good coach would — what's your gross margin, who's your most profitable customer, what are you going to stop doing — and turns your answers into a plan you can share with your business partner or team.",
    ],
    helps: [
      {
        title: "A one-page plan",
        body: "Purpose, a three-year picture, 12-month targets and 90-day priorities, drafted from your answers and short enough to read in five minutes.",
      },
      {
        title: "Choosing what not to do",
        body: "Most plans fail from too many priorities. ClarityAI helps you rank ideas by payoff and effort and write a stop-doing list you'll stick to.",
      },
      {
        title: "Planning around the Australian year",
        body: "It plans around a July-to-June financial year, quarterly BAS, the EOFY rush and the Christmas–January slowdown, not a US calendar.",
      },
      {
        title: "Keeping the plan alive",
        body: "Bring your scorecard back each week. ClarityAI asks what moved, what's stuck and what you'll do about it before the quarter slips away.",
      },
    ],
    questions: [
      "Help me turn 'grow the business' into three 90-day priorities for my 9-person landscaping company.",
      "Should we open a second clinic in Parramatta or add Saturday hours at the first one?",
      "What should be on a weekly scorecard for a café turning over $1.2 million a year?",
      "We just lost a client worth 30% of revenue. How do I re-plan the next 12 months?",
      "Run a quick SWOT on my electrical contracting business before our planning day.",
    ],
    exchange: {
      question: "We're a 9-person landscaping business turning over about $1.4 million. My goal is to 'grow next year'. Can you help me turn that into a plan?",
      answer: [
        "Let's make 'grow' specific first: more revenue, more profit or more of your time back? For a landscaper your size, profit per crew usually matters more than the top line.",
        "A starting point for the next 90 days: 1) lift gross margin by 3 points by repricing your three most common job types; 2) sign five commercial maintenance contracts to smooth out the winter dip; 3) get one crew leader quoting small jobs so they stop waiting on you. Each needs an owner and a finish date. What's your gross margin today, and which of these would make the biggest difference by 30 June?",
      ],
    },
    tiers: {
      lite: "Draft your one-page plan, prepare for planning days and check in on your scorecard every week, as often as you like.",
      pro: "Escalate the decisions with real money or relationships at stake — bringing in a partner, buying a competitor, restructuring — to our human experts. Our team follows up by email.",
    },
    privacyTip:
      "Plans often involve partners and staff. Describe roles rather than naming people, and leave out anything confidential about a sale, merger or dispute.",
    faq: [
      {
        question: "Can ClarityAI write my strategic plan for me?",
        answer:
          "It will draft one from your answers, but the decisions are yours. The best plans come out of a conversation: ClarityAI asks questions, challenges your assumptions and then drafts a one-page plan you can edit and share with your team.",
      },
      {
        question: "How is this different from strategic planning coaching with a person?",
        answer:
          "ClarityAI is there at any hour for drafting, thinking out loud and weekly check-ins. A human coach runs your planning sessions over video, challenges you in the moment and keeps you accountable. Many owners use both: the AI between sessions, the coach for the big calls.",
      },
      {
        question: "Does it understand the Australian financial year?",
        answer:
          "Yes. It plans around a July-to-June financial year, quarterly BAS, the EOFY rush and the Christmas shutdown, and it uses Australian terms — turnover, GST, super guarantee — rather than US ones.",
      },
    ],
    related: ["business-planning", "growth-strategy", "financial-planning"],
    service: "strategic-planning",
    serviceNote:
      "Our strategic planning coaches run your planning sessions over video, challenge your assumptions face to face and hold you to your 90-day priorities.",
  },

  "business-planning": {
    kind: "topic",
    name: "Business planning",
    summary: "Write a business plan a bank, investor or new partner will take seriously, with forecasts that add up.",
    metaTitle: "AI Business Plan Coach: Write a Plan Lenders Will Read",
    metaDescription:
      "Write a business plan with ClarityAI: market, pricing, forecasts and a lender-ready summary, drafted at any hour and checked for gaps. Built for Australia.",
    headline: "Write a business plan that stands up to a bank manager's questions",
    lead: "Whether you're applying for finance, bringing in a partner or starting out, ClarityAI works through each section of your business plan with you, builds forecasts that add up and finds the gaps before someone else does.",
    introHeading: "What ClarityAI does for your business plan",
    intro: [
      "A business plan is written for someone else: a lender, an investor, a landlord or a new business partner. They want to see that you understand your market, that your numbers hang together and that you've thought about what could go wrong.",
      "ClarityAI works through the plan section by section — the business, the market, competitors, pricing, operations, people and the financials — asking the questions a credit assessor would ask. It drafts each section in plain English from your answers and tells you where the plan is thin.",
    ],
    helps: [
      {
        title: "Section-by-section drafting",
        body: "From the executive summary to the risks, ClarityAI drafts each section from your answers in plain, specific language, without the buzzwords.",
      },
      {
        title: "Forecasts that add up",
        body: "It checks that your sales forecast, wages and super, rent, GST and loan repayments line up, and flags assumptions that look optimistic.",
      },
      {
        title: "A lender's-eye review",
        body: "Paste in your draft and ask ClarityAI to read it like a bank credit assessor: what's missing, what's unconvincing and what they'll ask next.",
      },
      {
        title: "Versions for different readers",
        body: "Turn one plan into a two-page summary for a landlord, a pitch for an investor or a one-pager for your team.",
      },
    ],
    questions: [
      "What does a bank want to see in a business plan for a $250,000 equipment loan?",
      "Help me estimate first-year sales for a new physio clinic in a regional town.",
      "Write the market section for my mobile dog-grooming business on the Sunshine Coast.",
      "Do I include GST in my cash flow forecast, and how?",
      "What risks should I list for a café taking over an existing lease?",
    ],
    exchange: {
      question: "I'm applying for a $180,000 loan to fit out a second café. What will the bank look for in my plan?",
      answer: [
        "Expect three big questions: can the new site make money, can the business keep up repayments if it's slow to start, and what security are you offering?",
        "So your plan should show: trading history for café one (two years of financials and BAS statements if you have them); a realistic ramp-up for café two, because many lenders will test a slower first six months; a monthly cash flow for at least 12 months including loan repayments, GST and super; and the lease terms, fit-out quotes and your contingency. Shall we start with the ramp-up? Tell me café one's weekly takings and what foot traffic you expect at the new site.",
      ],
    },
    tiers: {
      lite: "Work through every section of your plan, rebuild your forecasts as often as you need and get a lender's-eye review of each draft.",
      pro: "Escalate the tricky questions — how to present a loss year, whether your security is enough, how to structure a partner's investment — to our human experts. Our team follows up by email.",
    },
    privacyTip: "Describe your finances in round numbers. There's no need to paste in bank statements, tax file numbers or your lender's application forms.",
    faq: [
      {
        question: "Will a bank accept a business plan written with AI?",
        answer:
          "Lenders care about whether the plan is accurate and realistic, not who typed it. Use ClarityAI to structure and draft the plan, then check every number against your own records — your name is on it. Have your accountant review the financials before you submit.",
      },
      {
        question: "How is a business plan different from a strategic plan?",
        answer:
          "A business plan is written for an outside reader, usually to secure finance or investment. A strategic plan is an internal operating plan you use every week. ClarityAI helps with both, and the thinking from one speeds up the other.",
      },
      {
        question: "Can ClarityAI build my financial forecasts?",
        answer:
          "It can set up the structure — sales drivers, costs, wages with super, GST and loan repayments — and check the numbers are consistent. You bring the real figures, and it's worth having your accountant check the final model.",
      },
    ],
    related: ["strategic-planning", "financial-planning", "cash-flow-management"],
    service: "strategic-planning",
    serviceNote:
      "Writing a plan for a lender is much quicker once the thinking is done. Our strategic planning coaches help you get the direction and the numbers right first.",
  },

  "growth-strategy": {
    kind: "topic",
    name: "Growth strategy",
    summary: "Compare ways to grow — new customers, services or locations — and test what each would really take.",
    metaTitle: "AI Growth Strategy Coach for Australian Small Business",
    metaDescription:
      "Compare growth options, size the opportunity and test the cash and people each one needs. ClarityAI is a 24/7 AI growth coach for Australian small business.",
    headline: "Grow on purpose: test every growth idea before it tests your cash",
    lead: "A second location, a new service, a bigger contract, an online store — ClarityAI compares your growth options side by side and works out what each would cost in cash, people and your own time.",
    introHeading: "What ClarityAI does for your growth strategy",
    intro: [
      "Growth is where many good small businesses get into trouble. Revenue rises, but so do wages, stock and debtors — and the cash arrives months after it's spent. Meanwhile the owner, who was already flat out, now has the growth to manage as well.",
      "ClarityAI helps you choose the right kind of growth for your business. It compares options on the size of the prize, the cost to get there, the cash tied up, the risk and the demand on you — then turns the winner into a 90-day experiment you can actually run.",
    ],
    helps: [
      {
        title: "Options side by side",
        body: "More of the same customers, new customers, new services or a new location: ClarityAI scores each on payoff, cost, risk and the time it takes from you.",
      },
      {
        title: "The cash growth needs",
        body: "It estimates the working capital a bigger contract or more staff will tie up, so growth doesn't leave you short when BAS and super fall due.",
      },
      {
        title: "Start small, learn fast",
        body: "Each option becomes a 90-day test with a budget, a measure of success and a date to decide whether to keep going.",
      },
      {
        title: "The people side",
        body: "Who you'll need to hire and when, and which of your own jobs you'll have to hand over first.",
      },
    ],
    questions: [
      "Should my plumbing business chase strata maintenance contracts or more residential work?",
      "How much working capital do I need for a $400,000 contract paid 60 days from invoice?",
      "We're a two-person bookkeeping practice. What are realistic ways to double revenue in three years?",
      "Is it time to open a second store, or should we grow online first?",
      "What will our first sales hire really cost once super, leave and workers' comp are in?",
    ],
    exchange: {
      question: "A builder has offered my joinery business a $400,000 contract over eight months, paid 60 days from invoice. Can we afford it?",
      answer: [
        "It's a great win if the cash works. Roughly: $400,000 over eight months is $50,000 a month. If materials and wages are 70% of that, you'll spend about $35,000 a month, and with 60-day terms you could be $70,000–$105,000 out of pocket before the first payment lands — more if the builder pays late.",
        "Before you sign, ask for a deposit or monthly progress claims, check your suppliers' terms and talk to your bank about an overdraft or invoice finance now, not when you're short. And remember GST: unless you account for GST on a cash basis, you'll owe it on each invoice at your next BAS, possibly before you've been paid. Want me to map it month by month?",
      ],
    },
    tiers: {
      lite: "Compare growth options, model the cash and people each one needs and plan 90-day experiments, any time of day.",
      pro: "For the big bets — a second site, a major contract, taking on debt or a partner — escalate the question to our human experts. Our team follows up by email.",
    },
    privacyTip: "You can model growth without naming customers or suppliers. 'A builder' or 'our largest client' works just as well.",
    faq: [
      {
        question: "Can ClarityAI tell me which growth option is best?",
        answer:
          "It will give you a clear recommendation and its reasoning, but it only knows what you tell it. Treat it as a sharp second opinion: it's at its best testing your assumptions and showing you the cash and time each option really needs.",
      },
      {
        question: "What if growing means borrowing money?",
        answer:
          "ClarityAI can help you work out how much you need, when, and what repayments the business can carry, and prepare questions for your bank or broker. It doesn't give credit or financial product advice, so talk to your accountant or a licensed adviser before you sign.",
      },
      {
        question: "How does this fit with coaching from a person?",
        answer:
          "Our strategic planning coaches help you choose a direction and hold you to it. ClarityAI fills the gaps between sessions: modelling options at 10 pm, drafting a hiring plan, checking a contract's cash impact before the meeting.",
      },
    ],
    related: ["customer-acquisition", "strategic-planning", "financial-planning"],
    service: "strategic-planning",
    serviceNote:
      "Our strategic planning coaches help you choose the growth path, set 90-day priorities and keep the plan on track with a monthly numbers review.",
  },

  "financial-planning": {
    kind: "topic",
    name: "Financial planning",
    summary: "Budgets, forecasts, pricing and EOFY planning, explained in plain English and checked against your numbers.",
    metaTitle: "AI Financial Planning Coach for Small Business Owners",
    metaDescription:
      "Build a budget, forecast profit and plan for tax, super and EOFY with ClarityAI, the 24/7 AI business coach that explains your numbers in plain English.",
    headline: "Business financial planning in plain English, at any hour",
    lead: "ClarityAI helps you build a budget, forecast profit, price for margin and plan for the big dates — BAS, super guarantee and EOFY — so you make decisions from the numbers instead of the bank balance.",
    introHeading: "What ClarityAI does for your financial planning",
    intro: [
      "Plenty of owners run the business from the bank balance: if there's money in the account, things must be fine. Then a quarterly BAS, a super payment and an insurance renewal land in the same month. Financial planning is how you see that coming.",
      "ClarityAI helps you set up a simple annual budget, turn it into a monthly profit forecast and check it each month against your actual results from Xero, MYOB or QuickBooks. It explains what the numbers mean — gross margin, break-even, working capital — without the jargon, and helps you decide what to do about them.",
    ],
    helps: [
      {
        title: "A budget you'll actually use",
        body: "Start from last year's profit and loss, and ClarityAI helps you set realistic monthly targets for sales, margin, wages and overheads.",
      },
      {
        title: "Pricing for margin",
        body: "Work out what a job, product or hour really costs, including super, leave and overheads, and what you need to charge to hit your target margin.",
      },
      {
        title: "Ready for tax time",
        body: "EOFY checklists, PAYG instalments, super deadlines and the questions to take to your accountant before 30 June, not after.",
      },
      {
        title: "A monthly numbers review",
        body: "Paste in last month's figures and ClarityAI compares them with budget, explains the gaps and suggests the one or two things to act on.",
      },
    ],
    questions: [
      "What's my break-even if rent is $6,500 a month and my gross margin is 62%?",
      "Help me build next year's budget for a 12-person accounting firm.",
      "What should I do before 30 June to get ready for EOFY?",
      "How do I price my services so I actually make a 20% net profit?",
      "My profit and loss says I made $180,000, but there's no cash. Where did it go?",
    ],
    exchange: {
      question: "My P&L says we made $180,000 profit last year, but there's never any cash. Where did it go?",
      answer: [
        "Profit and cash drift apart for a handful of reasons. Check them in order: 1) debtors — if customers owe you more than a year ago, the increase is profit you haven't collected; 2) stock or work in progress that has grown; 3) loan principal repayments and equipment purchases, which leave the bank but don't show as expenses on the P&L; 4) owner drawings; 5) tax — income tax, PAYG instalments or a BAS catch-up paid this year for last year.",
        "Pull your balance sheet for this year and last year and compare debtors, stock, loans and drawings. Give me those four numbers and I'll help you build a simple profit-to-cash reconciliation.",
      ],
    },
    tiers: {
      lite: "Build budgets, price your work, review your monthly numbers and prepare EOFY questions for your accountant as often as you need.",
      pro: "When a decision carries real financial weight — buying out a partner, a big equipment purchase, restructuring — escalate it to our human experts. Our team follows up by email.",
    },
    privacyTip:
      "Round numbers are all ClarityAI needs. Never share tax file numbers, bank logins or account numbers, and leave personal details out of anything from payroll.",
    faq: [
      {
        question: "Is this financial advice?",
        answer:
          "No. ClarityAI gives general information and coaching about your business's finances — budgets, forecasts, pricing and planning. It doesn't give personal financial product advice or tax advice; for those, talk to a licensed financial adviser, your accountant or a registered tax agent.",
      },
      {
        question: "Can it connect to Xero or MYOB?",
        answer:
          "Not directly: ClarityAI sees only what you type or paste in. Most owners export a profit and loss or balance sheet summary and paste in the key figures, which is enough for a useful review.",
      },
      {
        question: "Does it understand Australian tax and super?",
        answer:
          "It understands how GST, BAS, PAYG withholding and instalments, the super guarantee and the July-to-June financial year work, and plans around them. Rates and thresholds change, so confirm current figures with the ATO or your accountant before you act.",
      },
    ],
    related: ["cash-flow-management", "cost-optimization", "business-planning"],
    service: "strategic-planning",
    serviceNote:
      "Our strategic planning coaches build a monthly numbers review into your plan, so every big decision is tested against margin and cash before you commit.",
  },

  "operations-optimization": {
    kind: "topic",
    name: "Operations optimisation",
    summary: "Find where the hours go, fix the hand-offs and write checklists your team will actually follow.",
    metaTitle: "AI Operations Coach: Optimise Processes and Save Hours",
    metaDescription:
      "Map your processes, find the double handling and write checklists your team will use. ClarityAI is a 24/7 AI coach for operations optimisation in Australia.",
    headline: "Operations optimisation: win back the hours your business loses every week",
    lead: "Describe how a job moves from enquiry to invoice and ClarityAI helps you find the delays, re-keying and rework — then writes the checklists and procedures to fix them.",
    introHeading: "What ClarityAI does for your operations",
    intro: [
      "Operations is where time quietly leaks out of a small business: a quote typed into three systems, a job that stalls because only one person has the supplier login, an invoice sent two weeks after the work is done. Each costs minutes; together they cost days every week.",
      "ClarityAI uses the same approach as our operational improvement coaches. It asks you to walk through one real job step by step, points out every hand-off, wait and double entry, estimates what each costs and helps you fix the biggest three first.",
    ],
    helps: [
      {
        title: "Process mapping by conversation",
        body: "Tell ClarityAI how a job flows through the business and it turns it into a step-by-step map with every hand-off and delay marked.",
      },
      {
        title: "Costing the leaks",
        body: "Each problem gets a rough weekly cost in hours and dollars, so you fix what matters most rather than what's loudest.",
      },
      {
        title: "Checklists and procedures",
        body: "Short, plain-English checklists and procedures you can paste into your shared drive, job app or induction pack.",
      },
      {
        title: "Decisions without you",
        body: "Work out which decisions your team can make on their own, and up to what dollar amount, so questions stop landing on your desk.",
      },
    ],
    questions: [
      "Map our process from enquiry to invoice and show me where we double handle.",
      "Write a one-page opening checklist for my bakery's 5 am shift.",
      "Our invoices go out two weeks after jobs finish. How do we get to same-day invoicing?",
      "What should a new apprentice's first-week induction cover?",
      "How do I stop every small decision coming back to me?",
      "Which operational numbers should a six-van electrical business track each week?",
    ],
    exchange: {
      question: "Our electricians finish jobs, but invoices don't go out for about two weeks. How do we fix it?",
      answer: [
        "Two weeks usually means the invoice is waiting on paperwork. The common culprits are job sheets handed in at the end of the week, missing materials costs and the owner checking every invoice before it goes.",
        "Try this for a month: 1) the electrician completes the job card on their phone before leaving site — photos, hours, materials and the customer's sign-off; 2) the office invoices from the job card the same day; 3) you review only invoices over an agreed amount, say $5,000, or with variations. Track the days from job completion to invoice each week — you should see it fall quickly, and the cash arrive sooner. Want me to write the job card checklist?",
      ],
    },
    tiers: {
      lite: "Map processes, write checklists and procedures, and work through operational problems whenever they come up.",
      pro: "When a change affects people's roles, hours or contracts, escalate it to our human experts before you roll it out. Our team follows up by email.",
    },
    privacyTip:
      "Describe processes by role — 'the office manager', 'the second-year apprentice' — rather than by name, and don't paste in customer lists or job addresses.",
    faq: [
      {
        question: "Can ClarityAI see how my business actually runs?",
        answer:
          "Only through what you tell it. The more concrete you are — a real job, the actual steps, who does what — the better its suggestions. Many owners start by walking through one recent job from first call to payment.",
      },
      {
        question: "Will it tell me to buy new software?",
        answer:
          "Only if that's genuinely the problem. Most operational fixes come from changing how work flows and using your current tools properly. If software is the bottleneck it will say so, and our Digital Systems coaches can help choose and connect the right tools.",
      },
      {
        question: "How is this different from operational improvement coaching?",
        answer:
          "Our coaches walk a real job end to end with you and your team over screen share and help embed the changes. ClarityAI is there between sessions, or on its own for smaller fixes: drafting checklists, costing a problem, thinking through a change.",
      },
    ],
    related: ["cost-optimization", "team-management", "cash-flow-management"],
    service: "operational-improvement",
    serviceNote:
      "Our operational improvement coaches walk a real job end to end with you over screen share and help your team embed the fixes, so old habits don't creep back.",
  },

  "marketing-strategy": {
    kind: "topic",
    name: "Marketing strategy",
    summary: "Work out who you're really for, what to say to them and where a small budget will do the most good.",
    metaTitle: "AI Marketing Strategy Coach for Small Business",
    metaDescription:
      "Define your ideal customer, sharpen your message and plan marketing on a small budget. ClarityAI is a 24/7 AI marketing coach for Australian small businesses.",
    headline: "A marketing strategy that fits a small-business budget and a busy week",
    lead: "ClarityAI helps you decide who you're really for, what makes you the obvious choice and which few channels are worth your time — then drafts the plan, the calendar and the copy.",
    introHeading: "What ClarityAI does for your marketing",
    intro: [
      "Most small-business marketing is a scramble: a post when there's time, a boosted ad when things are quiet, a website that hasn't changed in three years. It isn't a lack of effort — it's the lack of a plan that fits the time and money you actually have.",
      "ClarityAI starts where good marketing starts: who your best customers are, what problem you solve for them and why they choose you over the business down the road. From there it helps you pick two or three channels, set a monthly budget and write the first month of content.",
    ],
    helps: [
      {
        title: "Your ideal customer",
        body: "Describe your three best customers and ClarityAI helps you work out what they have in common, what they care about and where to find more like them.",
      },
      {
        title: "A clear message",
        body: "Sharpen what you do, who for and why you, in the words a customer would use rather than marketing speak.",
      },
      {
        title: "Channels that fit",
        body: "Google Business Profile, local search, referrals, email, social or paid ads: it compares the options for your business and budget.",
      },
      {
        title: "A 90-day calendar",
        body: "A simple marketing calendar built around Australian dates — EOFY, Christmas, school holidays, your local events — with the content drafted.",
      },
    ],
    questions: [
      "I've got $1,500 a month to market my plumbing business. Where should it go?",
      "Write three Google Business Profile posts for my Geelong bike shop.",
      "Who is my ideal customer if most of my profit comes from small commercial cleaning contracts?",
      "Plan an EOFY campaign for my accounting firm's small-business clients.",
      "How do I ask happy customers for Google reviews without it being awkward?",
    ],
    exchange: {
      question: "I run a two-van plumbing business in Ipswich and have about $1,500 a month for marketing. Where should it go?",
      answer: [
        "For a local trades business, most new work comes from three places: Google searches, word of mouth and repeat customers. I'd weight it like this.",
        "1) Google Business Profile first — it's free. List every service and suburb, add job photos weekly and send every happy customer a direct review link. 2) About $800–$1,000 on Google search ads for urgent, high-intent searches like 'blocked drain' and 'hot water repairs' within your service area. 3) Around $200 on thank-yous for the property managers and builders who refer you. 4) The rest on a service reminder to past customers every six months. Ask every new customer how they found you and review it monthly. Want me to draft the review request?",
      ],
    },
    tiers: {
      lite: "Define your customer, plan campaigns and draft posts, emails and ads every week, at any hour.",
      pro: "Escalate the bigger calls — a rebrand, a major campaign spend, a complaint going public — to our human experts. Our team follows up by email.",
    },
    privacyTip: "Don't paste in customer lists, email addresses or phone numbers. Describe segments instead: 'retirees in the northern suburbs' works fine.",
    faq: [
      {
        question: "Can ClarityAI write my social media posts and ads?",
        answer:
          "Yes — posts, ads, emails, website copy and Google Business Profile updates, in your tone of voice. Read everything before it goes out: you're responsible for making sure your claims are accurate under the Australian Consumer Law.",
      },
      {
        question: "Does it know the advertising rules for my industry?",
        answer:
          "It knows the common ones, such as the ban on testimonials in advertising for registered health services and the Australian Consumer Law's rules on misleading claims and prices. Rules vary by industry, so check anything unusual with your industry body or a lawyer.",
      },
      {
        question: "Will it run my ads for me?",
        answer:
          "No. ClarityAI doesn't log in to Google, Meta or your website. It helps you plan, write and review — and work out whether what you're spending is actually bringing in customers.",
      },
    ],
    related: ["customer-acquisition", "sales-optimization", "growth-strategy"],
    service: null,
    serviceNote:
      "Want a person to help turn the plan into a weekly routine? Our coaches combine marketing with strategy, operations and systems work, and the first 20-minute call is free.",
  },

  "team-management": {
    kind: "topic",
    name: "Team management",
    summary: "Hiring, rosters, hard conversations and award basics: think it through before you act.",
    metaTitle: "AI Team Management Coach: Hiring, Rosters and Awards",
    metaDescription:
      "Plan hires, rosters and hard conversations, and understand award and Fair Work basics, with ClarityAI, a 24/7 AI coach for managing small-business teams.",
    headline: "Lead your team with confidence, even when the hard conversation is tomorrow morning",
    lead: "Hiring, rostering, performance, award rates and the conversations you've been putting off — ClarityAI helps you think them through, plan the words and check the basics before you act.",
    introHeading: "What ClarityAI does for you as a manager",
    intro: [
      "Most small-business owners became managers by accident. You were great at the work, the business grew, and now you're rostering, hiring, handling a team member who keeps running late and wondering whether you're paying the right award rate.",
      "ClarityAI gives you somewhere to think those situations through calmly, at the hour they're keeping you awake. It helps you plan fair conversations, write position descriptions, set expectations and understand the Fair Work basics — and tells you when it's time for proper HR or legal advice.",
    ],
    helps: [
      {
        title: "Hard conversations, planned",
        body: "Lateness, attitude, underperformance or a pay rise request: plan what to say, what to listen for and how to follow up in writing.",
      },
      {
        title: "Hiring well",
        body: "Position descriptions, job ads, interview questions and a first-week induction plan for your next hire.",
      },
      {
        title: "Awards and rosters",
        body: "How modern awards, penalty rates and overtime generally work, and rosters that cover demand without blowing the wage budget.",
      },
      {
        title: "A team rhythm",
        body: "One-on-ones, a weekly huddle and simple goals, so people know what good looks like without you repeating yourself.",
      },
    ],
    questions: [
      "Help me plan a conversation with a team member who's been late six times this month.",
      "Which award probably covers my bookkeeping staff, and how do I check their pay rate?",
      "Write a job ad and interview questions for a first-year apprentice carpenter.",
      "How do I roster my café for Sundays and public holidays without wages going over 35% of sales?",
      "What should I do in a new hire's first three months to avoid problems later?",
    ],
    exchange: {
      question: "One of my best technicians has been late six times this month. How do I raise it without losing him?",
      answer: [
        "Good instinct to handle it early and privately. A simple structure: 1) open with the facts and the impact — 'You've been late six times this month and the crew has been waiting on site'; 2) ask and listen — 'What's going on?' There may be something behind it, like childcare, a second job or health; 3) agree a specific expectation and any reasonable help, such as a later start on set days; 4) follow up with a short, friendly email so you both have a record.",
        "If it continues after that, it becomes a performance process, and that's the point to check the Fair Work Ombudsman's guidance or get HR advice. Want me to draft your opening lines and the follow-up email?",
      ],
    },
    tiers: {
      lite: "Plan conversations, write position descriptions and job ads, and check award and roster basics whenever you need to.",
      pro: "When it's serious — a formal warning, a possible dismissal, a bullying complaint, a restructure — escalate it to our human experts. Our team follows up by email.",
    },
    privacyTip: "Describe staff by role, not name, and never share health information, home addresses, tax file numbers or anything from a personnel file.",
    faq: [
      {
        question: "Can ClarityAI tell me the exact award rate to pay?",
        answer:
          "It can explain which award probably applies and how classifications, penalty rates and allowances work, but minimum rates usually change each 1 July and depend on the exact classification. Confirm the rate with the Fair Work Ombudsman's Pay and Conditions Tool or your payroll adviser.",
      },
      {
        question: "Can it help if I'm thinking of dismissing someone?",
        answer:
          "It can explain the general steps and help you prepare, but dismissal carries real legal risk. Businesses with fewer than 15 employees should follow the Small Business Fair Dismissal Code, and it's worth getting advice from the Fair Work Ombudsman, your industry association or an employment lawyer first.",
      },
      {
        question: "Is it OK to discuss my team with an AI?",
        answer:
          "Yes, if you're careful with personal information. Describe situations and roles rather than names, leave out health and other sensitive details, and remember that conversations are deleted automatically after 3 months.",
      },
    ],
    related: ["operations-optimization", "strategic-planning", "cost-optimization"],
    service: "operational-improvement",
    serviceNote:
      "Our operational improvement coaches help you set clear roles and decision rights and write the procedures your team will use, so they can act without waiting for you.",
  },

  "customer-acquisition": {
    kind: "topic",
    name: "Customer acquisition",
    summary: "Win more of the right customers: referrals, local search, partnerships and follow-up that doesn't leak.",
    metaTitle: "AI Customer Acquisition Coach: Win the Right Customers",
    metaDescription:
      "Find where your best customers come from, build referral and local search channels, and stop enquiries going cold. ClarityAI is your 24/7 AI business coach.",
    headline: "Win more of the right customers, not just more enquiries",
    lead: "ClarityAI helps you work out where your best customers really come from, what each one costs to win and how to get more of them — from referrals and Google to partnerships and follow-up.",
    introHeading: "What ClarityAI does for your customer acquisition",
    intro: [
      "Winning new customers isn't only about marketing. It's the whole path from someone first hearing about you to paying their first invoice — and most small businesses lose people at every step: enquiries answered the next day, quotes never followed up, referrers never thanked.",
      "ClarityAI helps you look at that path as a system. It works out your cost to win a customer and what a customer is worth over time, finds the channel that brings your most profitable customers and helps you fix the leaks between first enquiry and first sale.",
    ],
    helps: [
      {
        title: "Know your numbers",
        body: "Cost per customer, conversion rate and lifetime value, worked out from the figures you have — even if that's a rough spreadsheet.",
      },
      {
        title: "Referral systems",
        body: "Turn happy customers, suppliers and complementary businesses into a steady source of introductions, with the thank-you built in.",
      },
      {
        title: "Speed to lead",
        body: "Scripts, templates and a simple rule for answering enquiries within the hour, because the first business to respond often wins the job.",
      },
      {
        title: "Local partnerships",
        body: "Find businesses that serve the same customers — a builder for an electrician, an accountant for a bookkeeper — and plan the approach.",
      },
    ],
    questions: [
      "What's a reasonable cost to win a customer for a $3,000 bathroom job?",
      "Help me set up a referral arrangement with real estate agents for my property maintenance business.",
      "We get 40 enquiries a month but only win eight. Where are we losing them?",
      "Write a reply template for website enquiries that gets people to book a call.",
      "Which local businesses should a new bookkeeping practice partner with?",
    ],
    exchange: {
      question: "Our kitchen renovation business gets about 40 enquiries a month but only wins eight. Where are we losing them?",
      answer: [
        "A 20% win rate leaves plenty of room. Let's find the leak by splitting those 40 into stages: how many get a reply within an hour, how many get a site visit or quote, how many quotes are followed up and how many say yes.",
        "In renovation businesses the usual leaks are slow first responses — people contact three businesses and often go with whoever calls back first — and quotes that are never followed up. Two quick fixes: call every enquiry back within an hour during business hours, and follow up every quote on day 2 and day 7. Track the stages for the next month and I'll help you work out which fix is worth the most.",
      ],
    },
    tiers: {
      lite: "Work out your numbers, plan referral and partnership programs and write follow-up templates at any hour.",
      pro: "Escalate the bigger calls — entering a new market, a major partnership, a big campaign — to our human experts. Our team follows up by email.",
    },
    privacyTip: "Talk about customers in general terms. Leave out names, email addresses and phone numbers, and don't paste in exports from your CRM.",
    faq: [
      {
        question: "What's the difference between customer acquisition and marketing?",
        answer:
          "Marketing gets you noticed. Customer acquisition covers the whole path to a first sale — handling enquiries, quoting, follow-up and referrals. ClarityAI helps with both, and the quickest wins are often in the follow-up, not the advertising.",
      },
      {
        question: "Can it set up a CRM for me?",
        answer:
          "It can help you decide what a CRM needs to track and compare common options, but it doesn't set up software. If you'd like help choosing and connecting the tools, that's exactly what our Digital Systems coaches do.",
      },
      {
        question: "Can I pay referral fees in Australia?",
        answer:
          "Often, yes, but it depends on your industry. Some fields — including financial services, real estate and health — have rules about referral payments and disclosure. ClarityAI will flag the common ones, but check your industry's rules before you offer a fee.",
      },
    ],
    related: ["marketing-strategy", "sales-optimization", "growth-strategy"],
    service: "digital-systems",
    serviceNote:
      "Our digital systems coaches set up a CRM and connect your website, quotes and follow-ups, so every enquiry is captured once and no lead goes cold.",
  },

  "sales-optimization": {
    kind: "topic",
    name: "Sales optimisation",
    summary: "Quote faster, follow up properly and lift your win rate and average sale without discounting.",
    metaTitle: "AI Sales Coach: Lift Win Rates and Average Sale",
    metaDescription:
      "Lift your quote win rate, follow up properly and price with confidence. ClarityAI is a 24/7 AI sales coach for Australian small businesses and their teams.",
    headline: "Sales optimisation: win more of the quotes you already send",
    lead: "ClarityAI helps you tighten the path from enquiry to signed quote: faster responses, clearer proposals, consistent follow-up and confident pricing — without reaching for a discount.",
    introHeading: "What ClarityAI does for your sales",
    intro: [
      "For most small businesses, the fastest way to more revenue isn't more leads — it's winning more of the enquiries you already get. A few points on your win rate and a slightly larger average sale usually add more profit than another marketing campaign.",
      "ClarityAI helps you find where sales slip away and fix it. It reviews your quotes and proposals, writes follow-up sequences, role-plays objection handling and helps you set up a simple pipeline so you know what's coming in next month.",
    ],
    helps: [
      {
        title: "Better quotes and proposals",
        body: "Paste in a quote and ClarityAI suggests how to make it clearer, easier to say yes to and harder to compare on price alone.",
      },
      {
        title: "Follow-up that happens",
        body: "A simple two- or three-step follow-up for every quote, with the messages written for you.",
      },
      {
        title: "Pricing and options",
        body: "Good-better-best options, packages and price rises explained to customers with confidence, not apology.",
      },
      {
        title: "Objection practice",
        body: "Role-play 'you're too expensive' or 'we'll think about it' before the real conversation.",
      },
    ],
    questions: [
      "Write a follow-up email for a $12,000 quote that's gone quiet for a week.",
      "How do I raise prices 8% without losing my regular customers?",
      "Turn my single-price quote for website builds into good, better and best options.",
      "Role-play a customer telling me my quote is $2,000 more than the other bloke's.",
      "What should a simple sales pipeline look like for a five-person IT support business?",
    ],
    exchange: {
      question: "A customer says my $14,500 quote for a deck is $2,000 more than someone else's. What do I say?",
      answer: [
        "Don't drop the price straight away — first find out what they're comparing. Try: 'Thanks for telling me. Can I check the other quote covers the same things? Some leave out council approval, footings or the grade of hardwood, and that's often where the difference is.'",
        "Then go through the differences: materials, warranty, timeline, licence and insurance, clean-up. If the scope really is the same and you want the job, offer a trade rather than a discount — a simpler balustrade, say, to bring the price down. Holding your price protects your margin on every job after this one. Want me to write a one-page comparison sheet to send with future quotes?",
      ],
    },
    tiers: {
      lite: "Review quotes, write follow-ups and practise sales conversations as often as you like, day or night.",
      pro: "For high-stakes deals — a major tender, a big contract negotiation, a price rise for a key account — escalate the question to our human experts. Our team follows up by email.",
    },
    privacyTip: "Strip customer names and contact details out of quotes before you paste them in. The scope and the prices are what ClarityAI needs.",
    faq: [
      {
        question: "Can my sales team use ClarityAI?",
        answer:
          "Each team member with access can use it to practise objection handling, prepare for meetings and draft follow-ups. It works best alongside a short team session with a coach, where you agree one sales process everyone follows.",
      },
      {
        question: "Will it help with tenders?",
        answer:
          "Yes. It can help you read the evaluation criteria, plan your response, draft sections and check you've answered every requirement. Read the tender documents carefully yourself — the details of each tender are what count.",
      },
      {
        question: "How do I know if my sales are actually improving?",
        answer:
          "Track three numbers every month: enquiries, win rate and average sale. ClarityAI can help you set them up in a spreadsheet or your CRM and explain what a change in each one means.",
      },
    ],
    related: ["customer-acquisition", "marketing-strategy", "cash-flow-management"],
    service: "digital-systems",
    serviceNote: "Our digital systems coaches set up a sales pipeline in a CRM your team will actually keep up to date, with reminders so no quote goes cold.",
  },

  "cash-flow-management": {
    kind: "topic",
    name: "Cash flow management",
    summary: "See shortfalls weeks ahead, get paid faster and be ready for BAS and super every quarter.",
    metaTitle: "AI Cash Flow Coach: BAS, Debtors and 13-Week Forecasts",
    metaDescription:
      "See cash crunches weeks ahead, plan for BAS and super, and get paid faster. ClarityAI is a 24/7 AI cash flow coach for Australian small business owners.",
    headline: "Cash flow management: see the crunch coming weeks before it arrives",
    lead: "ClarityAI helps you build a rolling 13-week cash flow forecast, set aside GST and PAYG for BAS, get invoices paid faster and plan what to do when cash is tight — at the hour you're worrying about it.",
    introHeading: "What ClarityAI does for your cash flow",
    intro: [
      "Profitable businesses still run out of cash. A big customer pays 60 days late; the quarterly BAS, the super guarantee and an insurance renewal all land in the same month; or growth ties up more money in stock and wages than anyone expected.",
      "ClarityAI helps you see it coming and act early. It builds a simple 13-week forecast with you, works out how much to set aside each week for GST, PAYG withholding and super, writes payment reminders that are polite and firm, and talks through your options calmly when a shortfall is already on its way.",
    ],
    helps: [
      {
        title: "A 13-week forecast",
        body: "Week by week: what's coming in, what's going out and where the lowest point falls, built from figures you already have.",
      },
      {
        title: "BAS and super without the shock",
        body: "Work out how much GST, PAYG withholding and super guarantee to put aside each week, so the quarter ends with the money already waiting.",
      },
      {
        title: "Getting paid faster",
        body: "Payment terms, deposits, same-day invoicing and reminders that bring debtor days down without upsetting good customers.",
      },
      {
        title: "When cash is tight",
        body: "Talk through the options — an ATO payment plan, supplier terms, an overdraft, invoice finance, what to pay first — and prepare the calls you need to make.",
      },
    ],
    questions: [
      "My BAS is due on the 28th and I'm $9,000 short. What are my options?",
      "How much should I set aside each week for GST, PAYG and super on $60,000 of monthly sales?",
      "Build me a 13-week cash flow forecast for a four-person electrical business.",
      "Write a firm but friendly reminder for an invoice that's 45 days overdue.",
      "Should I offer a 2% early-payment discount or charge interest on late payments?",
      "The June quarter always hits us hard. How do I plan for EOFY, super and insurance renewals?",
    ],
    exchange: {
      question: "My quarterly BAS is due on the 28th and I'm about $9,000 short. What are my options?",
      answer: [
        "First, lodge on time even if you can't pay in full. Penalties for lodging late are separate from the debt, and lodging keeps your options open.",
        "Then work through these: 1) chase your debtors this week — two or three overdue invoices may close the gap; 2) pay what you can by the due date, because interest accrues only on the unpaid balance; 3) if there's still a shortfall, set up an ATO payment plan — smaller debts can usually be arranged online or through your BAS agent; 4) avoid a high-interest credit card unless you've compared the cost.",
        "Afterwards, let's stop it happening next quarter by moving GST and PAYG into a separate account every week. Shall we work out the weekly amount together?",
      ],
    },
    tiers: {
      lite: "Build and update your forecast, plan for BAS and super, and write payment reminders any time — including the night before BAS is due.",
      pro: "If the shortfall is serious — a growing ATO debt, a major customer in administration, worries about paying debts as they fall due — escalate it to our human experts. Our team follows up by email.",
    },
    privacyTip:
      "Use round numbers and leave customers unnamed. Never share tax file numbers, bank account details or your myGov or ATO online services logins.",
    faq: [
      {
        question: "Can ClarityAI lodge my BAS?",
        answer:
          "No. It helps you understand and prepare for BAS — how much to set aside, what's likely to be owed, what to ask your bookkeeper — but lodging and tax advice are for you, your registered BAS agent or your tax agent.",
      },
      {
        question: "What's a 13-week cash flow forecast?",
        answer:
          "A week-by-week view of the cash you expect to come in and go out over the next quarter. It's short enough to be accurate and long enough to show a BAS payment, super deadline or slow month before it arrives. ClarityAI can build the structure with you in about 20 minutes.",
      },
      {
        question: "What if I already can't pay the ATO?",
        answer:
          "Lodge on time anyway, then talk to the ATO or your tax agent early — payment plans are common and much easier to arrange before a debt grows. If you're worried the business can't pay its debts as they fall due, get advice from your accountant or a registered insolvency practitioner straight away.",
      },
    ],
    related: ["financial-planning", "cost-optimization", "sales-optimization"],
    service: "operational-improvement",
    serviceNote:
      "Our operational improvement coaches tighten the path from job done to invoice paid — same-day invoicing, clear payment terms and automatic reminders.",
  },

  "cost-optimization": {
    kind: "topic",
    name: "Cost optimisation",
    summary: "Find the costs that don't earn their keep — suppliers, subscriptions, wages and waste — without cutting what customers value.",
    metaTitle: "AI Cost Optimisation Coach: Cut Costs, Not Corners",
    metaDescription:
      "Find the subscriptions, supplier costs and wage leaks that don't pay their way while protecting what customers value. ClarityAI is your 24/7 cost coach.",
    headline: "Cost optimisation without cutting the things your customers pay for",
    lead: "ClarityAI helps you go through your costs line by line — suppliers, subscriptions, wages, rent and waste — and find the savings that won't hurt quality, service or your team.",
    introHeading: "What ClarityAI does for your costs",
    intro: [
      "When margins tighten, most owners cut the wrong things first: the marketing that brings in work, the training that keeps good staff, the quality customers are paying for. Meanwhile the real leaks — unused subscriptions, creeping supplier prices, overtime from loose rostering, rework — keep running.",
      "ClarityAI takes a more careful approach. It helps you sort your expenses into what earns its keep and what doesn't, compare supplier prices and terms, check wage costs against sales and build a savings plan with a dollar figure and an owner for each item.",
    ],
    helps: [
      {
        title: "A line-by-line review",
        body: "Paste in your profit and loss summary and ClarityAI helps you spot what's grown faster than sales and what's worth questioning.",
      },
      {
        title: "Suppliers and subscriptions",
        body: "A checklist for renegotiating with suppliers, a script for the call and a hunt for software subscriptions that overlap or sit unused.",
      },
      {
        title: "Wage costs under control",
        body: "Compare rostered hours with sales by day and hour, plan around penalty-rate shifts and cut overtime without short-staffing the busy times.",
      },
      {
        title: "Waste and rework",
        body: "Find the hidden costs: stock write-offs, returns, redone jobs and hours lost to double handling.",
      },
    ],
    questions: [
      "Our gross margin fell from 42% to 35% in a year. Where should I look first?",
      "Help me renegotiate with my main supplier after three price rises this year.",
      "We pay for 23 software subscriptions. How do I work out which ones to cancel?",
      "My restaurant's wage costs are 38% of sales. What's realistic, and how do I get there?",
      "Should we move to a smaller office now that half the team works from home?",
    ],
    exchange: {
      question: "Our gross margin has fallen from 42% to 35% in a year. Where should I look first?",
      answer: [
        "A 7-point drop usually has more than one cause, so check them in this order: 1) supplier prices — compare your top ten materials or stock lines now and a year ago; rises you haven't passed on are the most common cause; 2) your own prices — when did you last raise them? 3) mix — are you selling more of your lower-margin work? 4) discounts and write-offs — unrecorded discounts, returns, waste or rework; 5) direct labour — if wages sit in cost of sales, overtime or slower jobs show up here.",
        "Each point of margin on $1 million of sales is worth $10,000 a year, so this is worth a couple of hours. Tell me what sits in your cost of sales and I'll help you build a margin bridge from 42% to 35%.",
      ],
    },
    tiers: {
      lite: "Review expenses, prepare supplier negotiations and model savings whenever you have a spare hour.",
      pro: "For the cuts that affect people or contracts — redundancies, breaking a lease, changing a major supplier — escalate the question to our human experts. Our team follows up by email.",
    },
    privacyTip:
      "Supplier names are fine if you're comfortable sharing them, but leave out contract documents, account numbers and anything covered by a confidentiality clause.",
    faq: [
      {
        question: "Will ClarityAI just tell me to cut staff?",
        answer:
          "No. Wages are usually a business's biggest cost, so it will look at them — but through rostering, overtime and productivity first. It treats redundancies as a last resort with legal obligations attached, and recommends proper advice before any decision about jobs.",
      },
      {
        question: "How much could I save?",
        answer:
          "It depends where you start. Most reviews find something in subscriptions, supplier pricing and waste; the bigger gains usually come from pricing and margin rather than cutting. ClarityAI puts a dollar estimate on each idea so you can see what's worth the effort.",
      },
      {
        question: "Can it find me cheaper suppliers?",
        answer:
          "It can't see supplier price lists, but it can help you build a comparison, prepare a request for quotes and work out the true cost of switching, including delivery, payment terms and minimum orders.",
      },
    ],
    related: ["cash-flow-management", "operations-optimization", "financial-planning"],
    service: "operational-improvement",
    serviceNote:
      "Our operational improvement coaches find where hours and money leak out of your processes and put a cost on each leak, so you fix the biggest first.",
  },
};

export const CLARITYAI_CITIES: Record<ClarityAiCitySlug, ClarityAiCityPage> = {
  sydney: {
    kind: "city",
    name: "Sydney",
    state: "NSW",
    metaTitle: "AI Business Coach for Sydney Small Businesses",
    metaDescription:
      "ClarityAI is a 24/7 AI business coach for Sydney owners: leases, wages, NSW payroll tax and growth questions answered on Sydney time. Lite and Pro plans.",
    headline: "ClarityAI for Sydney businesses: a business coach that keeps Sydney hours — all of them",
    lead: "From Parramatta trades to CBD consultancies and inner-west cafés, Sydney owners juggle some of the country's highest rents and wages. ClarityAI helps you think through pricing, hiring, cash and growth at whatever hour the business finally goes quiet.",
    introHeading: "Built for the way Sydney does business",
    intro: [
      "Running a business in Sydney means high costs and fierce competition for customers and staff. Rents in the CBD, the eastern suburbs and the inner west can swallow a big share of turnover, good people have plenty of options, and customers compare you with dozens of alternatives before they call.",
      "ClarityAI helps Sydney owners stay ahead of it: checking whether a lease renewal still stacks up, pricing so rent and wages are properly covered, planning a hire before you're desperate, and weighing growth in Western Sydney, where the new airport and the Aerotropolis are drawing logistics, construction and service businesses west.",
    ],
    industries: [
      "Professional and financial services",
      "Construction and trades",
      "Hospitality and tourism",
      "Health and allied health",
      "Tech and e-commerce start-ups",
      "Logistics and warehousing in Western Sydney",
    ],
    timeZone: {
      label: "AEST / AEDT",
      body: "Sydney runs on AEST (UTC+10) and moves to AEDT (UTC+11) from the first Sunday in October to the first Sunday in April. In summer that puts you an hour ahead of Brisbane and three hours ahead of Perth — easy for early calls west, awkward for late ones.",
    },
    helps: [
      {
        title: "Rent and lease decisions",
        body: "Test a renewal or a move: rent as a share of turnover, fit-out, make-good clauses and what the business must earn to justify the space.",
      },
      {
        title: "Wages in a tight market",
        body: "Plan hires, check award basics and build a pay and benefits offer that competes for Sydney talent without breaking the budget.",
      },
      {
        title: "NSW rules in context",
        body: "Payroll tax, long service leave, retail leases and public holidays are set state by state. ClarityAI flags where the NSW version applies.",
      },
    ],
    questions: [
      "My Surry Hills café lease is up and the landlord wants 12% more. How do I decide whether to stay?",
      "We're getting close to the NSW payroll tax threshold. What should I be planning for now?",
      "How do I compete for a senior developer against the big banks' salaries?",
      "Should my Parramatta accounting practice open a second office or go fully remote?",
      "Which public holidays affect penalty rates at my Sydney restaurant, and how do I roster around them?",
    ],
    exchange: {
      question: "My Surry Hills café lease is up and the landlord wants 12% more rent. How do I decide whether to stay?",
      answer: [
        "Start with rent as a share of turnover. A common rule of thumb for cafés is to keep rent at around 10% of sales, give or take. If you take $20,000 a week and the new rent is $9,500 a month, you're at about 11% before outgoings — tight, but workable.",
        "Then weigh what moving would really cost: a new fit-out, make-good on your current lease, weeks of lost trade and your regulars. Often the better play is negotiating — a smaller increase, a rent-free month or a longer option. Check your lease's rent review clause and what nearby shops pay first, and if talks stall, the NSW Small Business Commissioner offers low-cost mediation for retail lease disputes. Want me to draft your negotiation points?",
      ],
    },
    tiers: {
      lite: "Around-the-clock help with pricing, leases, hiring and cash, on Sydney time.",
      pro: "Escalate the high-stakes Sydney decisions — a new lease, a second site, a senior hire — to our human experts. Our team follows up by email.",
    },
    faq: [
      {
        question: "Does ClarityAI know about NSW-specific rules?",
        answer:
          "It knows where state rules differ — payroll tax, long service leave, retail leases, public holidays — and that NSW has its own versions. Thresholds and rates change, so confirm the specifics with Revenue NSW, your accountant or the NSW Small Business Commissioner.",
      },
      {
        question: "Can I meet a coach in person in Sydney?",
        answer:
          "Our coaching is virtual, so there's no cross-town drive and no parking fee. Sessions run over video at times that suit you, and ClarityAI fills the gaps between them. Our Sydney business coaching page explains how it works.",
      },
      {
        question: "When is ClarityAI available in Sydney?",
        answer:
          "All the time. ClarityAI runs 24/7, so you can ask at 5 am before the café opens or at midnight after the books are done. Our human team works business hours, Monday to Friday, and follows up Pro escalations by email.",
      },
    ],
    topics: ["cash-flow-management", "growth-strategy", "team-management", "customer-acquisition"],
    locationSummary:
      "Prefer a person? Our virtual coaches work with Sydney owners from the CBD to Penrith — no travel, no parking — and your first 20-minute call is free.",
  },

  melbourne: {
    kind: "city",
    name: "Melbourne",
    state: "VIC",
    metaTitle: "AI Business Coach for Melbourne Small Businesses",
    metaDescription:
      "ClarityAI is a 24/7 AI business coach for Melbourne owners: rosters for Grand Final Friday and Cup Day, penalty rates, cash flow and growth, on Melbourne time.",
    headline: "ClarityAI for Melbourne businesses: coaching for a city that never stops trading",
    lead: "Laneway cafés, Collingwood studios, south-east manufacturers and Richmond clinics — ClarityAI helps Melbourne owners plan rosters, protect margins and make growth decisions, at any hour.",
    introHeading: "Built for the way Melbourne does business",
    intro: [
      "Melbourne's small businesses live by the events calendar. The Australian Open in January, the Grand Prix in March, the AFL finals in September and the Spring Racing Carnival in November bring crowds and extra shifts — and public holidays like AFL Grand Final Friday and Melbourne Cup Day bring penalty rates with them.",
      "ClarityAI helps you plan for the peaks and the quiet weeks in between: rostering to forecast sales, handling public holiday surcharges properly, managing cash through a slow winter, and growing in a city where a good idea is copied two suburbs over within months.",
    ],
    industries: [
      "Hospitality and food",
      "Retail and fashion",
      "Creative and design studios",
      "Manufacturing in the west and south-east",
      "Health and allied health",
      "Education and training",
    ],
    timeZone: {
      label: "AEST / AEDT",
      body: "Melbourne is on AEST (UTC+10), and on AEDT (UTC+11) from early October to early April. Through summer you're an hour ahead of Brisbane and three ahead of Perth, and the long evenings mean long trading days for hospitality.",
    },
    helps: [
      {
        title: "Rosters for the events calendar",
        body: "Forecast sales around the big events and public holidays, then roster to match, so wage costs don't blow out on Cup Day.",
      },
      {
        title: "Victorian rules in context",
        body: "Payroll tax, public holidays and long service leave — including Victoria's portable scheme for some industries — are state matters. ClarityAI flags them.",
      },
      {
        title: "Standing out in a crowded market",
        body: "With a competitor on every corner, ClarityAI helps sharpen your offer so customers choose you for a reason, not just a price.",
      },
    ],
    questions: [
      "How should I roster my Fitzroy café for AFL Grand Final Friday?",
      "Can I add a 15% public holiday surcharge, and how do I display it?",
      "Our winter takings drop 25%. How do I plan cash from May to August?",
      "Does Victoria's portable long service leave scheme apply to my contract cleaning business?",
      "Should my Brunswick design studio take on a retainer client at a lower rate?",
    ],
    exchange: {
      question: "How should I roster my Fitzroy café for AFL Grand Final Friday?",
      answer: [
        "Start with last year: takings and customer counts by hour on the public holiday compared with a normal Friday. Many inner-city cafés find the day quieter than expected in the morning and busier in the afternoon, but your numbers are what count.",
        "Roster to that forecast, remembering that public holiday rates under the hospitality and restaurant awards are well above ordinary rates — check the exact rates for each employee's classification with the Fair Work Ombudsman. Employees can reasonably refuse to work a public holiday, so ask early. If you add a surcharge, show it clearly on the menu and at the counter. Want me to set a sales-per-labour-hour target for the day?",
      ],
    },
    tiers: {
      lite: "Roster planning, margin checks and growth thinking, 24/7, on Melbourne time.",
      pro: "Escalate the big calls — a second venue, a new lease, a difficult staffing issue — to our human experts. Our team follows up by email.",
    },
    faq: [
      {
        question: "Does ClarityAI understand Victorian public holidays?",
        answer:
          "Yes. It knows Victoria has extra public holidays such as AFL Grand Final Friday and Melbourne Cup Day, which affect rosters and penalty rates. Some regional areas swap Cup Day for a local holiday, so check the Business Victoria calendar for your location.",
      },
      {
        question: "Is ClarityAI useful for hospitality businesses?",
        answer:
          "Very. Rosters, wage percentages, menu pricing, supplier negotiations and staff conversations are some of the most common things café and restaurant owners ask about.",
      },
      {
        question: "Can I work with a human coach in Melbourne too?",
        answer:
          "Yes. Our coaching is virtual, so you can meet a coach over video from the shop, the studio or home. See our Melbourne business coaching page, or book a free 20-minute call.",
      },
    ],
    topics: ["marketing-strategy", "team-management", "cash-flow-management", "cost-optimization"],
    locationSummary:
      "Our virtual coaches work with Melbourne owners from Werribee to Dandenong — no trip across town, no CBD parking — and your first 20-minute call is free.",
  },

  brisbane: {
    kind: "city",
    name: "Brisbane",
    state: "QLD",
    metaTitle: "AI Business Coach for Brisbane Small Businesses",
    metaDescription:
      "ClarityAI is a 24/7 AI business coach for Brisbane owners: growth ahead of 2032, construction, hiring and cash flow. On AEST all year — no daylight saving.",
    headline: "ClarityAI for Brisbane businesses: an AI coach for a city in growth mode",
    lead: "With Brisbane's population and its pipeline of major projects both growing, owners are hiring, quoting bigger jobs and stretching cash. ClarityAI helps you grow without losing control — at 5 am before site or 10 pm after the kids are down.",
    introHeading: "Built for the way Brisbane does business",
    intro: [
      "Brisbane is one of the fastest-growing capitals in the country, and the lead-up to the 2032 Olympic and Paralympic Games — on top of projects like Cross River Rail — has put construction, infrastructure and the businesses that serve them in high demand.",
      "Growth brings its own problems: quoting larger jobs, hiring in a tight trades market, waiting longer to be paid and keeping quality up while the team doubles. ClarityAI helps Brisbane owners work through them, from contract cash flow to building the first layer of management.",
    ],
    industries: [
      "Construction and trades",
      "Infrastructure and engineering services",
      "Professional services",
      "Health and aged care",
      "Hospitality and events",
      "Logistics around the port and airport",
    ],
    timeZone: {
      label: "AEST all year",
      body: "Queensland stays on AEST (UTC+10) all year — no daylight saving. From October to April that puts Brisbane an hour behind Sydney, Melbourne, Canberra and Hobart, so a southern client's 9 am meeting is your 8 am.",
    },
    helps: [
      {
        title: "Growing without losing control",
        body: "Plan the hires, systems and management layer you'll need before growth outpaces you.",
      },
      {
        title: "Contract cash flow",
        body: "Model progress claims, retentions and payment terms on bigger jobs, so a big win doesn't leave you short.",
      },
      {
        title: "Queensland context",
        body: "ClarityAI knows Queensland does things its own way — payroll tax, the Ekka show holiday, building licensing through the QBCC — and flags it.",
      },
    ],
    questions: [
      "We've been asked to quote a $1.2 million fit-out. How do I know if we can handle it?",
      "How do progress claims and retentions affect cash flow on a commercial job?",
      "Should I hire a site supervisor or a second estimator first?",
      "Our southern clients are an hour ahead in summer. How should I set meeting and response times?",
      "What should I plan for as my Brisbane business approaches the Queensland payroll tax threshold?",
    ],
    exchange: {
      question: "We're a 12-person shopfitting business and we've been asked to quote a $1.2 million fit-out — double our biggest job. Can we handle it?",
      answer: [
        "Let's test it on three fronts. Cash: with monthly progress claims paid 25–30 days later and 5% retention held, you may need to fund two months of wages and materials — possibly $250,000 or more. Do you have that, or a facility lined up?",
        "People: who runs your other jobs while your best supervisor is on this one? Risk: read the contract for liquidated damages, retention release dates and variation procedures, and remember Queensland's security of payment laws give you a process for getting paid on progress claims. If the answers hold up, it could be a step-change job. Want me to build a month-by-month cash forecast for it?",
      ],
    },
    tiers: {
      lite: "Cash forecasts, quoting checks and hiring plans on demand, on Queensland time.",
      pro: "Escalate the bet-the-business moments — a major contract, a new division, taking on a partner — to our human experts. Our team follows up by email.",
    },
    faq: [
      {
        question: "Does ClarityAI know Queensland doesn't have daylight saving?",
        answer:
          "Yes. It works in AEST year-round for Brisbane and reminds you that from October to April, Sydney and Melbourne are an hour ahead — useful when you're setting deadlines with southern clients and suppliers.",
      },
      {
        question: "Is ClarityAI useful for construction and trades businesses?",
        answer:
          "Yes. Quoting, contract cash flow, progress claims, managing subcontractors, safety culture and hiring are common questions from builders and trades. For licensing or contract disputes, it will point you to the QBCC or a construction lawyer.",
      },
      {
        question: "Can I work with a human coach in Brisbane as well?",
        answer:
          "Yes. Our coaches work virtually, so sessions fit around site visits and school runs anywhere from Ipswich to Redcliffe. See our Brisbane business coaching page or book a free 20-minute call.",
      },
    ],
    topics: ["growth-strategy", "strategic-planning", "team-management", "sales-optimization"],
    locationSummary: "Our virtual coaches work with owners across Brisbane, from Ipswich to Redcliffe and Logan — and your first 20-minute call is free.",
  },

  perth: {
    kind: "city",
    name: "Perth",
    state: "WA",
    metaTitle: "AI Business Coach for Perth Small Businesses",
    metaDescription:
      "ClarityAI is a 24/7 AI business coach for Perth owners: resources supply chains, FIFO competition for staff, WA employment rules and cash flow, on AWST.",
    headline: "ClarityAI for Perth businesses: a coach that's awake when the east coast isn't",
    lead: "Perth owners start their day while Sydney is heading to lunch, and finish it long after the east coast has logged off. ClarityAI is there either way — for quoting resources contracts, hiring in a tight market or planning through the boom-and-bust cycle.",
    introHeading: "Built for the way Perth does business",
    intro: [
      "Perth's economy moves with the resources sector. When mining and energy projects ramp up, suppliers, engineering firms, trades and even cafés feel it — and they all compete with FIFO wages for staff. When projects slow, the same businesses need a plan to hold margin and keep their best people.",
      "ClarityAI helps Perth owners plan for both sides of the cycle: spreading revenue beyond one or two big resources clients, pricing contracts paid on 60-day terms, managing rosters and retention, and knowing where Western Australia's rules differ from the rest of the country.",
    ],
    industries: [
      "Mining and energy services",
      "Engineering and technical consulting",
      "Construction and trades",
      "Transport and logistics",
      "Hospitality and tourism",
      "Agribusiness suppliers",
    ],
    timeZone: {
      label: "AWST, no daylight saving",
      body: "Perth runs on AWST (UTC+8) all year. You're two hours behind Sydney and Melbourne in winter and three hours behind in summer, which makes early calls east easy and late-afternoon replies from them rare.",
    },
    helps: [
      {
        title: "Beyond one big client",
        body: "Work out how exposed you are to one or two resources customers and plan realistic ways to spread the risk.",
      },
      {
        title: "Competing with FIFO pay",
        body: "Build a retention plan — rosters, development, flexibility and pay — for staff tempted by site wages.",
      },
      {
        title: "WA's own rules",
        body: "In WA, sole traders, partnerships and some trusts are covered by the state employment system rather than Fair Work. ClarityAI flags the difference.",
      },
    ],
    questions: [
      "One mining services client is 55% of our revenue. How do I reduce the risk?",
      "I'm a sole trader in Perth. Is my apprentice covered by Fair Work or the WA system?",
      "How do I keep a good diesel mechanic who's been offered a FIFO job?",
      "Can we afford 60-day payment terms on a $300,000 supply contract?",
      "What should I plan for if commodity prices fall and projects slow down?",
    ],
    exchange: {
      question: "One mining services client is 55% of our revenue. How worried should I be, and what do I do about it?",
      answer: [
        "Worried enough to act this year. If that client delays a project, changes procurement or goes to tender, more than half your revenue is in play — and lenders and buyers will value your business lower because of it.",
        "A practical plan: 1) protect the relationship — know your contract renewal dates and every decision-maker; 2) set a target, say no client above 35% of revenue within two years; 3) pick one or two adjacent markets where your skills transfer, such as energy, water utilities, agriculture or defence; 4) price new work to win it without discounting your core. Want to map which of your services would sell outside mining?",
      ],
    },
    tiers: {
      lite: "Contract, hiring and cash questions answered 24/7 — including at 9 pm, when the east coast has long logged off.",
      pro: "Escalate the big calls — a major tender, a key client at risk, a restructure — to our human experts. Our team follows up by email.",
    },
    faq: [
      {
        question: "Does ClarityAI understand WA employment rules?",
        answer:
          "It knows WA is different: sole traders, partnerships and some trusts fall under the state industrial relations system, while companies are covered by Fair Work. Check your own situation with Wageline, the WA Government's employment information service, or the Fair Work Ombudsman.",
      },
      {
        question: "Can I use ClarityAI outside east coast business hours?",
        answer: "Yes — it's available 24/7, so the time difference never matters. Our human team works business hours and follows up Pro escalations by email.",
      },
      {
        question: "Do your coaches work with Perth businesses?",
        answer:
          "Yes. All our coaching is virtual and booked in your time zone, so a Perth session never needs a 6 am start. See our Perth business coaching page for details.",
      },
    ],
    topics: ["team-management", "cash-flow-management", "strategic-planning", "operations-optimization"],
    locationSummary: "Our virtual coaches book sessions on Perth time for owners from Joondalup to Rockingham — and your first 20-minute call is free.",
  },

  adelaide: {
    kind: "city",
    name: "Adelaide",
    state: "SA",
    metaTitle: "AI Business Coach for Adelaide Small Businesses",
    metaDescription:
      "ClarityAI is a 24/7 AI business coach for Adelaide owners: defence supply chains, wine and food, Mad March trade and cash flow, on ACST and ACDT.",
    headline: "ClarityAI for Adelaide businesses: an AI coach on South Australian time",
    lead: "Defence suppliers, winemakers, food manufacturers and Rundle Street hospitality — ClarityAI helps Adelaide owners plan growth, price contracts and get through the busy seasons, whenever they have time to think.",
    introHeading: "Built for the way Adelaide does business",
    intro: [
      "Adelaide's business community is close-knit, and its opportunities are specific. Naval shipbuilding at Osborne and the wider defence industry are drawing engineering, manufacturing and service firms into long supply chains, while wine, food and tourism ride the seasons and export markets.",
      "ClarityAI helps Adelaide owners with the questions that come with that: whether to chase defence work and what it takes, how to plan cash and staff for vintage or a Mad March of Fringe and festival trade, and how to grow in a market where reputation travels fast.",
    ],
    industries: [
      "Defence and advanced manufacturing",
      "Wine, food and agribusiness",
      "Health and education",
      "Hospitality and tourism",
      "Construction and trades",
    ],
    timeZone: {
      label: "ACST / ACDT",
      body: "Adelaide runs on ACST (UTC+9:30) and moves to ACDT (UTC+10:30) from October to April — always half an hour behind Sydney and Melbourne. In summer, that puts you half an hour ahead of Brisbane.",
    },
    helps: [
      {
        title: "Defence supply chains",
        body: "Understand what primes look for — quality systems, cyber security, capacity — and whether the investment is worth it for your business.",
      },
      {
        title: "Seasonal cash flow",
        body: "Plan cash and staff through vintage, harvest or Mad March, so the busy season funds the quiet one rather than the other way round.",
      },
      {
        title: "Growing in a close-knit market",
        body: "Referral and partnership plans that suit a city where buyers know each other and word of mouth moves quickly.",
      },
    ],
    questions: [
      "What does it take for a 20-person machine shop to get into the defence supply chain?",
      "How should my Barossa cellar door plan staff and cash around vintage and school holidays?",
      "Plan rosters and stock for my Rundle Street bar during Fringe season.",
      "Should my Adelaide software firm chase interstate clients or go deeper with local ones?",
      "How do I price a long-term supply contract when my costs keep rising?",
    ],
    exchange: {
      question: "We're a 20-person machine shop in Adelaide's north. What would it take to get into the defence supply chain?",
      answer: [
        "It's a realistic goal, but plan on a long lead time — often a year or more before meaningful orders. Primes and their tier-one suppliers typically look for a certified quality system such as ISO 9001, proven capacity and on-time delivery, and cyber security that meets Defence requirements; some work also needs Defence Industry Security Program (DISP) membership.",
        "A sensible path: 1) list your capabilities on the ICN Gateway and talk to the Office of Defence Industry Support and Defence SA about where you fit; 2) close the quality and cyber gaps first; 3) target a smaller package with a tier-two supplier rather than going straight to a prime; 4) look after your existing customers — defence work is lumpy. Want me to turn that into a 12-month plan with costs?",
      ],
    },
    tiers: {
      lite: "Planning, pricing and seasonal cash flow help, any time of day or night.",
      pro: "Escalate the big moves — the cost of defence certification, a new export market, a major contract — to our human experts. Our team follows up by email.",
    },
    faq: [
      {
        question: "Does Adelaide's half-hour time zone matter?",
        answer:
          "Not to ClarityAI — it's available around the clock. It also knows Adelaide is 30 minutes behind Sydney and Melbourne, which helps when you're planning calls or deadlines with eastern-states clients.",
      },
      {
        question: "Is ClarityAI useful for wine and food businesses?",
        answer:
          "Yes. Seasonal cash flow, cellar door staffing, distributor margins, pricing and export planning are common questions. For export rules and labelling, it will point you to Wine Australia, Austrade or your industry body.",
      },
      {
        question: "Can I work with a human coach in Adelaide?",
        answer:
          "Yes — our coaching is virtual, so you can meet a coach from the workshop, the winery or the office anywhere in South Australia. See our Adelaide business coaching page or book a free 20-minute call.",
      },
    ],
    topics: ["growth-strategy", "business-planning", "sales-optimization", "financial-planning"],
    locationSummary: "Our virtual coaches work with owners from Salisbury to the Fleurieu, booked on Adelaide time — and your first 20-minute call is free.",
  },

  canberra: {
    kind: "city",
    name: "Canberra",
    state: "ACT",
    metaTitle: "AI Business Coach for Canberra Small Businesses",
    metaDescription:
      "ClarityAI is a 24/7 AI business coach for Canberra owners: government tenders and panels, consultancies, cash flow between contracts and hiring cleared staff.",
    headline: "ClarityAI for Canberra businesses: an AI coach for a city built around one big customer",
    lead: "For many Canberra businesses the biggest customer is the Commonwealth. ClarityAI helps you win and deliver government work, smooth the cash flow between contracts and build a business that isn't hostage to one department's budget.",
    introHeading: "Built for the way Canberra does business",
    intro: [
      "Canberra has a business economy like no other Australian city. Consultancies, IT firms, researchers and trades compete for Commonwealth and ACT Government work through tenders and panels, while cafés and retailers rise and fall with parliamentary sitting weeks and the public service calendar.",
      "ClarityAI helps Canberra owners with the challenges that brings: reading tender documents and evaluation criteria, pricing panel rates, planning for the gap between contracts, hiring staff who need security clearances, and building private-sector work as government priorities shift.",
    ],
    industries: [
      "Professional services and consulting",
      "IT, cyber security and defence",
      "Research and higher education",
      "Construction and trades",
      "Hospitality and events",
    ],
    timeZone: {
      label: "AEST / AEDT",
      body: "Canberra follows AEST (UTC+10) and moves to AEDT (UTC+11) from October to April, in step with Sydney. Commonwealth tender closing times are usually given in Canberra time — worth remembering when your bid partners are in Perth or Brisbane.",
    },
    helps: [
      {
        title: "Tenders and panels",
        body: "Plan responses around the evaluation criteria, draft and check sections, and decide which opportunities are worth the cost of bidding.",
      },
      {
        title: "Cash between contracts",
        body: "Model the gaps between engagements and build a buffer, so a delayed start doesn't mean letting good people go.",
      },
      {
        title: "Beyond one customer",
        body: "Plan a realistic mix of Commonwealth, ACT Government and private clients, so one department's budget can't sink the business.",
      },
    ],
    questions: [
      "Is it worth responding to this tender if we have a one-in-six chance of winning?",
      "How do I set day rates for a government panel without undercutting ourselves?",
      "Our main contract ends in June and the next may not start until October. How do we bridge the gap?",
      "How do I plan hiring when new staff need a baseline security clearance?",
      "Government consulting work is shrinking. How do we move into the private sector?",
    ],
    exchange: {
      question: "Our main Commonwealth contract ends in June and the next one may not start until October. How do we bridge the gap?",
      answer: [
        "Plan for the gap now, while revenue is still coming in. First work out your monthly burn — wages with super, rent, software and insurance — and how many months of it you hold in cash.",
        "Then look at the options in this order: 1) bring forward smaller work, such as short engagements through panels you're already on or private clients who can start quickly; 2) use quiet months for work you'd otherwise pay for — capability statements, certifications, internal systems; 3) explore temporary arrangements with staff only after the alternatives, and get advice before changing anyone's hours; 4) talk to your bank about a facility before June, not after. Want me to set up a July-to-October cash forecast with you?",
      ],
    },
    tiers: {
      lite: "Tender planning, rate setting and cash forecasting, 24/7 — including the night before a tender closes.",
      pro: "Escalate the high-stakes questions — a major bid, a contract dispute, restructuring after a lost panel — to our human experts. Our team follows up by email.",
    },
    privacyTip:
      "Never paste in security-classified material, documents marked in-confidence, or anything covered by your contract's confidentiality clauses. Describe the situation in general terms instead.",
    faq: [
      {
        question: "Can ClarityAI write my tender response?",
        answer:
          "It can help you plan the response, draft sections against the evaluation criteria and check you've addressed every requirement. Don't paste in anything confidential or classified, and read the full tender documents yourself — the details decide the outcome.",
      },
      {
        question: "Does ClarityAI understand government procurement?",
        answer:
          "It understands the general shape — the Commonwealth Procurement Rules, AusTender, panels, evaluation criteria and value for money — and explains them in plain English. For a specific tender, the documents and the agency's contact officer are the authority.",
      },
      {
        question: "Can I work with a human coach in Canberra?",
        answer:
          "Yes. Our coaching is virtual, so sessions fit between meetings from Civic to Fyshwick, and your first 20-minute call is free. See our Canberra business coaching page.",
      },
    ],
    topics: ["sales-optimization", "business-planning", "cash-flow-management", "team-management"],
    locationSummary:
      "Our virtual coaches work with owners from Gungahlin to Tuggeranong and over the border in Queanbeyan — and your first 20-minute call is free.",
  },

  darwin: {
    kind: "city",
    name: "Darwin",
    state: "NT",
    metaTitle: "AI Business Coach for Darwin Small Businesses",
    metaDescription:
      "ClarityAI is a 24/7 AI business coach for Darwin owners: Wet and Dry season cash flow, staff turnover, freight costs and defence work, on ACST all year.",
    headline: "ClarityAI for Darwin businesses: coaching that works through the Wet and the Dry",
    lead: "Tourism that peaks in the Dry, outdoor work that slows in the Wet, and staff who come and go — ClarityAI helps Darwin owners plan cash, people and growth around the Top End's own rhythm.",
    introHeading: "Built for the way Darwin does business",
    intro: [
      "Doing business in Darwin means planning around seasons most of the country never thinks about. Tourism and outdoor work peak in the Dry, from May to October; the Wet brings heat, storms, cyclone preparations and quieter trade. Freight from the south adds cost and lead time to almost everything you buy.",
      "The Top End's workforce moves, too: many people come for a few years, so recruiting and training never really stop. ClarityAI helps Darwin owners plan cash for the quiet months, hold on to good staff, price in freight and chase opportunities in defence, government and energy projects.",
    ],
    industries: [
      "Tourism and hospitality",
      "Defence and government services",
      "Construction and trades",
      "Energy and resources services",
      "Community services and Aboriginal organisations",
      "Transport and logistics",
    ],
    timeZone: {
      label: "ACST, no daylight saving",
      body: "Darwin runs on ACST (UTC+9:30) all year, with no daylight saving. That puts you half an hour behind Brisbane year-round, and an hour and a half behind Sydney and Melbourne in summer.",
    },
    helps: [
      {
        title: "Planning for the Wet",
        body: "A cash plan that carries the business through the quieter months, and a decision made early about what your team does when trade slows.",
      },
      {
        title: "Staff who stay longer",
        body: "Recruitment, onboarding and retention plans for a workforce where many people are only in town for a few years.",
      },
      {
        title: "Freight and stock",
        body: "Price freight and lead times in properly, and work out how much stock to hold before the Wet disrupts supply.",
      },
    ],
    questions: [
      "How do I keep my tour business's cash flow healthy from November to April?",
      "We lose staff every 18 months. How do I make onboarding faster and keep people longer?",
      "How should my hardware store price in freight from Adelaide and Brisbane?",
      "How does Picnic Day affect my rosters and pay rates?",
      "What does it take to win subcontract work on defence projects in the Top End?",
    ],
    exchange: {
      question: "My Darwin tour business makes 80% of its revenue between May and October. How do I get through the Wet?",
      answer: [
        "Treat the Dry as the season that pays for the whole year. First, work out your monthly fixed costs in the Wet — rent, insurance, vehicle finance, core staff — and multiply by six. That's the reserve you want put aside by October.",
        "Then close the gap from both ends: 1) sweep a fixed percentage of every Dry season week's takings into a separate account; 2) take deposits early for next Dry, especially from interstate and overseas visitors who book ahead; 3) consider a Wet season product — waterfall flights, corporate groups, school holiday trips for locals; 4) agree Wet season arrangements with staff well in advance, checking the award and their contracts before changing hours. Want me to set up a 12-month cash plan that shows your lowest point?",
      ],
    },
    tiers: {
      lite: "Seasonal cash planning, rosters, pricing and hiring help, 24/7 — including at 11 pm in the middle of the Wet.",
      pro: "Escalate the bigger decisions — recovering after a cyclone, a major contract, restructuring for the Wet — to our human experts. Our team follows up by email.",
    },
    faq: [
      {
        question: "Does ClarityAI know about Darwin's seasons?",
        answer:
          "Yes. It plans around the Dry season peak from May to October and the Wet from November to April, and it knows how freight, tourism and construction schedules shift between them. You bring the specifics of your business.",
      },
      {
        question: "Can ClarityAI help with cyclone preparation?",
        answer:
          "It can help you write a business continuity plan — who does what, data backups, supplier contacts, a cash reserve and how you'll keep staff and customers informed. For safety and warnings, always follow NT Emergency Service and Bureau of Meteorology advice.",
      },
      {
        question: "Can I work with a human coach from Darwin?",
        answer:
          "Yes. Our coaching is virtual and booked in your time zone, so distance from the southern capitals doesn't matter. See our Darwin business coaching page or book a free 20-minute call.",
      },
    ],
    topics: ["cash-flow-management", "team-management", "business-planning", "marketing-strategy"],
    locationSummary:
      "Our virtual coaches work with owners from the CBD to Palmerston and across the Top End, booked on Darwin time — and your first 20-minute call is free.",
  },

  hobart: {
    kind: "city",
    name: "Hobart",
    state: "TAS",
    metaTitle: "AI Business Coach for Hobart Small Businesses",
    metaDescription:
      "ClarityAI is a 24/7 AI business coach for Hobart owners: tourism seasons, hospitality, Bass Strait freight, food and drink producers and cash flow.",
    headline: "ClarityAI for Hobart businesses: an AI coach for island businesses with big ambitions",
    lead: "Hospitality on the waterfront, producers in the Huon and Derwent valleys, and a visitor season that swings with the weather and the cruise ships — ClarityAI helps Hobart owners plan for all of it.",
    introHeading: "Built for the way Hobart does business",
    intro: [
      "Hobart's visitor economy has grown into a year-round story: summer cruise ships and festivals, MONA drawing visitors in every season, and winter events that have made the cold months worth the trip. But the swings are real, and the labour market is small — a few good hires can make or break a season.",
      "Island business also means freight. Almost everything crosses Bass Strait, adding cost and lead time both ways. ClarityAI helps Hobart owners price for it, plan cash through the quieter months, build a reliable team and grow producers' sales on the mainland and overseas.",
    ],
    industries: [
      "Tourism and hospitality",
      "Food, wine, whisky and gin producers",
      "Aquaculture and marine services",
      "Antarctic and marine science supply",
      "Construction and trades",
      "Health and community services",
    ],
    timeZone: {
      label: "AEST / AEDT",
      body: "Hobart uses AEST (UTC+10) and moves to AEDT (UTC+11) from the first Sunday in October to the first Sunday in April, in step with Sydney and Melbourne. Long summer evenings are good for trade; dark winter afternoons are when many owners plan.",
    },
    helps: [
      {
        title: "Seasonal planning",
        body: "Cash and rostering plans that follow the cruise, summer and winter seasons, so a strong month pays for a quiet one.",
      },
      {
        title: "Bass Strait costs",
        body: "Price in freight and lead times for what you buy and sell, and plan stock so the shelves don't empty when a ship is delayed.",
      },
      {
        title: "Growing beyond the island",
        body: "For producers: wholesale, online and export plans with margins that still work after freight.",
      },
    ],
    questions: [
      "How do I price my gin so the margin still works after freight to mainland retailers?",
      "How should my Salamanca café staff up for cruise ship days?",
      "We struggle to find chefs in winter. How do I keep a core team year-round?",
      "Should my Huon Valley cider business sell through distributors or direct online?",
      "How do I plan cash for the shoulder months after Easter?",
    ],
    exchange: {
      question: "How do I price my gin so the margin still works after freight to mainland retailers?",
      answer: [
        "Work backwards from the shelf. Say you want a 700 ml bottle on mainland shelves at $85. Take out GST and that's about $77; a bottle shop typically keeps 30–40% of that, so they'll pay you around $46–$54. A distributor will take their own cut on top.",
        "From your wholesale price, take off excise — around $30 a bottle at 40% alcohol, unless the ATO's excise refund scheme for small producers covers you — then freight across Bass Strait, the bottle and packaging, and production. If the margin is thin, the usual fixes are a higher shelf price with premium positioning, more sales through your cellar door and online, where you keep the retail margin, or sharing freight with other producers. Excise is indexed twice a year, so check the current rate. Want me to build a price waterfall with your numbers?",
      ],
    },
    tiers: {
      lite: "Pricing, seasonal planning and staffing help, 24/7 — whether it's a cruise ship morning or a quiet Tuesday in July.",
      pro: "Escalate the big calls — a new venue, an export deal, a major distributor contract — to our human experts. Our team follows up by email.",
    },
    faq: [
      {
        question: "Does ClarityAI understand Tasmanian business conditions?",
        answer:
          "It understands the big factors — a seasonal visitor economy, Bass Strait freight, a small labour market and a strong producer sector — and plans around them. You bring the local detail, and it helps you turn that into a plan.",
      },
      {
        question: "Can it help food and drink producers with wholesale and export?",
        answer:
          "Yes: pricing waterfalls, distributor terms, online sales and export readiness. For regulations such as excise, labelling and export permits, it explains the basics and points you to the ATO, Food Standards Australia New Zealand, the Department of Agriculture or Austrade.",
      },
      {
        question: "Can I work with a human coach in Hobart?",
        answer:
          "Yes — our coaching is virtual, so you don't need to fly to Melbourne or wait for a coach to visit. See our Hobart business coaching page or book a free 20-minute call.",
      },
    ],
    topics: ["marketing-strategy", "cash-flow-management", "growth-strategy", "cost-optimization"],
    locationSummary: "Our virtual coaches work with owners from Kingston to Glenorchy, the Huon Valley and beyond — and your first 20-minute call is free.",
  },

  "gold-coast": {
    kind: "city",
    name: "Gold Coast",
    state: "QLD",
    metaTitle: "AI Business Coach for Gold Coast Small Businesses",
    metaDescription:
      "ClarityAI is a 24/7 AI business coach for Gold Coast owners: tourism peaks, hospitality rosters, construction and cross-border time zones, on AEST all year.",
    headline: "ClarityAI for Gold Coast businesses: a coach for holiday peaks and building booms",
    lead: "School holiday crowds, a steady building boom and a border that splits the clock in summer — ClarityAI helps Gold Coast owners plan rosters, cash and growth, at any hour.",
    introHeading: "Built for the way the Gold Coast does business",
    intro: [
      "The Gold Coast economy runs on visitors and growth. Tourism and hospitality swing with school holidays, events and interstate travel, while a growing population keeps builders, trades and health services busy.",
      "Both bring the same challenges: staffing the peaks without carrying the cost through the troughs, getting paid on bigger construction jobs, and keeping quality up when the whole coast is hiring. ClarityAI helps owners from Coomera to Coolangatta plan for them — and keeps track of the border, where Tweed Heads runs an hour ahead in summer.",
    ],
    industries: [
      "Tourism and hospitality",
      "Construction and trades",
      "Health and wellness",
      "Education and international students",
      "Events and entertainment",
      "Marine and boating services",
    ],
    timeZone: {
      label: "AEST all year",
      body: "Like the rest of Queensland, the Gold Coast stays on AEST (UTC+10) all year. Across the border, Tweed Heads moves to daylight saving, so from October to April Coolangatta and Tweed Heads run an hour apart — worth knowing if you roster staff or book customers on both sides.",
    },
    helps: [
      {
        title: "Peaks and troughs",
        body: "Roster and cash plans built around school holidays, events and quieter months, so the peak season pays for the year.",
      },
      {
        title: "Construction cash flow",
        body: "Progress claims, retentions and supplier terms modelled before you sign, so a big job doesn't stretch you too thin.",
      },
      {
        title: "Staff in a competitive market",
        body: "Recruitment, training and retention plans for when every café and building site on the coast is hiring at once.",
      },
    ],
    questions: [
      "Some of my Coolangatta café staff live in Tweed Heads. How does daylight saving affect rosters?",
      "How do I roster my Burleigh café for the September school holidays without wages blowing out?",
      "How should my building company plan cash around a slow-paying developer?",
      "Is it worth opening on Christmas Day and New Year's Day at public holiday rates?",
      "How do I keep good hospitality staff after the peak season ends?",
    ],
    exchange: {
      question: "Some of my Coolangatta café staff live in Tweed Heads. How does daylight saving affect rosters?",
      answer: [
        "From the first Sunday in October to the first Sunday in April, New South Wales is an hour ahead of Queensland. Your café runs on Queensland time, so a 6 am start in Coolangatta is 7 am on a Tweed Heads clock — easy to mix up in the first week.",
        "A few habits help: 1) write every roster in Queensland time and say so on the roster; 2) send a reminder the week daylight saving starts and ends; 3) set your rostering app's time zone to Brisbane, not Sydney; 4) remember that public holidays follow where the employee is based for work, so Queensland's apply to your café staff wherever they live. Want me to draft the reminder message for your team?",
      ],
    },
    tiers: {
      lite: "Roster, cash and hiring help around the clock, from school holiday peaks to the quieter weeks.",
      pro: "Escalate the big decisions — a second venue, a major building contract, a new lease — to our human experts. Our team follows up by email.",
    },
    faq: [
      {
        question: "Does ClarityAI know about the Queensland–NSW border time difference?",
        answer:
          "Yes. Queensland doesn't have daylight saving and New South Wales does, so from October to April the twin towns of Coolangatta and Tweed Heads are an hour apart. ClarityAI can help you set rosters, booking confirmations and deadlines so nobody turns up an hour early.",
      },
      {
        question: "Is ClarityAI useful for tourism businesses?",
        answer:
          "Very. Seasonal cash flow, rostering for peaks, pricing, online reviews and keeping staff are common questions from tourism and hospitality owners.",
      },
      {
        question: "Can I work with a human coach on the Gold Coast?",
        answer:
          "Yes. Our coaching is virtual, so you can meet a coach from Southport, Robina or the back office of your venue. See our Gold Coast business coaching page or book a free 20-minute call.",
      },
    ],
    topics: ["marketing-strategy", "customer-acquisition", "cash-flow-management", "team-management"],
    locationSummary:
      "Our virtual coaches work with owners from Coomera to Coolangatta — no Pacific Motorway traffic required — and your first 20-minute call is free.",
  },

  newcastle: {
    kind: "city",
    name: "Newcastle",
    state: "NSW",
    metaTitle: "AI Business Coach for Newcastle and the Hunter",
    metaDescription:
      "ClarityAI is a 24/7 AI business coach for Newcastle and Hunter owners: engineering, defence, health, trades and new markets beyond coal, on Sydney time.",
    headline: "ClarityAI for Newcastle businesses: coaching for a city reinventing its economy",
    lead: "Engineering shops, defence suppliers near Williamtown, health and research businesses and Hunter Valley tourism — ClarityAI helps Newcastle owners plan growth and new markets as the region's economy shifts.",
    introHeading: "Built for the way Newcastle does business",
    intro: [
      "Newcastle built its economy on steel, coal and heavy engineering, and the skills from that era are everywhere: fabricators, electrical contractors, engineering consultancies and maintenance specialists. As the region moves beyond coal, many of those businesses are looking for new customers in renewable energy, defence, health and infrastructure.",
      "ClarityAI helps Hunter owners think those moves through: which adjacent markets fit your capabilities, what certifications and investment they need, how to price project work, and how to keep skilled staff when mines and major projects are paying well.",
    ],
    industries: [
      "Engineering and fabrication",
      "Defence and aerospace around Williamtown",
      "Health and medical research",
      "Energy, mining and renewables services",
      "Construction and trades",
      "Hunter Valley wine and tourism",
    ],
    timeZone: {
      label: "AEST / AEDT",
      body: "Newcastle is on AEST (UTC+10) and moves to AEDT (UTC+11) from October to April, in step with Sydney. Your Queensland clients are an hour behind you over summer.",
    },
    helps: [
      {
        title: "New markets for proven skills",
        body: "Map your capabilities against renewable energy, defence, health and infrastructure work, and pick the best fit to pursue first.",
      },
      {
        title: "Project pricing and cash",
        body: "Price fixed-price and schedule-of-rates work properly, and model the cash that larger projects tie up.",
      },
      {
        title: "Keeping skilled people",
        body: "Retention plans for tradespeople and engineers being courted by the mines and major projects.",
      },
    ],
    questions: [
      "Our fabrication shop relies on coal mine maintenance. Which new markets should we look at?",
      "What would it take to supply the defence and aerospace businesses around Williamtown?",
      "How do I price a fixed-price job on a renewable energy project we've never done before?",
      "How do I compete with mine wages for good electricians?",
      "Should my Hunter Valley cellar door open seven days or focus on weekends and events?",
    ],
    exchange: {
      question: "Our Newcastle fabrication shop gets 60% of its work from coal mine maintenance. Which new markets should we look at?",
      answer: [
        "Start with what you're already good at, not what's in the news. List your capabilities — welding certifications, materials, maximum job size, site-ready crews, quality systems — then compare them with what buyers in nearby markets need.",
        "1) Renewable energy and transmission projects: structural steel, brackets and maintenance work. 2) Defence and aerospace around Williamtown: usually needs certified quality systems and traceability. 3) Port, rail and water infrastructure: heavy fabrication much like mining work. 4) Manufacturing and food processing: smaller repeat jobs that even out your workload. Pick one or two, talk to three potential customers in each before you invest, and keep serving your mining clients well while you build. Want me to set up a capability-to-market matrix with you?",
      ],
    },
    tiers: {
      lite: "Market, pricing, hiring and cash flow questions answered 24/7.",
      pro: "Escalate the big moves — a new market, a major project bid, equipment for a new line of work — to our human experts. Our team follows up by email.",
    },
    faq: [
      {
        question: "Is ClarityAI useful for engineering and industrial businesses?",
        answer:
          "Yes. Quoting, project cash flow, capability statements, tenders, safety culture and keeping skilled trades are common questions from engineering and fabrication businesses.",
      },
      {
        question: "Does ClarityAI cover the wider Hunter?",
        answer:
          "Yes. It works anywhere you have an internet connection, so it's just as useful in Maitland, Cessnock, Port Stephens or Lake Macquarie as in Newcastle itself.",
      },
      {
        question: "Can I work with a human coach in Newcastle?",
        answer:
          "Yes. Our coaching is virtual, so you can meet a coach from the workshop or the office without driving to Sydney. See our Newcastle business coaching page or book a free 20-minute call.",
      },
    ],
    topics: ["growth-strategy", "strategic-planning", "operations-optimization", "customer-acquisition"],
    locationSummary:
      "Our virtual coaches work with owners across Newcastle and the Hunter, from Lake Macquarie to Maitland — and your first 20-minute call is free.",
  },

  wollongong: {
    kind: "city",
    name: "Wollongong",
    state: "NSW",
    metaTitle: "AI Business Coach for Wollongong and the Illawarra",
    metaDescription:
      "ClarityAI is a 24/7 AI business coach for Wollongong and Illawarra owners: manufacturing supply, health, education, tourism and winning local customers.",
    headline: "ClarityAI for Wollongong businesses: an AI coach for the Illawarra",
    lead: "Between the escarpment and the sea, Wollongong businesses serve the steelworks and the university, aged care and holidaymakers — and compete with Sydney for both staff and customers. ClarityAI helps you plan, price and grow at any hour.",
    introHeading: "Built for the way Wollongong does business",
    intro: [
      "The Illawarra's economy has broadened well beyond the Port Kembla steelworks. Health care, education, professional services and tourism along the Grand Pacific Drive now employ more people, while the port, manufacturing and the region's renewable energy plans keep engineering and trades businesses busy.",
      "Wollongong owners also live with Sydney next door: many locals commute north for work, and some local customers do their spending there too. ClarityAI helps you win and keep local customers, become a supplier to the big local employers and make the most of the visitors who come down the coast.",
    ],
    industries: [
      "Manufacturing, steel and port services",
      "Health and aged care",
      "Education and research",
      "Construction and trades",
      "Tourism and hospitality",
      "Professional services",
    ],
    timeZone: {
      label: "AEST / AEDT",
      body: "Wollongong is on AEST (UTC+10) and moves to AEDT (UTC+11) from October to April, the same as Sydney — handy when your customers, suppliers or staff travel up and down the coast.",
    },
    helps: [
      {
        title: "Winning local customers",
        body: "Local search, referrals and partnerships that keep Illawarra spending in the Illawarra instead of in Sydney.",
      },
      {
        title: "Supplying the big employers",
        body: "Capability statements, pricing and a plan for getting in the door with the region's aged care providers, manufacturers and institutions.",
      },
      {
        title: "Staffing next to Sydney",
        body: "Recruit and keep people who could easily commute north, with flexibility and development a Sydney job can't match.",
      },
    ],
    questions: [
      "How do I win cleaning contracts with local aged care homes and medical centres?",
      "Our customers drive to Sydney for bigger purchases. How do we compete?",
      "Plan a summer marketing push for my Thirroul café around Grand Pacific Drive traffic.",
      "How can I keep an engineer who's been offered a Sydney job for $20,000 more?",
      "Is it worth preparing now for renewable energy work in the Illawarra?",
    ],
    exchange: {
      question: "How do I win cleaning contracts with local aged care homes and medical centres?",
      answer: [
        "These buyers care most about risk, so lead with compliance. Before you approach anyone, have in place: infection control training and written procedures, current insurances, police checks for staff working on site, a documented quality and WHS system, and references from similar sites.",
        "Then: 1) find out who buys — in aged care it's often the facility manager or a regional operations manager, and in medical centres the practice manager; 2) prepare a one-page capability statement showing your Illawarra coverage and response times; 3) offer to start with one site or an after-hours trial to prove yourself. Want me to draft the capability statement?",
      ],
    },
    tiers: {
      lite: "Marketing, pricing, hiring and contract-winning help, 24/7.",
      pro: "Escalate the bigger decisions — a major contract bid, a new site, a key hire — to our human experts. Our team follows up by email.",
    },
    faq: [
      {
        question: "Does ClarityAI cover the whole Illawarra?",
        answer: "Yes. It's online, so it's just as useful in Shellharbour, Kiama or Helensburgh as in Wollongong itself.",
      },
      {
        question: "Can ClarityAI help me compete with Sydney businesses?",
        answer:
          "Yes — by focusing on what you can do that they can't: faster response times, local knowledge, personal service and lower overheads. It helps you build those into your offer, your pricing and your marketing.",
      },
      {
        question: "Can I work with a human coach in Wollongong?",
        answer:
          "Yes. Our coaching is virtual, so there's no need to travel to Sydney for a meeting. See our Wollongong business coaching page or book a free 20-minute call.",
      },
    ],
    topics: ["customer-acquisition", "operations-optimization", "marketing-strategy", "financial-planning"],
    locationSummary: "Our virtual coaches work with owners from Helensburgh to Kiama — no drive up the M1 — and your first 20-minute call is free.",
  },

  geelong: {
    kind: "city",
    name: "Geelong",
    state: "VIC",
    metaTitle: "AI Business Coach for Geelong Small Businesses",
    metaDescription:
      "ClarityAI is a 24/7 AI business coach for Geelong owners: advanced manufacturing, NDIS and health services, Surf Coast tourism and growth, on Melbourne time.",
    headline: "ClarityAI for Geelong businesses: coaching for a city that has reinvented itself",
    lead: "From advanced manufacturing in Corio to NDIS providers, Surf Coast tourism and new estates in Armstrong Creek, ClarityAI helps Geelong owners plan, price and grow — whenever they have a moment to think.",
    introHeading: "Built for the way Geelong does business",
    intro: [
      "Geelong has reinvented itself since car making and aluminium smelting ended. The national offices of the NDIA, WorkSafe Victoria and the TAC, Deakin University and a growing health sector now anchor the economy, alongside advanced manufacturing, construction for a fast-growing population and tourism along the Surf Coast and Great Ocean Road.",
      "That mix raises specific questions. Manufacturers are finding new products and customers, NDIS and allied health providers are balancing growth with compliance, builders and trades are keeping up with new estates, and tourism operators are planning for the summer peak. ClarityAI helps Geelong owners work through each of them, at any hour.",
    ],
    industries: [
      "Advanced manufacturing",
      "NDIS, health and community services",
      "Construction and trades",
      "Education and research",
      "Tourism on the Surf Coast and Great Ocean Road",
      "Professional services",
    ],
    timeZone: {
      label: "AEST / AEDT",
      body: "Geelong is on AEST (UTC+10) and moves to AEDT (UTC+11) from October to April, the same as Melbourne — which keeps things simple for the many local businesses that sell into the city.",
    },
    helps: [
      {
        title: "Manufacturing's next chapter",
        body: "Find new products, customers and markets for your capabilities, and price custom and short-run work properly.",
      },
      {
        title: "Growing NDIS and health services",
        body: "Plan growth that keeps pace with registration, quality and safeguarding obligations, and manage cash around payroll and claiming.",
      },
      {
        title: "Building for a growing city",
        body: "Quoting, scheduling and cash flow for builders and trades keeping up with new estates from Armstrong Creek to Lara.",
      },
    ],
    questions: [
      "We make parts for one industry. How do we find new customers for our Geelong manufacturing business?",
      "We're an NDIS provider growing fast. What should we put in place before hiring 10 more support workers?",
      "How should my Torquay surf school plan cash and staff between summers?",
      "How do I price short-run custom manufacturing jobs so they're worth doing?",
      "Should my building company focus on new estates or renovations?",
    ],
    exchange: {
      question: "We're a Geelong NDIS provider growing fast. What should we put in place before we hire 10 more support workers?",
      answer: [
        "Get the foundations right before the headcount, because problems multiply with every hire. Five things to check: 1) worker screening — workers in risk-assessed roles need an NDIS Worker Screening Check before they start; 2) award compliance — the SCHADS Award has detailed rules for shifts, broken shifts and travel time, so make sure your rostering and payroll handle them; 3) supervision — decide who supervises whom before new people arrive; 4) cash — wages go out weekly or fortnightly, so model the gap before claims are paid; 5) your incident management and complaints systems.",
        "Want me to draft a 90-day hiring plan that builds these in?",
      ],
    },
    tiers: {
      lite: "Planning, pricing, hiring and operations questions answered 24/7, on Melbourne time.",
      pro: "Escalate the big decisions — a new facility, a major contract, a restructure — to our human experts. Our team follows up by email.",
    },
    privacyTip:
      "If you run an NDIS or health business, never share participant or patient details. Describe situations in general terms, and leave out names, diagnoses and plan information.",
    faq: [
      {
        question: "Is ClarityAI useful for NDIS providers?",
        answer:
          "Yes, for the business side — growth planning, rostering, cash flow, hiring and team management. For NDIS rules and registration, the NDIS Quality and Safeguards Commission is the authority, and ClarityAI will point you there.",
      },
      {
        question: "Does ClarityAI cover the Surf Coast and the Bellarine?",
        answer: "Yes. It's online, so it works just as well in Torquay, Ocean Grove or Drysdale as in central Geelong.",
      },
      {
        question: "Can I work with a human coach in Geelong?",
        answer:
          "Yes. Our coaching is virtual, so there's no drive up the Princes Freeway for a meeting in Melbourne. See our Geelong business coaching page or book a free 20-minute call.",
      },
    ],
    topics: ["operations-optimization", "growth-strategy", "sales-optimization", "cost-optimization"],
    locationSummary: "Our virtual coaches work with owners across Geelong, the Bellarine and the Surf Coast — and your first 20-minute call is free.",
  },
};

/** The page for a slug, or null when the slug is neither a topic nor a city. */
export function getClarityAiPage(slug: string | undefined): ClarityAiPage | null {
  if (isClarityAiTopicSlug(slug)) return CLARITYAI_TOPICS[slug];
  if (isClarityAiCitySlug(slug)) return CLARITYAI_CITIES[slug];
  return null;
}
