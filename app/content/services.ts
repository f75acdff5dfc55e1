import type { IconName } from "~/content/types";

export const SERVICE_SLUGS = ["strategic-planning", "operational-improvement", "digital-systems", "software-solutions"] as const;
export type ServiceSlug = (typeof SERVICE_SLUGS)[number];
export type RelatedSlug = ServiceSlug | "clarityai";

export type ServiceSummary = {
  title: string;
  to: string;
  icon: IconName;
  summary: string;
  highlights: string[];
  /** Descriptive link text, so "learn more" links still make sense out of context. */
  linkLabel: string;
};

export type Service = ServiceSummary & {
  slug: ServiceSlug;
  eyebrow: string;
  headline: string;
  metaTitle: string;
  metaDescription: string;
  lead: string;
  introHeading: string;
  intro: string[];
  whoFor: string[];
  outcomes: { title: string; body: string }[];
  steps: { title: string; body: string }[];
  engagement: string;
  results: { figure: string; label: string }[];
  example: { title: string; body: string };
  /** A section unique to each service: what sets it apart from the others. */
  spotlight: { heading: string; intro: string; items: string[] };
  faq: { question: string; answer: string }[];
  related: RelatedSlug[];
};

export function isServiceSlug(value: string | undefined): value is ServiceSlug {
  return (SERVICE_SLUGS as readonly (string | undefined)[]).includes(value);
}

// Summaries are kept apart from the full pages so the overview can import them without the rest.
export const SERVICE_SUMMARIES: Record<RelatedSlug, ServiceSummary> = {
  "strategic-planning": {
    title: "Strategic Planning",
    to: "/services/strategic-planning",
    icon: "compass",
    summary: "A one-page plan for the next 12 months, with quarterly priorities your team can actually follow.",
    highlights: [
      "Three-year direction and 12-month targets on one page",
      "Three or four 90-day priorities, each with an owner",
      "A monthly numbers review: revenue, margin and cash",
    ],
    linkLabel: "Explore strategic planning coaching",
  },
  "operational-improvement": {
    title: "Operational Improvement",
    to: "/services/operational-improvement",
    icon: "gear",
    summary: "Map how work really flows, remove the double handling and win back the hours lost each week.",
    highlights: [
      "Enquiry-to-invoice process mapping",
      "Checklists and procedures your team will actually use",
      "Clear decision rights, so questions stop landing on your desk",
    ],
    linkLabel: "Explore operational improvement coaching",
  },
  "digital-systems": {
    title: "Digital Systems",
    to: "/services/digital-systems",
    icon: "layers",
    summary: "Choose and connect the right cloud tools — accounting, CRM, job management — so data is entered once.",
    highlights: [
      "Xero, MYOB or QuickBooks set up properly for GST and BAS",
      "CRM and job management that fit the way you work",
      "Integrations that end double entry and spreadsheet glue",
    ],
    linkLabel: "Explore digital systems coaching",
  },
  "software-solutions": {
    title: "Software Solutions",
    to: "/services/software-solutions",
    icon: "code",
    summary: "When off-the-shelf doesn't fit, we scope and oversee custom software that pays for itself.",
    highlights: [
      "Fixed-price discovery before anything is built",
      "Honest build-versus-buy advice, including when not to build",
      "Independent oversight of your developers",
    ],
    linkLabel: "Explore custom software solutions",
  },
  clarityai: {
    title: "ClarityAI Coach",
    to: "/services/clarityai",
    icon: "spark",
    summary: "A 24/7 AI business coach trained on our coaching playbooks, with Australian business know-how built in.",
    highlights: [
      "Ask anything, any time — no appointment needed",
      "Understands BAS, GST, super and award wages",
      "Pro members can escalate complex questions to a human expert",
    ],
    linkLabel: "Explore ClarityAI, the 24/7 AI business coach",
  },
};

