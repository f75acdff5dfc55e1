// Seed case studies.
// Client names are withheld at their request; the details below are shared with their permission.
// Businesses are described by type, size and region only, and quotes are attributed by first name and role.
import type { CaseStudySeed } from "./types";

export const CASE_STUDIES: CaseStudySeed[] = [
  {
    slug: "plumbing-business-same-day-quotes",
    industry: "trades",
    title: "From four-day quotes to same-day quotes for a growing plumbing business",
    description: "A Newcastle plumbing and gas business cut quote turnaround to same day, halved its debtor days and gave the owner his evenings back.",
    client: "Family-owned plumbing and gas business, 9 staff",
    location: "Newcastle, NSW",
    challenge: `The business had grown from the owner and one apprentice to nine staff in five years, mostly on word of mouth. The systems hadn't grown with it. Every quote was written by the owner at night, after a full day on the tools, and took four days on average to reach the customer. Builders and property managers were going elsewhere.

Invoicing happened in a batch on Friday afternoons from paper job sheets, so some jobs were invoiced two weeks after the work was done, and a few were never invoiced at all. Debtor days sat at 52, and the owner was regularly transferring money from his home loan redraw to cover wages.

- Owner working around 68 hours a week
- No clear picture of which types of job made money
- Two qualified plumbers ready for more responsibility, but no structure to give it to them`,
    approach: `We started with a free discovery call, then eight virtual sessions over four months, with ClarityAI in between for the owner's late-night questions.

1. **Mapped the job from enquiry to payment.** Using a screen share and photos of the job sheets, we traced three recent jobs and found 11 points where information was written down or typed in twice.
2. **Standard prices for common work.** Hot water replacements, blocked drains and tap and toilet repairs got fixed-price templates, so the senior plumbers could quote them on site from a phone.
3. **Job management software connected to Xero.** Job cards, photos and sign-off on site, with the invoice raised from the job card on the day of completion.
4. **Clear decision rights.** The two senior plumbers could quote up to $5,000 using the templates. Larger and commercial jobs stayed with the owner.
5. **A weekly 20-minute numbers check** on cash, jobs invoiced and overdue accounts, with a 13-week cash-flow forecast built around BAS and super dates.`,
    results: [
      { metric: "Quote turnaround", value: "4 days → same day for standard jobs" },
      { metric: "Debtor days", value: "52 → 24" },
      { metric: "Owner hours per week", value: "68 → 48" },
      { metric: "Gross margin", value: "31% → 38%" },
    ],
    quote: {
      text: "I used to do quotes at the kitchen table at 10 o'clock at night. Now the boys quote the standard jobs on site and the money's in before the end of the month. I didn't need to work harder, I needed to stop being the bottleneck.",
      attribution: "Jason, owner and licensed plumber",
    },
    publishedAt: "2026-03-17T22:40:00.000Z",
    updatedAt: "2026-03-19T01:05:00.000Z",
    image: "trades",
  },

  {
    slug: "landscape-construction-job-costing",
    industry: "trades",
    title: "Job costing that stopped a landscape construction company losing money on its biggest jobs",
    description: "A Perth landscape construction company was busy but barely profitable. Job costing and signed variations lifted gross margin by nine points.",
    client: "Residential landscape construction company, 22 staff",
    location: "Perth, WA",
    challenge: `Revenue had passed $3.5 million, but net profit was under 3%. The owners, a husband-and-wife team, knew some jobs were losing money but not which ones, because actual hours and materials were never compared with the quote.

- Around four in ten jobs finished over budget, usually without anyone noticing until the job was closed
- Variations agreed verbally on site were rarely written up or invoiced
- Cash reserves covered about two weeks of overheads, so every slow-paying client was a worry
- Quoting was based on square-metre rates the owners had used for years`,
    approach: `Over six months of fortnightly virtual sessions, our coach worked with both owners and their two site supervisors.

**Weeks 1–4: find the leaks.** We pulled actual hours and material costs for the last 30 completed jobs from timesheets and supplier invoices and compared them with the quotes. Retaining walls and paving were reliably profitable. Large softscape and irrigation packages lost money more often than not.

**Weeks 5–12: fix quoting and variations.**

- Quoting rebuilt from real labour rates, including super, workers' compensation and realistic productive hours, plus a proper overhead allocation
- A simple variation form in the job management app: described, priced and signed by the client on a phone before work starts
- Progress claims at agreed stages instead of 50% up front and 50% on completion

**Weeks 13–26: keep it fixed.** A weekly job review of hours used against hours quoted for every open job, a monthly profit review by job type, and a cash reserve target built into the 13-week forecast.`,
    results: [
      { metric: "Jobs finishing over budget", value: "About 40% → 12%" },
      { metric: "Gross margin", value: "24% → 33%" },
      { metric: "Variations signed before work starts", value: "Rarely → every variation" },
      { metric: "Cash reserve", value: "2 weeks → 8 weeks of overheads" },
    ],
    quote: {
      text: "We thought we had a sales problem. We actually had a quoting problem. Once we could see every job's numbers each week, the fixes were obvious.",
      attribution: "Nicole, co-owner and operations director",
    },
    publishedAt: "2026-04-14T23:20:00.000Z",
    updatedAt: "2026-04-21T02:35:00.000Z",
    image: "trades",
  },

  {
    slug: "cafe-bakery-rostering-and-wage-costs",
    industry: "hospitality",
    title: "A two-site café and bakery brings wage costs under control without cutting service",
    description: "A Geelong café and bakery with two sites cut wage costs from 38% to 31% of sales by rostering to demand and simplifying the menu.",
    client: "Independent café and bakery, 2 sites, 26 staff (mostly casual)",
    location: "Geelong, VIC",
    challenge: `Opening a second site should have doubled the profit. Instead, it nearly halved it. The owner was rostering both sites from memory on Sunday nights, and wage costs had climbed to 38% of sales.

- Rosters built on habit rather than sales by hour, so quiet weekday afternoons were overstaffed and Saturday mornings were short
- Award penalty rates and casual loadings weren't factored into rostering decisions
- A 40-item menu meant high food waste and long ticket times at the second site
- The owner was working about 70 hours a week across both sites`,
    approach: `Six virtual sessions over three months, with the owner and both site managers.

- **Sales by hour.** We exported three months of point-of-sale data and charted sales by hour and day for each site. The pattern was clear: a sharp breakfast peak, a smaller lunch peak and very little after 2 pm on weekdays.
- **Rostering to demand.** New template rosters for each site matched staff to sales by hour, with award costs visible, using the rostering software the business already paid for but barely used.
- **Menu engineering.** Each menu item was ranked by popularity and gross profit. The menu went from 40 items to 26, removing slow sellers that needed their own ingredients.
- **Managers own their site.** Each site manager took over their roster within an agreed wage budget, with a weekly check on wages as a percentage of sales.
- **Owner time.** The owner moved to a weekly rhythm: one numbers meeting with both managers and two set days at each site.`,
    results: [
      { metric: "Wage costs as a share of sales", value: "38% → 31%" },
      { metric: "Food cost", value: "34% → 29% of food sales" },
      { metric: "Time spent on rosters", value: "6 hours → 1.5 hours a week" },
      { metric: "Owner hours per week", value: "70 → 50" },
    ],
    quote: {
      text: "I was rostering on gut feel and wondering why we were flat out but broke. Seeing sales by the hour changed everything, and my managers actually enjoy owning the roster.",
      attribution: "Hannah, owner",
    },
    publishedAt: "2026-05-26T22:10:00.000Z",
    updatedAt: "2026-06-09T04:15:00.000Z",
    image: "hospitality",
  },

  {
    slug: "regional-pub-winter-cash-flow",
    industry: "hospitality",
    title: "A regional pub plans its way through the winter cash squeeze",
    description: "A Toowoomba pub with a bistro and accommodation ended its winter overdraft habit with a 13-week forecast and a BAS savings account.",
    client: "Family-run regional pub with bistro and accommodation, 31 staff",
    location: "Toowoomba, QLD",
    challenge: `The pub traded strongly from spring through to autumn, then winter trade dropped by around a quarter. Every year the business leaned on its overdraft from June to August, and every year the quarterly BAS came as a shock.

- GST and PAYG withholding collected in busy months had been spent by the time the BAS was due
- Quarterly super payments, on top of the BAS, landed in the same week
- No forecast beyond the current bank balance
- Accommodation bookings were taken by phone and email, with no view of occupancy more than a few weeks ahead`,
    approach: `Our coach worked with the publican and the bookkeeper over eight virtual sessions.

1. **A 13-week cash-flow forecast,** updated every Monday, with BAS, super, insurance and liquor licence fees set out by due date.
2. **A separate tax account.** A set percentage of each week's takings moved automatically into a separate account for GST, PAYG withholding and super, so BAS and super payments came from money already set aside.
3. **A winter plan written in March.** Reduced bistro hours on the two quietest nights, a trivia night and a midweek locals' special to lift trade, and staff leave encouraged in the quiet months.
4. **Accommodation moved online** with a booking system linked to the accounting software, giving a clear view of occupancy and deposits weeks in advance.
5. **Payday super readiness.** With super moving to payday from 1 July 2026, the payroll was updated and the forecast adjusted well before July.`,
    results: [
      { metric: "Weeks in overdraft over winter", value: "11 → 0" },
      { metric: "BAS and super paid from the tax account", value: "Every quarter, on time" },
      { metric: "Winter bistro revenue", value: "Up 14% on the previous year" },
      { metric: "Accommodation occupancy, June to August", value: "48% → 61%" },
    ],
    quote: {
      text: "For the first time in nine years I didn't dread July. The money for the BAS was just sitting there.",
      attribution: "Greg, licensee",
    },
    publishedAt: "2026-06-23T23:50:00.000Z",
    updatedAt: "2026-07-07T00:25:00.000Z",
    image: "hospitality",
  },

  {
    slug: "marketing-agency-scope-creep-and-retainers",
    industry: "professional-services",
    title: "A marketing agency tames scope creep and builds reliable retainer income",
    description: "A Melbourne marketing agency lifted staff utilisation, cut scope-creep write-offs and grew retainers from 20% to 55% of revenue.",
    client: "Independent digital marketing agency, 11 staff",
    location: "Melbourne, VIC",
    challenge: `The agency had a strong reputation and a full pipeline, but profit swung wildly from month to month. Most work was priced project by project, and clients regularly asked for "one more round" of changes that nobody charged for.

- Around $8,400 a month of agreed work was being written off because it fell outside the original scope
- Billable utilisation was 58%, with a lot of time lost to internal meetings and rework
- Only 20% of revenue came from monthly retainers
- Customers took 61 days on average to pay`,
    approach: `Ten virtual sessions over five months with the two founding directors, plus a short workshop with the team leads.

- **Proposals with clear edges.** Every proposal now lists what is included, the number of revision rounds, and the hourly rate for anything extra. Change requests are priced and approved in writing before the work starts.
- **Time tracking that gets used.** We reduced the number of time categories from 34 to 9 so the team actually filled in their timesheets, and reviewed utilisation by person every fortnight.
- **Retainer packages.** Three monthly packages for search, social and content, with defined deliverables and a quarterly review of results with each client.
- **Faster payment.** Invoices issued on the first business day of the month for retainers, 14-day terms for new clients, and automatic reminders from the accounting software.
- **Fewer meetings.** A 15-minute daily stand-up replaced three longer weekly meetings.`,
    results: [
      { metric: "Billable utilisation", value: "58% → 74%" },
      { metric: "Scope-creep write-offs", value: "$8,400 → $1,900 a month" },
      { metric: "Retainer share of revenue", value: "20% → 55%" },
      { metric: "Debtor days", value: "61 → 33" },
    ],
    quote: {
      text: "We were too polite to say 'that's extra'. Now it's written into every proposal and clients actually respect it more.",
      attribution: "Alex, co-founder and managing director",
    },
    publishedAt: "2026-08-04T22:55:00.000Z",
    updatedAt: "2026-08-18T03:45:00.000Z",
    image: "professional-services",
  },

  {
    slug: "allied-health-practice-rebooking-and-utilisation",
    industry: "health",
    title: "An allied health practice fills its diary and frees up its practice manager",
    description: "A Canberra physiotherapy and podiatry practice halved no-shows, lifted rebooking rates and cut its practice manager's overtime.",
    client: "Physiotherapy and podiatry practice, 2 clinics, 12 clinicians",
    location: "Canberra, ACT",
    challenge: `The practice had plenty of new patients but struggled to keep diaries full. Patients often left without booking their next appointment, no-shows were common, and the practice manager spent evenings fixing booking errors and chasing unpaid invoices.

- A no-show and late-cancellation rate of about 9%
- Only 62% of patients who needed a follow-up booked it before leaving
- Clinician utilisation of 68%, with gaps scattered across the week
- Each clinic's reception team worked differently, so errors multiplied when staff covered the other site`,
    approach: `Seven virtual sessions over three months with the principal physiotherapist and the practice manager. No patient information was shared with our coach: we worked from de-identified reports from the practice management software.

- **One front-desk process.** We mapped the patient journey at both clinics and agreed one way of working, captured in a two-page front-desk checklist.
- **Rebooking at the end of each consult.** Clinicians recommend the next appointment in the room, and reception books it before payment.
- **Reminders and a clear cancellation policy.** SMS reminders two days before each appointment, and a cancellation policy explained at the first visit.
- **A waitlist** to fill late cancellations, managed from the practice software.
- **A weekly dashboard** showing utilisation, rebooking rate and no-shows by clinician, discussed in a 20-minute team meeting.`,
    results: [
      { metric: "No-show and late-cancellation rate", value: "9% → 4%" },
      { metric: "Rebooking rate", value: "62% → 81%" },
      { metric: "Clinician utilisation", value: "68% → 82%" },
      { metric: "Practice manager overtime", value: "10 hours → 2 hours a week" },
    ],
    quote: {
      text: "Nothing we changed was complicated. Having someone outside the practice help us agree on one way of doing things made all the difference.",
      attribution: "Mei, principal physiotherapist",
    },
    publishedAt: "2026-09-22T23:35:00.000Z",
    updatedAt: "2026-10-01T01:55:00.000Z",
    image: "health",
  },

  {
    slug: "online-homewares-store-stock-and-cash",
    industry: "retail",
    title: "An online homewares retailer frees up cash tied up in slow-moving stock",
    description: "A Brisbane homewares retailer released $145,000 of cash from slow stock and lifted gross margin by reordering on real sales data.",
    client: "Online homewares store with a showroom, 7 staff",
    location: "Brisbane, QLD",
    challenge: `Sales were growing through the online store and a small showroom, but the bank balance wasn't. The owner reordered stock by walking the warehouse and going on instinct, and much of the cash was sitting on shelves.

- $410,000 of stock on hand, about a third of it slow-moving
- Best sellers regularly out of stock during sale periods, while other lines sat for a year
- Stock counts in the online store and the showroom point-of-sale system often disagreed
- Discounting to clear old stock was eating into gross margin`,
    approach: `Eight virtual sessions over four months with the owner and the warehouse lead.

1. **One stock system.** Online store, showroom point of sale and accounting software connected, so a sale anywhere updated stock everywhere.
2. **Stock ranked by sales and margin.** Every product sorted into A (fast-moving, high margin), B and C lines, with reorder points and quantities set for A and B lines based on 12 months of sales.
3. **A plan for the slow stock.** C lines cleared through bundles and a single planned sale rather than constant discounting, and discontinued lines not reordered.
4. **Buying to a budget.** A monthly open-to-buy budget tied to the 13-week cash-flow forecast, including GST on imports and supplier deposits.
5. **Monthly stock review** of stock turn, aged stock and margin by category.`,
    results: [
      { metric: "Stock on hand", value: "$410,000 → $265,000" },
      { metric: "Best-seller stock-outs", value: "Most sale periods → rare" },
      { metric: "Gross margin", value: "44% → 49%" },
      { metric: "Stock turn", value: "2.1 → 3.4 times a year" },
    ],
    quote: {
      text: "I finally understood that stock is just cash sitting on a shelf. We carry less, sell more and I don't panic about supplier deposits any more.",
      attribution: "Rachel, founder",
    },
    publishedAt: "2026-10-27T22:05:00.000Z",
    updatedAt: "2026-11-03T00:40:00.000Z",
    image: "retail",
  },
];