export const SERVICES: Record<ServiceSlug, Service> = {
  "strategic-planning": {
    ...SERVICE_SUMMARIES["strategic-planning"],
    slug: "strategic-planning",
    eyebrow: "Strategic planning coaching",
    headline: "A clear 12-month plan for your business — and the rhythm to actually follow it",
    metaTitle: "Strategic Planning Coaching for Small Business",
    metaDescription:
      "Virtual strategic planning coaching for Australian small businesses: a one-page 12-month plan, 90-day priorities and a weekly rhythm. Free 20-minute call.",
    lead: "Most small-business plans die in a drawer by March. We help you decide where the business is heading, choose the three or four priorities that matter this quarter and build a simple weekly rhythm so they get done.",
    introHeading: "Busy isn't the same as getting ahead",
    intro: [
      "If you're flat out every day but not sure the business is any further ahead than it was a year ago, you don't have a work-ethic problem — you have a direction problem. Strategic planning is simply deciding what you will and won't do, in what order, and how you'll know it's working.",
      "Our coaches have run businesses themselves and have helped owners plan through growth spurts, downturns, new partners and succession. We keep it practical: no 40-page document and no consultant jargon — a plan that fits on one page, numbers you can check in five minutes and a meeting rhythm that keeps the plan alive.",
    ],
    whoFor: [
      "Owners of established businesses, typically 2 to 50 staff, who have outgrown running on instinct",
      "Founders deciding whether to hire, open a second location or launch a new service line",
      "Business partners and family businesses who need to agree on where the business is going",
      "Owners planning an exit or succession in the next three to five years",
      "Anyone who has written a plan before and watched it gather dust",
    ],
    outcomes: [
      {
        title: "A one-page strategic plan",
        body: "Where you want the business to be in three years, the 12-month targets that get you there and the things you'll deliberately stop doing.",
      },
      {
        title: "90-day priorities with owners",
        body: "Three or four quarterly priorities, each with a named owner, a clear finish line and a date. Not a wish list of twenty half-started projects.",
      },
      {
        title: "A scorecard you'll actually read",
        body: "Five to eight weekly and monthly measures — revenue, gross margin, cash in the bank, pipeline, staff utilisation — that warn you early when something is off.",
      },
      {
        title: "Decisions tested against cash",
        body: "Growth plans checked against cash flow, BAS and tax timing, so a good year on paper doesn't turn into a tight year in the bank.",
      },
      {
        title: "A planning rhythm",
        body: "A 30-minute weekly check-in, a monthly numbers review and a quarterly reset, so planning becomes a habit rather than a once-a-year event.",
      },
      {
        title: "Partners and key staff on the same page",
        body: "A plan your business partner and team leaders helped shape, so everyone pulls in the same direction without you repeating yourself.",
      },
    ],
    steps: [
      {
        title: "Free 20-minute discovery call",
        body: "Tell us where the business is and what's keeping you up at night. We'll tell you honestly whether strategic planning is the right place to start.",
      },
      {
        title: "Where are we now?",
        body: "You share last year's profit and loss, your cash position and a short questionnaire. The first session is a frank look at what's working, what isn't and why.",
      },
      {
        title: "Set the direction",
        body: "Over two sessions we agree the three-year picture and 12-month targets, then choose the 90-day priorities. Partners or key staff join for this part.",
      },
      {
        title: "Build the rhythm",
        body: "We set up your one-page plan, scorecard and meeting cadence in the tools you already use — a shared document or spreadsheet is fine.",
      },
      {
        title: "Stay accountable",
        body: "Fortnightly or monthly sessions to review the numbers, unblock priorities and reset each quarter. Between sessions, ClarityAI is there for the late-night questions.",
      },
    ],
    engagement: "Most clients start with four to six sessions over the first two months, then move to a monthly check-in.",
    results: [
      { figure: "1 page", label: "plan your whole team can read in five minutes" },
      { figure: "3–4", label: "clear priorities each quarter, instead of twenty competing ones" },
      { figure: "90 days", label: "to the first quarterly reset, with results you can measure" },
    ],
    example: {
      title: "A typical engagement",
      body: "A Gold Coast electrical contractor with 12 staff was busy but watching margins slide. Planning showed small residential call-outs were taking most of the office's time for a small share of the profit. The 12-month plan shifted the focus to commercial maintenance contracts, with one 90-day priority to land the first three. Two quarters later, margins were up and the owner had stopped quoting on weekends.",
    },
    spotlight: {
      heading: "What goes on your one-page plan",
      intro: "Every plan we build has the same six parts. If it doesn't fit on one page, it isn't finished yet.",
      items: [
        "Purpose: why the business exists and who it serves best",
        "Three-year picture: revenue, profit, team size and what a normal week looks like for you",
        "12-month targets: revenue, gross margin, net profit and a cash reserve",
        "90-day priorities: three or four, each with an owner and a finish line",
        "Scorecard: the handful of numbers you check every week",
        "Stop-doing list: the customers, products and habits you're walking away from",
      ],
    },
    faq: [
      {
        question: "Is this the same as writing a business plan for the bank?",
        answer:
          "No. A business plan for a lender is written to secure finance. Ours is an operating plan that you and your team use every week. That said, once the thinking is done, turning it into a lender-ready plan is much quicker — and we can help with that too.",
      },
      {
        question: "Do you write the plan for me?",
        answer:
          "We facilitate, challenge your assumptions and supply the templates, but you and your team make the decisions. A plan you wrote yourself is a plan you'll follow.",
      },
      {
        question: "Should my staff be involved?",
        answer:
          "Your business partner and one or two key people should join the direction-setting sessions. The wider team usually comes in when you share the plan and set up the weekly check-in.",
      },
      {
        question: "What if things change halfway through the year?",
        answer:
          "They will. That's why we plan in 90-day blocks: each quarterly reset is the moment to adjust priorities to what's actually happening — a lost client, a new opportunity, interest rates — without throwing out the whole plan.",
      },
      {
        question: "Does it work over video?",
        answer:
          "Yes. We use a shared whiteboard and documents on screen, and many owners find it easier to focus from their own office than in a hotel conference room. Sessions are booked in your time zone, from Perth to Hobart.",
      },
    ],
    related: ["operational-improvement", "clarityai", "digital-systems"],
  },

  "operational-improvement": {
    ...SERVICE_SUMMARIES["operational-improvement"],
    slug: "operational-improvement",
    eyebrow: "Operational improvement coaching",
    headline: "Win back the hours your business loses every week",
    metaTitle: "Operational Improvement Coaching for Small Business",
    metaDescription:
      "Map how work really flows from enquiry to invoice, remove double handling and save hours every week. Virtual operations coaching for Australian businesses.",
    lead: "We map how work really flows through your business — from first enquiry to paid invoice — then remove the double handling, rework and 'just ask the boss' moments that eat your week.",
    introHeading: "Your business is leaking time. Let's find where.",
    intro: [
      "Most owners don't need to work harder; they need the business to stop leaking time. A quote re-typed into three systems, a job that stalls because only one person knows the supplier's login, an invoice that goes out two weeks after the work is done — each one costs minutes, and together they cost days.",
      "Operational improvement is the unglamorous work that frees you up. We walk through your core processes with you and the people who do the work, find where time and money are lost, and fix the biggest leaks first. Across our clients, the average saving is 15 hours a week.",
    ],
    whoFor: [
      "Owners who have become the bottleneck: every approval, question and decision comes to you",
      "Trades, clinics, agencies and professional services firms where jobs slip between quote and invoice",
      "Businesses growing fast enough that 'how we've always done it' is starting to break",
      "Teams that make the same mistakes twice because nothing is written down",
      "Owners who want to take four weeks off without the phone ringing",
    ],
    outcomes: [
      {
        title: "A map of how work really flows",
        body: "A simple visual map of your core processes — enquiry, quote, delivery, invoice, payment — showing every hand-off, delay and bit of rework.",
      },
      {
        title: "The biggest leaks, costed",
        body: "Each problem given a rough weekly cost in hours and dollars, so you fix what matters most rather than what's loudest.",
      },
      {
        title: "Checklists people actually use",
        body: "Short, plain-English procedures written with the people who do the job, and kept where the team already works — not in a binder on a shelf.",
      },
      {
        title: "Clear roles and decision rights",
        body: "Who decides what, and up to what dollar amount, so your team can act without waiting for you.",
      },
      {
        title: "Faster cash collection",
        body: "A tighter path from job completion to invoice to payment: invoicing on the day, clear payment terms and automatic reminders.",
      },
      {
        title: "Measures that keep it fixed",
        body: "A few operational numbers — turnaround time, jobs right first time, debtor days — reviewed monthly so old habits don't creep back.",
      },
    ],
    steps: [
      {
        title: "Free 20-minute discovery call",
        body: "Tell us where the week goes. Together we pick the one process that hurts the most to start with.",
      },
      {
        title: "Walk a real job end to end",
        body: "We trace a recent job from enquiry to payment over screen share, looking at the actual emails, forms and software, with input from the staff involved.",
      },
      {
        title: "Find and cost the leaks",
        body: "We list every delay, re-key and rework loop, estimate what each costs per week and agree the top three to fix.",
      },
      {
        title: "Fix the top three",
        body: "We redesign the steps, write the checklists and agree who owns what. Small changes usually go live the same week.",
      },
      {
        title: "Embed and move on",
        body: "Monthly check-ins track the measures, coach your team leaders and move on to the next process once the first one holds.",
      },
    ],
    engagement: "Most clients need six to eight sessions to fix their first two or three processes, then check in monthly.",
    results: [
      { figure: "15 hrs", label: "saved per week, on average across our clients" },
      { figure: "Same day", label: "invoicing when the job is done, not in an end-of-month batch" },
      { figure: "1 place", label: "where every procedure lives, so new starters are productive in days" },
    ],
    example: {
      title: "A typical engagement",
      body: "A physiotherapy practice with three clinics had reception teams booking, rebooking and chasing payments three different ways. We mapped the patient journey, agreed one way of working and wrote a two-page front-desk checklist. Rebooking rates went up, gaps in the diary shrank and the practice manager stopped covering shifts to fix errors.",
    },
    spotlight: {
      heading: "Where the hours usually go",
      intro: "These are the leaks we find most often. Most businesses have at least three of them.",
      items: [
        "Re-typing the same details into quotes, job sheets and invoices",
        "Small decisions waiting in a queue for the owner's approval",
        "Chasing missing information: job details, photos, signatures, purchase orders",
        "Rework from unclear briefs or a step someone forgot",
        "Invoicing and payment chasing left to the end of the month",
        "New staff learning by shadowing, because nothing is written down",
      ],
    },
    faq: [
      {
        question: "Will we need to buy new software?",
        answer:
          "Usually not. Most improvements come from changing how you use what you already have. If a tool genuinely is the problem, our Digital Systems service picks up from there.",
      },
      {
        question: "Will my staff see this as a cost-cutting exercise?",
        answer:
          "Not if it's done well. We involve the people who do the work from the start, and the focus is on removing frustration — the re-typing, the chasing, the rework. Staff are usually the most relieved people in the room.",
      },
      {
        question: "How much of my time will it take?",
        answer:
          "Plan on one to two hours a week: the session itself plus a few small actions. Your team leaders will also spend time documenting their part of the process.",
      },
      {
        question: "Is this Lean or Six Sigma?",
        answer:
          "We borrow the useful parts — process mapping, asking 'why' until you reach the root cause, standard work — without the belts, certificates or jargon.",
      },
      {
        question: "How can you improve operations without visiting?",
        answer:
          "Most of the work in a modern small business happens in email, software and phones, and we see all of that over screen share. For physical workflows, short phone videos of the workshop, warehouse or front desk work surprisingly well.",
      },
    ],
    related: ["digital-systems", "strategic-planning", "clarityai"],
  },

  "digital-systems": {
    ...SERVICE_SUMMARIES["digital-systems"],
    slug: "digital-systems",
    eyebrow: "Digital systems coaching",
    headline: "Enter it once, trust it everywhere: digital systems that work together",
    metaTitle: "Digital Systems for Small Business: Xero, MYOB, CRM & Job Management",
    metaDescription:
      "Choose and connect Xero or MYOB, CRM and job management tools so data is entered once. Virtual digital systems coaching for Australian small businesses.",
    lead: "We help you choose, connect and tidy up your cloud tools — Xero or MYOB, a CRM, job management, rostering — so information flows from enquiry to invoice without re-keying, and everyone works from a single source of truth.",
    introHeading: "Too many tools, not enough system",
    intro: [
      "Most small businesses we meet had the right instinct — move to the cloud — and ended up with the wrong result: six subscriptions, customer details in three places, and a spreadsheet that 'ties it all together' that only one person understands. Simple questions take an afternoon to answer. How much are we owed? Which jobs are overdue? What was our margin on that job?",
      "We start from how your business works, not from a software brochure. Together we decide which system is the single source of truth for customers, jobs, stock and money, connect everything else to it, and make sure your team knows how to use it properly.",
    ],
    whoFor: [
      "Businesses still running on spreadsheets, paper job sheets or an old desktop accounting file",
      "Trades and field-service businesses that want quoting, scheduling and job cards linked to Xero or MYOB",
      "Professional services firms that need a proper CRM and time-and-billing",
      "Retailers and online stores juggling Shopify, point of sale and stock counts",
      "Owners paying for software that nobody in the team actually uses",
    ],
    outcomes: [
      {
        title: "A single source of truth",
        body: "A clear decision about which system owns customers, jobs, products and money — with every other tool reading from it, not keeping its own copy.",
      },
      {
        title: "Accounting set up properly",
        body: "Xero or MYOB with a sensible chart of accounts, bank feeds, correct GST codes and tracking categories, so BAS preparation takes hours, not days.",
      },
      {
        title: "A CRM your team keeps up to date",
        body: "Enquiries, quotes and follow-ups in one place, with a pipeline view of the work coming in and reminders so no quote goes cold.",
      },
      {
        title: "Job management for trades",
        body: "Quotes, scheduling, job cards, photos, timesheets and customer sign-off captured on a phone on site, flowing straight through to invoicing.",
      },
      {
        title: "Integrations instead of re-keying",
        body: "Built-in integrations first, then automation tools for the gaps: a web enquiry becomes a CRM lead, a quote, a job and an invoice without anyone typing it twice.",
      },
      {
        title: "Payroll and compliance in order",
        body: "Single Touch Payroll, super and leave set up correctly, award classifications recorded and rosters linked to timesheets.",
      },
    ],
    steps: [
      {
        title: "Free 20-minute discovery call",
        body: "Tell us what you use today and where it hurts. We'll tell you whether it's a systems problem or a process problem — often it's a bit of both.",
      },
      {
        title: "Systems audit",
        body: "We list every tool, spreadsheet and login, who uses it and what it costs, then trace how one typical job's information moves between them.",
      },
      {
        title: "Design the target setup",
        body: "You get a one-page systems map: what stays, what goes and what connects to what, with the monthly subscription total and a realistic timeline. Nothing changes until you approve it.",
      },
      {
        title: "Migrate and connect",
        body: "We plan and oversee the set-up and data migration alongside your bookkeeper or accountant and the software providers' own onboarding teams, timed around quiet periods and BAS deadlines.",
      },
      {
        title: "Train and hand over",
        body: "Short recorded training sessions and one-page how-tos for each role, then a check-in after 30 days to fix whatever isn't sticking.",
      },
    ],
    engagement: "A typical systems project runs over six to twelve weeks, depending on how many tools are involved and how much history needs to move.",
    results: [
      { figure: "Once", label: "each piece of information is entered, then available everywhere it's needed" },
      { figure: "Hours", label: "to prepare month-end and BAS, rather than days" },
      { figure: "Live", label: "view of debtors, jobs in progress and cash, from your phone" },
    ],
    example: {
      title: "A typical engagement",
      body: "A plumbing business with eight vans ran on paper job sheets, a whiteboard and a desktop accounting file. We moved them to a cloud job management app connected to their accounting software. Plumbers now capture photos, time and the customer's signature on site, invoices go out the day the job finishes, and the office no longer spends Friday re-typing job sheets.",
    },
    spotlight: {
      heading: "Tools we commonly work with",
      intro:
        "We'll recommend whatever fits your business best, including keeping what you already have. These are the tools Australian small businesses use most often:",
      items: [
        "Accounting: Xero, MYOB Business and QuickBooks Online",
        "Job and field service management: ServiceM8, Tradify, simPRO, Fergus and AroFlo",
        "CRM and sales pipelines: HubSpot, Pipedrive and Zoho CRM",
        "Rostering, payroll and HR: Deputy, Employment Hero and Tanda",
        "Online store and point of sale: Shopify, Square and Lightspeed",
        "Documents and automation: Microsoft 365, Google Workspace, Zapier and Make",
      ],
    },
    faq: [
      {
        question: "Xero or MYOB — which is better for us?",
        answer:
          "Both are solid choices for Australian small businesses and both handle GST, BAS and Single Touch Payroll. The right one depends on your industry add-ons, how complex your payroll is, what your job management or online store connects to and what your accountant prefers. We compare them against your real needs, not a feature list.",
      },
      {
        question: "Do you set up the software for us?",
        answer:
          "We design the setup and project-manage it. The hands-on configuration is done by whoever is most cost-effective: your own team with our guidance, your bookkeeper, the vendor's onboarding team or a certified partner. We make sure it ends up matching the agreed design.",
      },
      {
        question: "Will we lose our history when we switch?",
        answer:
          "Not if it's planned. Usually we bring across opening balances, open invoices and bills, and a year or two of history, and keep read-only access to the old system. Remember the ATO expects most business records to be kept for five years.",
      },
      {
        question: "Won't more software mean more subscriptions?",
        answer:
          "Often it's the opposite. Most audits uncover tools that overlap or that nobody uses, and consolidating them can offset the cost of the new setup. Your systems map shows the monthly total before you commit.",
      },
      {
        question: "What if my team resists the change?",
        answer:
          "Involve them early, start with the tool that removes the most frustration, and train by role rather than by feature. We plan the rollout so nobody is learning three new systems in the same week.",
      },
    ],
    related: ["operational-improvement", "software-solutions", "clarityai"],
  },

  "software-solutions": {
    ...SERVICE_SUMMARIES["software-solutions"],
    slug: "software-solutions",
    eyebrow: "Custom software solutions",
    headline: "Custom software, scoped by people who'll tell you when not to build",
    metaTitle: "Custom Software Solutions for Small Business",
    metaDescription:
      "Scope custom software before you spend: fixed-price discovery, honest build-versus-buy advice and independent oversight of developers for Australian businesses.",
    lead: "When off-the-shelf tools genuinely don't fit, we help you scope, cost and oversee custom software — starting with a fixed-price discovery, so you know exactly what you're buying before a line of code is written.",
    introHeading: "The best software projects start with a good scope",
    intro: [
      "Custom software can be what sets your business apart: a customer portal your competitors don't have, a quoting tool that prices complex jobs in minutes, or an integration that finally joins two systems. It can also be the most expensive mistake a small business makes — a budget that doubles, a developer who disappears and an app nobody uses.",
      "We sit on your side of the table. We turn your idea into a clear, costed scope, help you decide whether to build at all, help you find and brief the right developers, and keep the project honest until it's live and paying its way.",
    ],
    whoFor: [
      "Businesses whose core process doesn't fit any off-the-shelf product, after a genuine look",
      "Owners with an idea for a portal, app or platform who need it scoped before talking to developers",
      "Businesses holding developer quotes that differ by a factor of five, with no way to compare them",
      "Companies relying on an ageing custom system or a 'spreadsheet app' only one person understands",
      "Owners whose current software project is over budget, running late or stalled",
    ],
    outcomes: [
      {
        title: "A fixed-price discovery",
        body: "A short engagement, priced and agreed in writing before it starts, that produces a written scope: the problem, the users, the must-have features, what's out of scope, and cost and timeline ranges.",
      },
      {
        title: "An honest build-versus-buy decision",
        body: "We compare a custom build against configuring existing products and recommend the cheapest option that actually solves the problem.",
      },
      {
        title: "A business case in dollars",
        body: "Hours saved, revenue enabled and errors avoided, set against build and running costs, so you can see the payback period before you commit.",
      },
      {
        title: "The right developer, on the right terms",
        body: "Help to brief and compare developers, and a checklist of points for your contract and your lawyer: who owns the code, access to the source, hosting accounts and ongoing support.",
      },
      {
        title: "Delivery in small, testable stages",
        body: "A first usable version in weeks rather than months, then improvements based on how your team and customers actually use it.",
      },
      {
        title: "Independent oversight",
        body: "Regular plain-English check-ins on progress, budget and quality, so you're never relying only on the developer's own reports.",
      },
    ],
    steps: [
      {
        title: "Free 20-minute discovery call",
        body: "Describe the problem or idea. If an existing product might already do the job, we'll say so on the call.",
      },
      {
        title: "Fixed-price discovery",
        body: "Two to four weeks of workshops with you and the people who'll use the software to define the problem, map the workflow and list the must-haves. The price is quoted and agreed before we start.",
      },
      {
        title: "Scope and decision",
        body: "You receive a written scope, sketches of the key screens, cost and timeline ranges and our build-versus-buy recommendation. You're under no obligation to build — the scope is yours to take to any developer.",
      },
      {
        title: "Build in stages",
        body: "If you go ahead, we help select the developer and oversee delivery in two-week cycles, with a demonstration of working software at the end of each.",
      },
      {
        title: "Launch and look after it",
        body: "Training, a go-live plan and a support arrangement, so the software keeps working when staff, suppliers or tax rules change.",
      },
    ],
    engagement: "Discovery is a fixed price, agreed up front. Build oversight is charged at our normal session rates for as long as you need it.",
    results: [
      { figure: "Fixed", label: "price for discovery, agreed in writing before we start" },
      { figure: "No lock-in", label: "the scope is yours to take to any developer" },
      { figure: "Weeks", label: "to a first usable version when software is built in stages" },
    ],
    example: {
      title: "A typical engagement",
      body: "A Perth freight broker came to us with a six-figure quote for a custom platform. Discovery showed most of the need could be met by an off-the-shelf transport management system, plus one small custom integration with their accounting software. They built only the integration, for a fraction of the original budget, and were live in six weeks.",
    },
    spotlight: {
      heading: "When not to build",
      intro:
        "Custom software is a long-term commitment: plan on ongoing hosting, security updates and changes costing around 15–20% of the build price every year. We'll recommend against building when:",
      items: [
        "An existing product covers most of the need and your process can bend to fit the rest",
        "The process isn't settled yet — you're still working out how it should run by hand",
        "Nobody in the business can own the software, its budget and its future improvements",
        "The business case rests on 'it would be nice' rather than hours saved or revenue earned",
        "A spreadsheet, form builder or automation tool could do the job for a year while you learn",
      ],
    },
    faq: [
      {
        question: "How much does custom software cost?",
        answer:
          "It varies enormously. A small integration or internal tool might cost in the tens of thousands of dollars; a customer-facing platform can cost many times that, plus running costs every year. Discovery gives you a realistic range for your project before you commit to anything.",
      },
      {
        question: "Do you write the code?",
        answer:
          "No — we're business coaches and project advisers, not a development shop. We help you choose and manage developers, which keeps our advice independent of who builds it.",
      },
      {
        question: "Who owns the code?",
        answer:
          "You should. We make sure your contract covers ownership of the code and intellectual property, access to the source code repository and admin access to hosting and other accounts. Have your lawyer review the final contract.",
      },
      {
        question: "Can you rescue a project that has gone off track?",
        answer:
          "Often, yes. We start with a short project review: what has been built, what it's worth, what's left to do and whether to continue, change developers or stop. Sometimes the best result is a smaller, finished product.",
      },
      {
        question: "Is there government funding for building software?",
        answer:
          "Some genuinely experimental software development may qualify for the R&D Tax Incentive, but most business software doesn't. We'll flag it if your project might; confirm eligibility with your accountant or a registered R&D tax adviser.",
      },
    ],
    related: ["digital-systems", "operational-improvement", "strategic-planning"],
  },
};

// The ClarityAI page's content lives in clarityai.ts (its plans in clarityai-plans.ts).
export { CLARITYAI, clarityAiFaq, type ClarityAiContent } from "./clarityai";
